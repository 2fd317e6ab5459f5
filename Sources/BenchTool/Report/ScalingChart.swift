import Foundation

/// One scaling curve drawn log-log: each shape's measured points with their intervals, and the line the
/// results file fitted through them.
///
/// The fit is a straight line in N (cost = intercept + slope × N); on log-log axes it bends where the
/// intercept dominates, which is the point of drawing it so: a reader sees over which N the cost is
/// flat and from where it grows. Where the fitted cost is not positive (a negative intercept at small N)
/// or leaves the chart, the line is not drawn.
struct ScalingChart {
    /// The curve's name, shared by its shapes' fits.
    let curve: String
    /// Each shape's fit of the curve, in the results file's order.
    let fits: [FitRecord]
    /// The run the fits are of, where each point's measurement (and so its interval) is found.
    let results: ResultsFile

    static let width = 560.0
    static let height = 260.0
    private static let left = 64.0
    private static let right = 16.0
    private static let top = 28.0
    private static let bottom = 40.0
    /// How many points along N the fitted line is drawn through.
    private static let lineSamples = 48

    /// Every curve of `results`, in the order its fits first appear.
    static func all(in results: ResultsFile) -> [ScalingChart] {
        var names: [String] = []
        for fit in results.fits where !names.contains(fit.name) { names.append(fit.name) }
        return names.map { name in ScalingChart(curve: name, fits: results.fits.filter { $0.name == name }, results: results) }
    }

    /// The chart's SVG, with a legend of its shapes.
    func svg() -> String {
        let points = fits.flatMap(\.points)
        let intervals = fits.flatMap { fit in fit.points.compactMap { results.measurement(of: $0, in: fit)?.summary.medianInterval } }
        let x = ChartScale(showing: points.map(\.x), pixels: (Self.left, Self.width - Self.right))
        let y = ChartScale(
            showing: points.map(\.y) + intervals.flatMap { [$0.lower, $0.upper] },
            pixels: (Self.height - Self.bottom, Self.top))
        var parts = [axes(x, y)]
        for fit in fits {
            let strategy = "s-" + HTML.className(fit.strategy.rawValue)
            parts.append(SVG.polyline(line(fit, x, y), className: "fit \(strategy)"))
            for point in fit.points {
                let px = x.position(point.x)
                if let interval = results.measurement(of: point, in: fit)?.summary.medianInterval {
                    parts.append(SVG.line(
                        x1: px, y1: y.clampedPosition(interval.lower), x2: px, y2: y.clampedPosition(interval.upper),
                        className: "whisker \(strategy)"))
                }
                parts.append(SVG.circle(
                    x: px, y: y.position(point.y), radius: 3.5, className: "point \(strategy)",
                    title: "\(fit.strategy.rawValue), N = \(FigureText.number(point.x)): \(FigureText.duration(point.y))"))
            }
        }
        parts.append(legend())
        let unit = fits.first.map(\.xUnitPlural) ?? "N"
        return SVG.document(
            width: Self.width, height: Self.height, label: "\(curve): cost against \(unit), log-log, with each shape's fitted line",
            attributes: [("data-curve", curve)], parts.joined())
    }

    /// The fitted line of `fit` across the curve's N: the longest run of it that is positive and
    /// inside the chart (a negative intercept takes the line below any log axis at small N).
    private func line(_ fit: FitRecord, _ x: ChartScale, _ y: ChartScale) -> [(x: Double, y: Double)] {
        let xs = fits.flatMap(\.points).map(\.x)
        guard let low = xs.min(), let high = xs.max(), low > 0, high > low else { return [] }
        var longest: [(x: Double, y: Double)] = []
        var run: [(x: Double, y: Double)] = []
        for index in 0...Self.lineSamples {
            let n = low * pow(high / low, Double(index) / Double(Self.lineSamples))
            let cost = fit.intercept + fit.slope * n
            guard cost > 0, y.domain.contains(cost) else {
                run.removeAll()
                continue
            }
            run.append((x.position(n), y.position(cost)))
            if run.count > longest.count { longest = run }
        }
        return longest
    }

    /// The frame, the grid lines at each tick and their labels: durations up the side, N along the bottom.
    private func axes(_ x: ChartScale, _ y: ChartScale) -> String {
        var parts = [SVG.rect(
            x: Self.left, y: Self.top, width: Self.width - Self.left - Self.right, height: Self.height - Self.top - Self.bottom,
            className: "frame")]
        for tick in y.ticks(most: 6) {
            let py = y.position(tick)
            parts.append(SVG.line(x1: Self.left, y1: py, x2: Self.width - Self.right, y2: py, className: "grid"))
            parts.append(SVG.text(FigureText.duration(tick), x: Self.left - 6, y: py + 4, anchor: "end"))
        }
        for tick in x.ticks(most: 8) {
            let px = x.position(tick)
            parts.append(SVG.line(x1: px, y1: Self.top, x2: px, y2: Self.height - Self.bottom, className: "grid"))
            parts.append(SVG.text(FigureText.number(tick), x: px, y: Self.height - Self.bottom + 14, anchor: "middle"))
        }
        let unit = fits.first.map(\.xUnitPlural) ?? "N"
        parts.append(SVG.text("N: \(unit)", x: (Self.left + Self.width - Self.right) / 2, y: Self.height - 6, anchor: "middle"))
        return parts.joined()
    }

    /// A swatch and the name of each shape, in a row above the plot.
    private func legend() -> String {
        fits.enumerated().map { index, fit in
            let x = Self.left + 10 + Double(index) * 104
            let strategy = "s-" + HTML.className(fit.strategy.rawValue)
            return SVG.circle(x: x, y: 12, radius: 4, className: "point \(strategy)")
                + SVG.text(fit.strategy.rawValue, x: x + 8, y: 16)
        }.joined()
    }
}
