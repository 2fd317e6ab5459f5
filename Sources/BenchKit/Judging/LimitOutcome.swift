/// What judging made of one limit.
public enum LimitOutcome: String, Sendable, Equatable, CaseIterable, Codable {
    /// The figure meets the limit; for a timing, its whole confidence interval does.
    case pass
    /// The figure misses the limit; for a timing, no part of its confidence interval meets it.
    case fail
    /// A timing whose confidence interval straddles the threshold: a coin toss is not a pass.
    case inconclusive
    /// A timing from a `--quick` run: printed with what it would have been, but it does not gate.
    case indicative
    /// Not judged, and the reason says why: a debug build's timing, or a figure the run did not make.
    case notJudged
}
