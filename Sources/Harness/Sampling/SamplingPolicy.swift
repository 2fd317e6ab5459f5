/// How long, how finely and how precisely the sampler measures; recorded with every result.
///
/// The defaults suit operations from nanoseconds to a millisecond: batches of at least 10 µs, 100 ms of
/// warm-up, then samples until the median is known to ±1 % (95 % confidence) or two seconds have gone.
public struct SamplingPolicy: Sendable, Equatable, Codable {
    /// How warm-up is bounded.
    public enum WarmUp: Sendable, Equatable, Codable {
        /// Run whole batches until this much clock time has been spent in them.
        case duration(nanoseconds: UInt64)
        /// Run whole batches until at least this many operations have run.
        case iterations(Int)
    }

    /// The time a batch must take at least; the batch size doubles from 1 until one batch reaches it.
    ///
    /// Sized to keep the timer's overhead and resolution (tens of nanoseconds) below 1 % of a sample.
    public var targetSampleNanoseconds: UInt64 = 10_000
    /// The cap on the batch size, for operations too fast for the target (or a clock that stalls).
    public var maximumBatchSize: Int = 1 << 30
    /// The warm-up bound, after calibration and before the first sample.
    public var warmUp: WarmUp = .duration(nanoseconds: 100_000_000)
    /// The fewest rounds of samples taken, even past the time budget: one sample a round for a
    /// measurement alone.
    public var minimumSamples: Int = 30
    /// The most rounds of samples taken.
    public var maximumSamples: Int = 10_000
    /// The most batches an interleaved measurement takes in one round.
    ///
    /// Interleaved measurements can differ a thousandfold in a batch's length (a derived commit of a
    /// microsecond beside a stored one of a second). With one batch each a round, the short one is
    /// only ever timed just after the long one has filled the caches with its own data, so it measures
    /// its neighbour as much as itself, and it gets as few samples as the long one. A measurement whose
    /// batch is shorter than the round's longest takes as many batches as fit in that one, up to this
    /// many; the first of them is the cold one, and the median sees past it. 1 keeps one batch a round.
    public var maximumBatchesPerRound: Int = 1
    /// The clock time the sampling stage may take, set-up included; checked after each round.
    public var timeBudgetNanoseconds: UInt64 = 2_000_000_000
    /// Stop once the median's relative half-width (order-statistic interval) is below this;
    /// `nil` samples until the time budget or the maximum.
    @ExplicitNull public var targetRelativeHalfWidth: Double? = 0.01
    /// The confidence level of every interval: 0.95 or 0.99.
    public var confidenceLevel: Double = 0.95
    /// Resamples of the median's bootstrap interval.
    public var bootstrapResamples: Int = 2000
    /// The seed of the bootstrap and of shuffled round orders.
    public var seed: UInt64 = 0x5EED

    /// Creates the default policy; adjust its properties as needed.
    public init() {}

    /// Checks the bounds are coherent, trapping with the offending field named if not.
    func validate() {
        precondition(targetSampleNanoseconds > 0, "targetSampleNanoseconds must be positive")
        precondition(maximumBatchSize >= 1, "maximumBatchSize must be at least 1")
        precondition(minimumSamples >= 2, "minimumSamples must be at least 2")
        precondition(maximumSamples >= minimumSamples, "maximumSamples must be at least minimumSamples")
        precondition(maximumBatchesPerRound >= 1, "maximumBatchesPerRound must be at least 1")
        precondition(confidenceLevel == 0.95 || confidenceLevel == 0.99, "confidenceLevel must be 0.95 or 0.99")
        precondition(bootstrapResamples >= 1, "bootstrapResamples must be at least 1")
        if case .iterations(let count) = warmUp {
            precondition(count >= 0, "warm-up iterations must not be negative")
        }
    }
}
