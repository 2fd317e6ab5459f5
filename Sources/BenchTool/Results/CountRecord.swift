/// How often one body re-ran in one scenario under one strategy: an exact count, no distribution.
public struct CountRecord: Sendable, Equatable, Codable {
    /// The scenario's stable name, e.g. `verdict-read-value-changes(spreads-only)`:
    /// the operation and the commit replayed.
    public var scenario: String
    /// The strategy the scenario ran under.
    public var strategy: FigureStrategy
    /// The body counted, e.g. `phase-only` or `row(8-fields)`.
    public var body: String
    /// How many times the body re-ran.
    public var reruns: Int

    /// How often `body` re-ran under `strategy` in `scenario`.
    public init(scenario: String, strategy: FigureStrategy, body: String, reruns: Int) {
        self.scenario = scenario
        self.strategy = strategy
        self.body = body
        self.reruns = reruns
    }
}
