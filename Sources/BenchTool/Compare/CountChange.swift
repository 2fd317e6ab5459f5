/// A body re-run count that differs between OLD and NEW.
///
/// Counts are exact and deterministic (a scripted commit, a fixed set of bodies), so any difference is
/// a change in behaviour, never noise: it is always reported, and `--fail-on-regression` fails on it
/// whichever way it goes, because one more re-run and one fewer are both a different runtime.
struct CountChange: Sendable, Equatable, Codable {
    /// The scenario's stable name.
    var scenario: String
    /// The strategy it ran under.
    var strategy: FigureStrategy
    /// The body counted.
    var body: String
    /// Re-runs in OLD.
    var old: Int
    /// Re-runs in NEW.
    var new: Int

    /// `scenario [strategy] body`, the count's key in words.
    var label: String {
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
