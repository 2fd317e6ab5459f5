import Harness

/// How a cost grows: a least-squares line through measured points, with the points.
///
/// For the stored chain's commit cost against retained handles, the slope is nanoseconds per handle;
/// for the derived getter against fixture size, nanoseconds per judged fixture (the fixture's scale).
struct FitRecord: Sendable, Equatable, Codable {
    /// One measured point.
    struct Point: Sendable, Equatable, Codable {
        /// The size, in `xUnit`.
        var x: Double
        /// The cost at that size, in `yUnit` (the median of its measurement).
        var y: Double
        /// The name of the measurement whose median `y` is, under the fit's strategy: where a reader
        /// (the headroom's interval) finds the point's samples.
        var measurement: String
    }

    /// The stable name of the curve, e.g. `commit.cost(retained-handles)`.
    var name: String
    /// The strategy measured.
    var strategy: FigureStrategy
    /// What `x` counts, e.g. `retained handle` or `judged fixture`.
    var xUnit: String
    /// The unit of `y`: `ns`.
    var yUnit: String
    /// The change in `y` per unit of `x`.
    var slope: Double
    /// The value of `y` at `x = 0`.
    var intercept: Double
    /// The share of `y`'s variance the line explains.
    var rSquared: Double
    /// The points fitted, at least two.
    var points: [Point]

    /// A fit as recorded; `init(fitting:name:strategy:xUnit:)` makes one from points.
    init(
        name: String, strategy: FigureStrategy, xUnit: String, yUnit: String, slope: Double, intercept: Double,
        rSquared: Double, points: [Point]
    ) {
        self.name = name
        self.strategy = strategy
        self.xUnit = xUnit
        self.yUnit = yUnit
        self.slope = slope
        self.intercept = intercept
        self.rSquared = rSquared
        self.points = points
    }

    /// Fits a line through measured points with the harness's least squares.
    ///
    /// - Parameters:
    ///   - name: The curve's stable name.
    ///   - strategy: The strategy measured.
    ///   - xUnit: What `x` counts.
    ///   - points: At least two points with at least two distinct `x`; `y` in nanoseconds.
    init(fitting points: [Point], name: String, strategy: FigureStrategy, xUnit: String) {
        let fit = Statistics.linearFit(x: points.map(\.x), y: points.map(\.y))
        self.init(
            name: name, strategy: strategy, xUnit: xUnit, yUnit: MeasurementRecord.nanoseconds, slope: fit.slope,
            intercept: fit.intercept, rSquared: fit.rSquared, points: points)
    }
}

extension ResultsFile {
    /// The measurement a fit's point was drawn through, under the fit's strategy; nil when the file
    /// does not hold it (a merge or a filter can leave a fit without its points' samples).
    func measurement(of point: FitRecord.Point, in fit: FitRecord) -> MeasurementRecord? {
        measurements.record(MeasurementKey(name: point.measurement, strategy: fit.strategy))
    }
}
