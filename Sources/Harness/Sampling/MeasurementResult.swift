/// Everything one measurement produced: raw data, the recipe, and the summary.
///
/// A results file stores this as is. The raw batch durations let anyone re-derive the samples, and the
/// samples the summary; the invocation counts say exactly how often the operation ran.
public struct MeasurementResult: Sendable, Equatable, Codable {
    /// How the run ended.
    public enum StopReason: String, Sendable, Equatable, Codable {
        /// The median's relative half-width reached the policy's target.
        case precisionReached
        /// The sampling stage used up its time budget.
        case timeBudget
        /// The maximum sample count was reached.
        case maximumSamples
    }

    /// How many times the operation ran, by stage.
    public struct Invocations: Sendable, Equatable, Codable {
        /// Calls while doubling the batch size.
        public var calibration: Int
        /// Calls in warm-up batches.
        public var warmUp: Int
        /// Calls in sampled batches: `batchSize` × sample count.
        public var sampling: Int
        /// Every call the sampler made.
        public var total: Int { calibration + warmUp + sampling }

        /// Counts by stage; `sampling` must be the batch size times the samples. Merged forks add up, the first
        /// fork carrying calibration and warm-up.
        public init(calibration: Int, warmUp: Int, sampling: Int) {
            self.calibration = calibration
            self.warmUp = warmUp
            self.sampling = sampling
        }
    }

    /// The method every sample was obtained by, in words.
    public static let fixedBatchMethod =
        "fixed batches with timer overhead subtracted: sample = (batch time - timer overhead) / batch size"

    /// The measurement's name.
    public var name: String
    /// How a sample is derived from a batch; see `fixedBatchMethod`.
    public var method: String
    /// Operations per batch, fixed after calibration.
    public var batchSize: Int
    /// Each sampled batch's raw duration in nanoseconds, timer overhead included, in order.
    public var batchNanoseconds: [UInt64]
    /// Each sample: nanoseconds per operation, in the order taken.
    public var samples: [Double]
    /// How many times the operation ran.
    public var invocations: Invocations
    /// Why sampling stopped.
    public var stopReason: StopReason
    /// The figures of `samples`.
    public var summary: Summary
    /// The clock the batches were timed with, and the overhead subtracted.
    public var timer: TimerCharacteristics
    /// The policy the run followed.
    public var policy: SamplingPolicy
    /// Each sampled batch's raw duration on the thread's CPU clock (`ThreadCPUClock`), in order, its
    /// overhead included; nil where the batches were timed on the monotonic clock alone.
    public var batchThreadCPUNanoseconds: [UInt64]?
    /// Each sample on the thread's CPU clock: nanoseconds of the thread's CPU time per operation, its
    /// clock's overhead subtracted, in the order of `samples`; nil where not timed on it.
    public var threadCPUSamples: [Double]?
    /// How fast the core ran while the samples were taken: the median of `SpeedProbe.read()` over the
    /// sampling rounds, one reading after each round's batches, in nanoseconds on the thread's CPU
    /// clock (less is faster). Every measurement sampled in the same rounds has the same; nil where the
    /// sampler read no probe.
    public var speedProbeNanoseconds: Double?
}
