/// What joins a measurement across results files: its stable name and its strategy.
///
/// Its `label` is the name tools outside the bench see (`bench --list`, dashboards, comparisons):
/// `phase.read.tracked(largest-strict) [derived]`, or the bare name for a figure no strategy shapes.
public struct MeasurementKey: Sendable, Hashable, Codable, Comparable {
    /// The stable name, `area.operation(variant)`.
    public var name: String
    /// The strategy measured.
    public var strategy: FigureStrategy

    /// Creates a key.
    public init(name: String, strategy: FigureStrategy) {
        self.name = name
        self.strategy = strategy
    }

    /// The key of a measurement.
    public init(_ record: MeasurementRecord) {
        self.init(name: record.name, strategy: record.strategy)
    }

    /// `name [strategy]`, or `name` alone for `FigureStrategy.unshaped`.
    public var label: String {
        strategy == .unshaped ? name : "\(name) [\(strategy.rawValue)]"
    }

    public static func < (lhs: MeasurementKey, rhs: MeasurementKey) -> Bool {
        (lhs.name, lhs.strategy) < (rhs.name, rhs.strategy)
    }
}
