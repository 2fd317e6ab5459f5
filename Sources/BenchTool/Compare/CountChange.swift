/// A body re-run count that differs between OLD and NEW.
///
/// Counts are exact and deterministic (a scripted commit, a fixed set of bodies), so any difference is
/// a change in behaviour, never noise: it is always reported, and `--fail-on-regression` fails on it
/// whichever way it goes, because one more re-run and one fewer are both a different runtime.
public struct CountChange: Sendable, Equatable, Codable {
    /// The scenario's stable name.
    public var scenario: String
    /// The strategy it ran under.
    public var strategy: FigureStrategy
    /// The body counted.
    public var body: String
    /// Re-runs in OLD.
    public var old: Int
    /// Re-runs in NEW.
    public var new: Int

    /// A count that differs: `ResultsComparison` makes one only for a key both files hold, with `old` and
    /// `new` unequal.
    public init(scenario: String, strategy: FigureStrategy, body: String, old: Int, new: Int) {
        self.scenario = scenario
        self.strategy = strategy
        self.body = body
        self.old = old
        self.new = new
    }

    /// `scenario [strategy] body`, the count's key in words.
    public var label: String {
        "\(scenario) [\(strategy.rawValue)] \(body)"
    }
}

/// What joins a count across files: scenario, strategy and body.
struct CountKey: Hashable, Comparable {
    var scenario: String
    var strategy: FigureStrategy
    var body: String

    init(_ record: CountRecord) {
        scenario = record.scenario
        strategy = record.strategy
        body = record.body
    }

    var label: String { "\(scenario) [\(strategy.rawValue)] \(body)" }

    static func < (lhs: CountKey, rhs: CountKey) -> Bool {
        (lhs.scenario, lhs.strategy, lhs.body) < (rhs.scenario, rhs.strategy, rhs.body)
    }
}
