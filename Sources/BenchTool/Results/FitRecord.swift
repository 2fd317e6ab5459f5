import Harness

/// How a cost grows: a least-squares line through measured points, with the points.
///
/// For the stored chain's commit cost against retained handles, the slope is nanoseconds per handle;
/// for the derived getter against fixture size, nanoseconds per judged fixture (the fixture's scale).
public struct FitRecord: Sendable, Equatable, Codable {
    /// One measured point.
    public struct Point: Sendable, Equatable, Codable {
        /// The size, in `xUnit`.
        public var x: Double
        /// The cost at that size, in `yUnit` (the median of its measurement).
        public var y: Double
        /// The name of the measurement whose median `y` is, under the fit's strategy: where a reader
        /// (the headroom's interval) finds the point's samples.
        public var measurement: String

        /// A point at `x` drawn through the median `y` of the measurement called `measurement`.
        public init(x: Double, y: Double, measurement: String) {
            self.x = x
            self.y = y
            self.measurement = measurement
        }
    }

    /// The stable name of the curve, e.g. `commit.cost(retained-handles)`.
    public var name: String
    /// The strategy measured.
    public var strategy: FigureStrategy
    /// What `x` counts, e.g. `retained handle` or `judged fixture`.
    public var xUnit: String
    /// The unit of `y`: `ns`.
    public var yUnit: String
    /// The change in `y` per unit of `x`.
    public var slope: Double
    /// The value of `y` at `x = 0`.
    public var intercept: Double
    /// The share of `y`'s variance the line explains.
    public var rSquared: Double
    /// The points fitted, at least two.
    public var points: [Point]

    /// A fit as recorded; `init(fitting:name:strategy:xUnit:)` makes one from points.
    public init(
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
    public init(fitting points: [Point], name: String, strategy: FigureStrategy, xUnit: String) {
        let fit = Statistics.linearFit(x: points.map(\.x), y: points.map(\.y))
        self.init(
            name: name, strategy: strategy, xUnit: xUnit, yUnit: MeasurementRecord.nanoseconds, slope: fit.slope,
            intercept: fit.intercept, rSquared: fit.rSquared, points: points)
    }
}

extension ResultsFile {
    /// The measurement a fit's point was drawn through, under the fit's strategy; nil when the file
    /// does not hold it (a merge or a filter can leave a fit without its points' samples).
    public func measurement(of point: FitRecord.Point, in fit: FitRecord) -> MeasurementRecord? {
        measurements.record(MeasurementKey(name: point.measurement, strategy: fit.strategy))
    }
}
