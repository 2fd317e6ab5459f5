/// How long one phase of a run took, as a results file records it: where a run's time went.
///
/// A run's phases, in order: `preparing` (the limits, the spec and the suite checked and built),
/// `instructions` (the callgrind pass, when asked), `counting` (every scenario's body re-runs),
/// `measuring` (the timed pass: in the run's own process, or in its forks, whose times are `parts`),
/// `looking again` (only in a run whose decision waited on undecided limits: the forks of the looks
/// after the first, whose times are `parts`), and `judging` (fits, verdicts, environment and the file's encoding, up to the write itself).
struct PhaseTimingRecord: Sendable, Equatable, Codable {
    /// The phase's name.
    var phase: String
    /// Its wall-clock duration in seconds.
    var seconds: Double
    /// The durations in seconds of its parts, in order, where it has some: each fork's, from the
    /// parent's start of the process to its records read back.
    var parts: [Double]?
}
