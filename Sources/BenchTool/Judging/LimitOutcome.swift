/// What judging made of one limit.
///
/// A limit that gates is `pass`, `fail` or `undecided`; `indicative` and `notJudged` say why one does
/// not gate.
enum LimitOutcome: String, Sendable, Equatable, CaseIterable, Codable {
    /// The figure meets the limit; for a timing, its whole confidence interval does.
    case pass
    /// The figure misses the limit; for a timing, no part of its confidence interval meets it.
    case fail
    /// A timing whose confidence interval straddles the threshold: a coin toss is neither a pass nor a
    /// fail, and more forks may decide it.
    case undecided
    /// A timing from a `--quick` run: printed with what it would have been, but it does not gate.
    case indicative
    /// Not judged, and the reason says why: a debug build's timing, or a figure the run did not make.
    case notJudged

    init(from decoder: any Decoder) throws {
        let word = try decoder.singleValueContainer().decode(String.self)
        guard let outcome = LimitOutcome(rawValue: word) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "unknown verdict '\(word)'"))
        }
        self = outcome
    }
}
