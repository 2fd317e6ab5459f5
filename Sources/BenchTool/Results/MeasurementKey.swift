/// A measurement's identity: its stable name and its strategy, the one way every part of the bench
/// names a measurement.
///
/// Forks and counting children are told the measurements they take by it and answer by it; the
/// instruction pass, the sorting of a fork's records, the merge of runs and the comparison of two
/// files key by it; tools outside the bench (`bench --list`, dashboards, the comparison's tables) see
/// its `label`, `phase.read.tracked(largest-strict) [derived]`, or the bare name for a figure no
/// strategy shapes. `init(label:)` reads a label back, so a child's command line and a callgrind
/// dump's name round-trip to the key.
public struct MeasurementKey: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The stable name, `area.operation(variant)`.
    public var name: String
    /// The strategy measured.
    var strategy: FigureStrategy

    init(name: String, strategy: FigureStrategy) {
        self.name = name
        self.strategy = strategy
    }

    /// The key of a recorded measurement.
    init(_ record: MeasurementRecord) {
        self.init(name: record.name, strategy: record.strategy)
    }

    /// The key whose `label` is `label`: a trailing ` [strategy]` naming a measured strategy is the
    /// strategy, and anything else is the name of an unshaped figure.
    init(label: String) {
        if label.hasSuffix("]"), let open = label.range(of: " [", options: .backwards),
            let strategy = FigureStrategy(rawValue: String(label[open.upperBound..<label.index(before: label.endIndex)])),
            strategy != .unshaped
        {
            self.init(name: String(label[..<open.lowerBound]), strategy: strategy)
        } else {
            self.init(name: label, strategy: .unshaped)
        }
    }

    /// `name [strategy]`, or `name` alone for `FigureStrategy.unshaped`.
    public var label: String {
        strategy == .unshaped ? name : "\(name) [\(strategy.rawValue)]"
    }

    public var description: String { label }

    public static func < (lhs: MeasurementKey, rhs: MeasurementKey) -> Bool {
        (lhs.name, lhs.strategy) < (rhs.name, rhs.strategy)
    }
}
