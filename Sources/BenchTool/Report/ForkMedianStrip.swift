import Harness

/// One measurement of one shape drawn on a strip: each fork's median as a point, the median (of the
/// forks' medians from results schema 5, of the pooled samples before) as a
/// tick and its interval as a bar, so a reader sees at once how far the processes disagree and whether
/// the interval the verdicts rest on covers that.
///
/// The strips of one measurement share a `ChartScale`, so the shapes beside each other read as a
/// comparison; `axis(_:)` draws that scale's labels once above them.
struct ForkMedianStrip {
    /// The measurement drawn.
    let record: MeasurementRecord

    /// The strip's size in pixels; the scale's pixels run inside it.
    static let width = 360.0
    static let height = 22.0
    /// The margin either side of the scale, so a point on its edge is drawn whole.
    static let inset = 8.0

    /// Each fork's median, in fork order: one for a measurement taken in the run's own process.
    var forkMedians: [Double] { record.sampleGroups.map(Statistics.median) }

    /// Every figure the strip draws: what its scale must show.
    var figures: [Double] {
        forkMedians + [record.summary.median, record.summary.medianInterval.lower, record.summary.medianInterval.upper]
    }

    /// A scale showing every figure of `strips`, across the strip's width.
    static func scale(for strips: [ForkMedianStrip]) -> ChartScale {
        ChartScale(showing: strips.flatMap(\.figures), pixels: (inset, width - inset))
    }

    /// The strip's SVG: interval bar, then fork medians as points (in fork order), then the median tick
    /// on top.
    func svg(_ scale: ChartScale) -> String {
        let summary = record.summary
        let middle = Self.height / 2
        let strategy = "s-" + HTML.className(record.strategy.rawValue)
        let lower = scale.position(summary.medianInterval.lower)
        let upper = scale.position(summary.medianInterval.upper)
        let medians = forkMedians
        // From results schema 5 a forked record's median is the median of its forks' medians; an older
        // file's is the median of all its samples pooled, and says so.
        let byForks = summary.medianInterval.method == ForkMedians.method
        let what = byForks ? "median of the forks' medians" : "pooled median"
        var parts = [
            SVG.line(x1: Self.inset, y1: middle, x2: Self.width - Self.inset, y2: middle, className: "rule"),
            SVG.rect(
                x: lower, y: middle - 4, width: upper - lower, height: 8, className: "interval \(strategy)",
                title: "\(what)'s \(FigureText.percent(summary.medianInterval.level)) interval: "
                    + FigureText.duration(summary.median, interval: summary.medianInterval)),
        ]
        for (index, median) in medians.enumerated() {
            parts.append(SVG.circle(
                x: scale.position(median), y: middle, radius: 3.5, className: "fork \(strategy)",
                title: medians.count == 1 ? "one process: median \(FigureText.duration(median))"
                    : "fork \(index + 1) of \(medians.count): median \(FigureText.duration(median))"))
        }
        let x = scale.position(summary.median)
        parts.append(SVG.line(
            x1: x, y1: middle - 8, x2: x, y2: middle + 8, className: "median",
            title: "\(what) \(FigureText.duration(summary.median)) of \(summary.count) samples"))
        let label = "\(record.name) [\(record.strategy.rawValue)]: \(medians.count) fork median\(medians.count == 1 ? "" : "s"), "
            + "\(what) \(FigureText.duration(summary.median, interval: summary.medianInterval))"
        return SVG.document(width: Self.width, height: Self.height, label: label, parts.joined())
    }

    /// The labels of `scale` along the top of a column of strips.
    static func axis(_ scale: ChartScale) -> String {
        let ticks = scale.ticks(most: 5)
        let parts = ticks.map { tick in
            let x = scale.position(tick)
            return SVG.line(x1: x, y1: 14, x2: x, y2: 20, className: "tick")
                + SVG.text(FigureText.duration(tick), x: x, y: 11, anchor: "middle")
        }
        let kind = scale.kind == .logarithmic ? "logarithmic" : "linear"
        return SVG.document(width: width, height: 20, label: "\(kind) axis, nanoseconds per operation", parts.joined())
    }
}
