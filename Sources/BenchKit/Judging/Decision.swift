/// What a run decides about the derived phase, in the words of the decision record.
public struct Decision: Sendable, Equatable, Codable {
    /// The three things a run can conclude.
    public enum Outcome: String, Sendable, Equatable, Codable {
        /// Every limit was judged, in full, and passed.
        case ships
        /// A gating limit failed or was inconclusive: the decision's fallback ships.
        case fallback
        /// Nothing failed, but not every limit was judged in full (a debug build, a filtered or
        /// `--quick` run): the run cannot say the derived phase ships.
        case undecided
    }

    /// The outcome.
    public var outcome: Outcome
    /// The line a report ends with, naming the limits behind anything but `ships`.
    public var text: String
    /// Whether the derived phase ships on this run's evidence.
    public var ships: Bool { outcome == .ships }

    /// The line for a run in which every limit passed.
    public static let shipsText = "derived phase ships"
    /// The opening of the line for a run whose fallback ships.
    public static let fallbackText = "fallback: the fetch as a value ships alone, the phase stays stored"
    /// The opening of the line for a run that cannot decide.
    public static let undecidedText = "no decision: the derived phase cannot ship on this run"

    /// Creates a decision.
    public init(outcome: Outcome, text: String) {
        self.outcome = outcome
        self.text = text
    }

    private enum CodingKeys: String, CodingKey {
        case outcome, text, ships
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outcome = try container.decode(Outcome.self, forKey: .outcome)
        text = try container.decode(String.self, forKey: .text)
        // `ships` is written for readers of the JSON; it must agree with the outcome it restates.
        guard try container.decode(Bool.self, forKey: .ships) == (outcome == .ships) else {
            throw DecodingError.dataCorruptedError(
                forKey: .ships, in: container, debugDescription: "'ships' disagrees with 'outcome'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(text, forKey: .text)
        try container.encode(ships, forKey: .ships)
    }
}

/// The bench's exit status.
public enum ExitStatus: Int32, Sendable, Equatable, Codable {
    /// Every gating limit passed (or, for `report` and `validate`, the file was read and is valid).
    case passed = 0
    /// A gating limit failed, was inconclusive or was not judged.
    case limitsNotPassed = 1
    /// A usage or input error, said in one line on standard error.
    case usageOrInputError = 2
}
