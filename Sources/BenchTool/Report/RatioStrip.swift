/// One measurement of a comparison drawn on a strip: NEW over OLD with its interval, against the band
/// the rule calls the same where the interval lies within it, coloured by the verdict.
///
/// It draws the figure the verdict rests on: the ratio of the forks' medians on the judged clock with its interval
/// against ±`threshold`, or, where instruction counts decided, their ratio (exact, so no interval)
/// against ±`instructionsThreshold`. All strips of a page share one logarithmic `ChartScale`, so equal
/// changes look equal in both directions; a figure beyond `clip` is drawn at the edge.
struct RatioStrip {
    /// The measurement compared.
    let item: MeasurementComparison
    /// The rule the comparison was judged by.
    let rule: ComparisonRule

    static let width = 300.0
    static let height = 22.0
    static let inset = 8.0
    /// The farthest ratio either way a page's scale shows: a fourfold change is plain at the edge.
    static let clip = 4.0

    /// The ratio drawn and its interval, or nil without a ratio.
    var figure: (ratio: Double, interval: (lower: Double, upper: Double)?)? {
        if item.basis == .instructions, let ratio = item.instructionsRatio { return (ratio, nil) }
        guard let ratio = item.ratio else { return nil }
        return (ratio, item.ratioInterval.map { ($0.lower, $0.upper) })
    }

    /// The no-change band's half-width: the threshold of the figure drawn.
    var threshold: Double { item.basis == .instructions ? rule.instructionsThreshold : rule.threshold }

    /// A scale showing every strip's figure and band, held within `1/clip ... clip`.
    static func scale(for strips: [RatioStrip]) -> ChartScale {
        let values = strips.flatMap { strip -> [Double] in
            var values = [1 - strip.threshold, 1 + strip.threshold]
            if let figure = strip.figure {
                values.append(figure.ratio)
                if let interval = figure.interval { values += [interval.lower, interval.upper] }
            }
            return values
        }
        return ChartScale(showing: values.map { min(max($0, 1 / clip), clip) }, pixels: (inset, width - inset))
    }

    /// The strip's SVG: the band, the line at 1, then the interval and the ratio in the verdict's colour.
    func svg(_ scale: ChartScale) -> String {
        let middle = Self.height / 2
        let verdict = "v-" + HTML.className(item.verdict.rawValue)
        let bandLow = scale.clampedPosition(1 - threshold)
        let bandHigh = scale.clampedPosition(1 + threshold)
        let basis = item.basis == .instructions ? "instructions" : "wall time"
        var parts = [
            SVG.rect(
                x: bandLow, y: 2, width: bandHigh - bandLow, height: Self.height - 4, className: "band",
                title: "no change by \(basis): within ±\(FigureText.compactPercent(threshold))"),
            SVG.line(x1: scale.position(1), y1: 1, x2: scale.position(1), y2: Self.height - 1, className: "one"),
        ]
        var label = "\(item.key.label): "
        if let figure {
            if let interval = figure.interval {
                let lower = scale.clampedPosition(interval.lower)
                parts.append(SVG.rect(
                    x: lower, y: middle - 3, width: scale.clampedPosition(interval.upper) - lower, height: 6, className: "interval \(verdict)",
                    title: "\(FigureText.number(rule.confidenceLevel * 100)) % interval: \(ComparisonTables.ratio(figure.ratio, interval: item.ratioInterval))"))
            }
            let clipped = figure.ratio < 1 / Self.clip || figure.ratio > Self.clip
            parts.append(SVG.circle(
                x: scale.clampedPosition(figure.ratio), y: middle, radius: 4, className: "ratio \(verdict)" + (clipped ? " clipped" : ""),
                title: "new/old by \(basis): \(FigureText.ratio(figure.ratio)) (\(item.verdict.rawValue))"))
            label += "new/old \(FigureText.ratio(figure.ratio)) by \(basis), \(item.verdict.rawValue)"
        } else {
            parts.append(SVG.text("no ratio", x: scale.position(1) + 6, y: middle + 4))
            label += "no ratio, \(item.verdict.rawValue)"
        }
        return SVG.document(width: Self.width, height: Self.height, label: label, parts.joined())
    }

    /// The labels of `scale` along the top of the column of strips.
    static func axis(_ scale: ChartScale) -> String {
        let parts = scale.ticks(most: 7).map { tick in
            let x = scale.position(tick)
            return SVG.line(x1: x, y1: 14, x2: x, y2: 20, className: "tick") + SVG.text(FigureText.ratio(tick), x: x, y: 11, anchor: "middle")
        }
        return SVG.document(width: width, height: 20, label: "logarithmic axis, new over old", parts.joined())
    }
}
