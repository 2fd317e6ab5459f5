import Harness

/// One timed measurement in a results file: its identity, every raw figure and their summary.
///
/// The raw batches and samples are kept, not only the summary, so a reader can recompute every figure
/// and `ResultsValidator` can check the summary against them.
public struct MeasurementRecord: Sendable, Equatable, Codable {
    /// The stable name, `subject.operation(variant)`; with `strategy`, the join key across files.
    public var name: String
    /// The strategy measured.
    public var strategy: Strategy
    /// The unit of `samples` and of the summary: always `ns` (nanoseconds per operation).
    public var unit: String
    /// The figures of `samples`.
    public var summary: Summary
    /// Each sample, nanoseconds per operation, in the order taken.
    public var samples: [Double]
    /// The batches the samples come from.
    public var batches: BatchRecord
    /// The sampling policy the measurement followed.
    public var policy: SamplingPolicy
    /// Heap allocations and bytes per operation, or why they were not counted.
    public var allocations: AllocationRecord

    /// The unit every timed figure is stored in.
    public static let nanoseconds = "ns"

    /// Creates a record from its parts.
    public init(
        name: String, strategy: Strategy, summary: Summary, samples: [Double], batches: BatchRecord,
        policy: SamplingPolicy, allocations: AllocationRecord
    ) {
        self.name = name
        self.strategy = strategy
        self.unit = Self.nanoseconds
        self.summary = summary
        self.samples = samples
        self.batches = batches
        self.policy = policy
        self.allocations = allocations
    }

    /// Records what the harness's sampler produced for one strategy.
    ///
    /// - Parameters:
    ///   - result: The sampler's result, kept whole except the timer, which the file records once.
    ///   - strategy: The strategy the measurement ran under.
    ///   - allocations: The allocation pass's count, or why there is none.
    public init(_ result: MeasurementResult, strategy: Strategy, allocations: AllocationRecord) {
        self.init(
            name: result.name, strategy: strategy, summary: result.summary, samples: result.samples,
            batches: BatchRecord(
                size: result.batchSize, nanoseconds: result.batchNanoseconds, invocations: result.invocations,
                stopReason: result.stopReason),
            policy: result.policy, allocations: allocations)
    }
}

/// The batches behind a measurement's samples.
public struct BatchRecord: Sendable, Equatable, Codable {
    /// Operations per batch.
    public var size: Int
    /// Each sampled batch's raw duration in nanoseconds, timer overhead included.
    public var nanoseconds: [UInt64]
    /// How often the operation ran, by stage.
    public var invocations: MeasurementResult.Invocations
    /// Why sampling stopped.
    public var stopReason: MeasurementResult.StopReason

    /// Creates a batch record.
    public init(
        size: Int, nanoseconds: [UInt64], invocations: MeasurementResult.Invocations,
        stopReason: MeasurementResult.StopReason
    ) {
        self.size = size
        self.nanoseconds = nanoseconds
        self.invocations = invocations
        self.stopReason = stopReason
    }
}
