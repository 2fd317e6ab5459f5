import BenchKit

// The scaling curves: a line fitted through each curve's medians.
extension SuiteRunner {
    /// One fitted line per scaling curve and strategy, through the median of each of the curve's
    /// measurements among `records`.
    public func fits(_ records: [MeasurementRecord], suite: Suite) -> [FitRecord] {
        let points: [(SuiteMeasurement, Double, Double)] = selected(suite).compactMap { measurement in
            guard let curve = measurement.curve,
                let record = records.record(measurement.key)
            else { return nil }
            return (measurement, curve.x, record.summary.median)
        }
        return Self.fits(points)
    }

    /// One fitted line per curve and strategy, through each point's median.
    static func fits(_ points: [(SuiteMeasurement, Double, Double)]) -> [FitRecord] {
        var keys: [(String, FigureStrategy)] = []
        for (measurement, _, _) in points where !keys.contains(where: { $0 == (measurement.curve!.name, measurement.strategy) }) {
            keys.append((measurement.curve!.name, measurement.strategy))
        }
        return keys.compactMap { name, strategy in
            let curve = points.filter { $0.0.curve!.name == name && $0.0.strategy == strategy }
            guard Set(curve.map(\.1)).count >= 2 else { return nil }
            return FitRecord(
                fitting: curve.map { FitRecord.Point(x: $0.1, y: $0.2, measurement: $0.0.name) }, name: name, strategy: strategy,
                xUnit: curve[0].0.curve!.xUnit)
        }
    }
}
