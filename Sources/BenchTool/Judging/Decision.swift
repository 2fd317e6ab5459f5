/// What a run decides about the derived phase, or among the shapes, in the words of the decision record.
///
/// Encoded as `{outcome, text, ships}`, and `shape` when a shape of a version 3 limits file ships; a
/// file judged without shapes has no `shape`.
struct Decision: Sendable, Equatable, Codable {
    /// The four things a run can conclude.
    enum Outcome: String, Sendable, Equatable, Codable {
        /// Every limit (of the shape that ships) was judged, in full, and passed.
        case ships
        /// A gating limit failed or was undecided (of every shape): the decision's fallback ships.
        case fallback
        /// Nothing failed, but not every limit was judged in full (a debug build, a filtered or
        /// `--quick` run): the run cannot say the derived phase ships.
        case undecided
        /// A gating limit was still undecided at its last look on forks disturbed past the limits
        /// file's `noise` bounds (version 6): rather than set its shape aside and ship another, the run
        /// says it cannot tell the code from the machine. Exit status 3: run again on a quiet machine.
        case tooNoisy
    }

    /// The outcome.
    var outcome: Outcome
    /// The line a report ends with, naming the limits behind anything but `ships`.
    var text: String
    /// The shape that ships, when the limits file ranks shapes and one does; nil otherwise.
    var shape: FigureStrategy?
    /// Whether the derived phase (or, with shapes, `shape`) ships on this run's evidence.
    var ships: Bool { outcome == .ships }

    /// The line for a run in which every limit passed.
    static let shipsText = "derived phase ships"
    /// The opening of the line for a run whose fallback ships.
    static let fallbackText = "fallback: the fetch as a value ships alone, the phase stays stored"
    /// The opening of the line for a run that cannot decide.
    static let undecidedText = "no decision: the derived phase cannot ship on this run"
    /// The opening of the line for a run whose forks were too disturbed to decide.
    static let tooNoisyText = "too noisy to decide: this machine was too busy to tell the code from the load"
    /// The opening of the line for a run judged among shapes that cannot say which ships.
    static let undecidedShapeText = "no decision: this run cannot say which shape ships"

    /// A decision; `shape` only with `.ships`, as decoding checks.
    init(outcome: Outcome, text: String, shape: FigureStrategy? = nil) {
        self.outcome = outcome
        self.text = text
        self.shape = shape
    }

    private enum CodingKeys: String, CodingKey {
        case outcome, text, ships, shape
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outcome = try container.decode(Outcome.self, forKey: .outcome)
        text = try container.decode(String.self, forKey: .text)
        shape = try container.decodeIfPresent(FigureStrategy.self, forKey: .shape)
        guard shape == nil || outcome == .ships else {
            throw DecodingError.dataCorruptedError(
                forKey: .shape, in: container, debugDescription: "'shape' names what ships, but the outcome is not 'ships'")
        }
        // `ships` is written for readers of the JSON; it must agree with the outcome it restates.
        guard try container.decode(Bool.self, forKey: .ships) == (outcome == .ships) else {
            throw DecodingError.dataCorruptedError(
                forKey: .ships, in: container, debugDescription: "'ships' disagrees with 'outcome'")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(text, forKey: .text)
        try container.encode(ships, forKey: .ships)
        try container.encodeIfPresent(shape, forKey: .shape)
    }
}
