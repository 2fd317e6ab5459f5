/// A report of where the sampler is, for a progress line on stderr.
///
/// Delivered between batches, outside every timed region, so what a callback does is never timed.
public struct SamplingProgress: Sendable, Equatable {
    /// The stage the sampler is in.
    public enum Stage: String, Sendable, Equatable {
        /// Doubling the batch size until one batch reaches the target duration.
        case calibrating
        /// Running batches whose timings are discarded.
        case warmingUp
        /// Taking samples.
        case sampling
        /// Done; the result is being summarized.
        case finished
    }

    /// The measurement the report is about.
    public var name: String
    /// Its stage.
    public var stage: Stage
    /// The operations per batch (0 before calibration ends).
    public var batchSize: Int
    /// Samples taken so far.
    public var samples: Int
    /// The current relative half-width of the median's order-statistic interval, once computed.
    public var relativeHalfWidth: Double?
    /// Clock time since the sampler started, in nanoseconds.
    public var elapsedNanoseconds: UInt64
}
