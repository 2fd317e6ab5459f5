/// How often one body re-ran in one scenario under one strategy: an exact count, no distribution.
struct CountRecord: Sendable, Equatable, Codable {
    /// The scenario's stable name, e.g. `verdict-read-value-changes(spreads-only)`:
    /// the operation and the commit replayed.
    var scenario: String
    /// The strategy the scenario ran under.
    var strategy: FigureStrategy
    /// The body counted, e.g. `phase-only` or `row(8-fields)`.
    var body: String
    /// How many times the body re-ran.
    var reruns: Int
}
