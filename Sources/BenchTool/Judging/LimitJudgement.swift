import Harness

/// One limit as judged: the limit, the figure found, the verdict and why.
///
/// Encoded flat, the limit's own keys beside `value`, `interval`, `verdict`, `gates`, `reason` and
/// `headroom` (and `instructionRatio`, `handleShare`, `disturbance`), so a results file's `limits` entry reads as one
/// record; `headroom`, `instructionRatio` and `handleShare` are left out where there is none.
struct LimitJudgement: Sendable, Equatable, Codable {
    /// The limit, as declared.
    var limit: Limit
    /// The figure judged, in the limit's unit; `nil` when the run did not produce it.
    var value: Double?
    /// The confidence interval of a timing's median; `nil` for a count.
    var interval: ConfidenceInterval?
    /// What judging made of the limit.
    var verdict: LimitOutcome
    /// Whether the verdict takes part in the decision and the exit status (not so for `--quick` timings).
    var gates: Bool
    /// Why, in one sentence with the figures: what a reader checks the verdict against.
    var reason: String
    /// For a judged count limit, every body whose re-runs differ between the strategies, in view-tree
    /// order; empty when none does; nil for a timing or a count not judged.
    var bodyDifferences: [BodyDifference]?
    /// How far the far end of the interval (the value, for a count) is from the threshold; nil where
    /// nothing was judged (no figure, or a debug build's timing).
    var headroom: Headroom?
    /// For a cost-is-today's limit of a run that counted instructions, the same ratio in instructions;
    /// nil otherwise. It does not change the verdict; the release gate fails on it when it exceeds
    /// the margin while wall time passes.
    var instructionRatio: InstructionRatio?
    /// For a cost limit (a shape's commit over stored's) whose commit the bench also measures with no
    /// handle retained, the ratio of what the handle alone costs each side (`HandleShare`); nil
    /// otherwise, and in a file written before it. It does not change the verdict.
    var handleShare: HandleShare?
    /// For a timing judged under a limits file that declares `noise` (version 6), how disturbed its
    /// forks were; nil otherwise, and in a file written before it.
    var disturbance: Disturbance?

    /// A limit as judged; `headroom` is worked out here unless given, and left nil where nothing was
    /// judged.
    ///
    /// - Parameter headroom: The headroom, where the limit's threshold is not its own (stored's bound of
    ///   version 3); nil works it out from `limit`'s threshold, `value` and `interval`.
    init(
        limit: Limit, value: Double?, interval: ConfidenceInterval?, verdict: LimitOutcome, gates: Bool, reason: String,
        bodyDifferences: [BodyDifference]? = nil, headroom: Headroom? = nil
    ) {
        self.limit = limit
        self.value = value
        self.interval = interval
        self.verdict = verdict
        self.gates = gates
        self.reason = reason
        self.bodyDifferences = bodyDifferences
        if verdict == .notJudged || (limit.isTiming && interval == nil && headroom == nil) {
            // Nothing judged, or a timing with no interval to hold against the threshold.
            self.headroom = nil
        } else if let headroom {
            self.headroom = headroom
        } else if let value, let threshold = limit.threshold {
            self.headroom = Headroom(value: value, interval: interval, threshold: threshold, comparison: limit.comparison)
        } else {
            self.headroom = nil
        }
    }

    private enum CodingKeys: String, CodingKey {
        case value, interval, verdict, gates, reason, bodyDifferences, headroom, instructionRatio, handleShare, disturbance
    }

    init(from decoder: any Decoder) throws {
        limit = try Limit(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(Double?.self, forKey: .value)
        interval = try container.decode(ConfidenceInterval?.self, forKey: .interval)
        verdict = try container.decode(LimitOutcome.self, forKey: .verdict)
        gates = try container.decode(Bool.self, forKey: .gates)
        reason = try container.decode(String.self, forKey: .reason)
        bodyDifferences = try container.decode([BodyDifference]?.self, forKey: .bodyDifferences)
        headroom = try container.decodeIfPresent(Headroom.self, forKey: .headroom)
        instructionRatio = try container.decodeIfPresent(InstructionRatio.self, forKey: .instructionRatio)
        handleShare = try container.decodeIfPresent(HandleShare.self, forKey: .handleShare)
        disturbance = try container.decodeIfPresent(Disturbance.self, forKey: .disturbance)
    }

    func encode(to encoder: any Encoder) throws {
        try limit.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(interval, forKey: .interval)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(gates, forKey: .gates)
        try container.encode(reason, forKey: .reason)
        try container.encode(bodyDifferences, forKey: .bodyDifferences)
        try container.encodeIfPresent(headroom, forKey: .headroom)
        try container.encodeIfPresent(instructionRatio, forKey: .instructionRatio)
        try container.encodeIfPresent(handleShare, forKey: .handleShare)
        try container.encodeIfPresent(disturbance, forKey: .disturbance)
    }
}
