/// When the sampler stops taking rounds of samples: the policy's rule, apart from any clock, so it can
/// be checked on samples made up for the purpose.
///
/// After each round, in this order: stop at `maximumSamples` rounds; take at least `minimumSamples`
/// rounds whatever the clock says; then stop once the sampling stage has used its time budget; then,
/// at checks spaced geometrically (after the minimum, then every tenth of the rounds so far, so
/// sorting the samples stays a small share of the run), stop as soon as every interleaved
/// measurement's median is known to the policy's `targetRelativeHalfWidth` (the order-statistic
/// interval at the policy's confidence level, half its width over the median). Tight samples stop at
/// the first check; noisy ones go on to the budget or the maximum.
public struct StoppingRule: Sendable, Equatable {
    /// The policy whose bounds the rule applies.
    public let policy: SamplingPolicy
    private var nextCheck: Int

    /// A rule for a fresh sampling stage under `policy`.
    public init(policy: SamplingPolicy) {
        self.policy = policy
        self.nextCheck = policy.minimumSamples
    }

    /// What a check of precision found: whether to stop, and each measurement's relative half-width.
    public struct Check: Sendable, Equatable {
        /// Why to stop, or `nil` to take another round.
        public var stop: MeasurementResult.StopReason?
        /// Each measurement's relative half-width, when precision was checked this round.
        public var relativeHalfWidths: [Double]?
    }

    /// Decides after a round whether to take another.
    ///
    /// - Parameters:
    ///   - rounds: The rounds taken so far, this one included.
    ///   - elapsedNanoseconds: Clock time since the sampling stage began.
    ///   - samples: Each interleaved measurement's samples so far; only read when precision is checked.
    /// - Returns: Why to stop (or nil), and the half-widths when they were computed.
    public mutating func check(rounds: Int, elapsedNanoseconds: UInt64, samples: () -> [[Double]]) -> Check {
        if rounds >= policy.maximumSamples { return Check(stop: .maximumSamples) }
        guard rounds >= policy.minimumSamples else { return Check(stop: nil) }
        if elapsedNanoseconds >= policy.timeBudgetNanoseconds { return Check(stop: .timeBudget) }
        guard rounds >= nextCheck else { return Check(stop: nil) }
        nextCheck = rounds + max(1, rounds / 10)
        let widths = samples().map { Self.relativeHalfWidth($0, level: policy.confidenceLevel) }
        guard let target = policy.targetRelativeHalfWidth else { return Check(stop: nil, relativeHalfWidths: widths) }
        // `<=` is false for NaN (a median of zero), so such a measurement never counts as precise.
        let precise = widths.allSatisfy { $0 <= target }
        return Check(stop: precise ? .precisionReached : nil, relativeHalfWidths: widths)
    }

    /// The half-width of the median's order-statistic interval over the median; NaN for no samples.
    public static func relativeHalfWidth(_ samples: [Double], level: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let median = Statistics.percentile(0.5, ofSorted: sorted)
        return Statistics.orderStatisticMedianInterval(ofSorted: sorted, level: level).relativeHalfWidth(around: median)
    }

    /// The rule in words, for a results file's description of the run.
    public var description: String {
        let precision = policy.targetRelativeHalfWidth.map {
            "until the median's \(Self.percent(policy.confidenceLevel)) order-statistic interval is within ±\(Self.percent($0)) "
                + "for every measurement sampled together (checked after \(policy.minimumSamples) rounds, then every tenth of the rounds so far), "
        } ?? "with no stop on precision, "
        return "rounds of samples: at least \(policy.minimumSamples), at most \(policy.maximumSamples); "
            + precision + "or once sampling has taken \(Self.milliseconds(policy.timeBudgetNanoseconds))"
    }

    /// `95 %`, `0.7 %`: at most six significant digits, so a fraction with no exact binary form
    /// (0.007 is 0.7000000000000001 % when multiplied out) reads as it was written.
    static func percent(_ fraction: Double) -> String {
        String(format: "%g %%", fraction * 100)
    }

    private static func milliseconds(_ nanoseconds: UInt64) -> String {
        "\(nanoseconds / 1_000_000) ms"
    }
}
