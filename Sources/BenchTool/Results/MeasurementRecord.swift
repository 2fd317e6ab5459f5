import Harness

/// One timed measurement in a results file: its identity, every raw figure and their summary.
///
/// The raw batches and samples are kept, not only the summary, so a reader can recompute every figure
/// and `ResultsValidator` can check the summary against them.
///
/// `instructionsPerOperation`, `instructionsUnderOtherHashSeeds` and `forks` came after the first files
/// were written: each is encoded as
/// `null` when absent, and a file without the key still decodes (as `nil`), so every earlier results
/// file reads.
public struct MeasurementRecord: Sendable, Equatable, Codable {
    /// The stable name, `area.operation(variant)`; with `strategy`, the join key across files.
    var name: String
    /// The strategy measured.
    var strategy: FigureStrategy
    /// The unit of `samples` and of the summary: always `ns` (nanoseconds per operation).
    var unit: String
    /// The figures of `samples`.
    var summary: Summary
    /// Each sample, nanoseconds per operation, in the order taken.
    var samples: [Double]
    /// The batches the samples come from; with `forks`, `size` is the first fork's.
    var batches: BatchRecord
    /// The sampling policy the measurement followed.
    var policy: SamplingPolicy
    /// Heap allocations and bytes per operation, or why they were not counted.
    var allocations: AllocationRecord
    /// Instructions retired per operation, counted under callgrind (`bench --instructions`); `nil` when
    /// the run did not count them. Two runs of one build agree to well under 0.1 %, where wall time does
    /// not, so `bench compare` judges by it when both files have it.
    @ExplicitNull var instructionsPerOperation: Double?
    /// Instructions per operation counted again in processes with random hash seeds, when the run
    /// counted them (`nil` when it did not, or the measurement was too long to count again).
    ///
    /// Work that hashes object identities and key paths counts differently when the hashed values
    /// differ, and another build places its code and heap elsewhere just as another seed does: where
    /// these differ from `instructionsPerOperation`, its count could move with an unrelated change to
    /// the build, and `bench compare` lets it decide only a change clearly beyond how far it moved here
    /// (`ComparisonRule`). Two counts, or six where the first two moved a little (`InstructionPass`).
    @ExplicitNull var instructionsUnderOtherHashSeeds: [Double]?
    /// The processes the samples were taken in, in the order of `samples`, when the run measured in
    /// several (`bench --forks N`, N > 1); `nil` when all were taken in the run's own process.
    @ExplicitNull var forks: [ForkRecord]?
    /// Each sample on the thread's CPU clock (`ThreadCPUClock`): nanoseconds of the measuring thread's
    /// CPU time per operation, in the order of `samples` and split into forks as they are; nil in a
    /// file made before batches were timed on both clocks. A limit of `TimingClock.threadCPU` is judged
    /// on these.
    @ExplicitNull var threadCPUSamples: [Double]?
    /// What turns the batches into the samples (`SampleTerms`); nil in a file made before schema 10,
    /// and for a record not made by the sampler.
    @ExplicitNull var sampleTerms: SampleTerms?

    /// The unit every timed figure is stored in.
    static let nanoseconds = "ns"

    /// Its identity: `name` and `strategy`.
    public var key: MeasurementKey { MeasurementKey(self) }

    /// A record whose samples and summary are in nanoseconds per operation (`unit` is always `ns`);
    /// the instruction counts and forks are nil where the run had none.
    init(
        name: String, strategy: FigureStrategy, summary: Summary, samples: [Double], batches: BatchRecord,
        policy: SamplingPolicy, allocations: AllocationRecord, instructionsPerOperation: Double? = nil,
        instructionsUnderOtherHashSeeds: [Double]? = nil, forks: [ForkRecord]? = nil, threadCPUSamples: [Double]? = nil,
        sampleTerms: SampleTerms? = nil
    ) {
        self.name = name
        self.strategy = strategy
        self.unit = Self.nanoseconds
        self.summary = summary
        self.samples = samples
        self.batches = batches
        self.policy = policy
        self.allocations = allocations
        self.instructionsPerOperation = instructionsPerOperation
        self.instructionsUnderOtherHashSeeds = instructionsUnderOtherHashSeeds
        self.forks = forks
        self.threadCPUSamples = threadCPUSamples
        self.sampleTerms = sampleTerms
    }

    /// How far the count moved under other hash seeds: the largest `|other / fixed - 1|`; `nil` when
    /// not counted again.
    var instructionsHashSpread: Double? {
        instructionsPerOperation.flatMap { Self.hashSpread(fixed: $0, others: instructionsUnderOtherHashSeeds ?? []) }
    }

    /// The largest `|other / fixed - 1|`; `nil` without a positive `fixed` or any `others`.
    static func hashSpread(fixed: Double, others: [Double]) -> Double? {
        guard fixed > 0, !others.isEmpty else { return nil }
        return others.map { abs($0 / fixed - 1) }.max()
    }

    /// The spread above which a count is taken to depend on hashing: 0.1 %, what two runs of one build
    /// are held to.
    static let hashSensitivity = 0.001

    /// The most instructions per operation a measurement may count for it to be counted again under
    /// other hash seeds: past it (the stored chain over a hundred handles and more, minutes a count
    /// under callgrind) no file counts it again, and its count is judged by the threshold alone.
    static let longestCountedAgain = 1_000_000_000.0

    /// Whether the instruction count moved under other hash seeds by more than `hashSensitivity`;
    /// `nil` when not counted again.
    var instructionsVaryWithHashing: Bool? {
        instructionsHashSpread.map { $0 > Self.hashSensitivity }
    }

    /// The samples grouped by the process that took them: one group per fork, or one group of all.
    ///
    /// Assumes the forks' counts add up to the samples, as `ResultsValidator` checks.
    public var sampleGroups: [[Double]] { Self.grouped(samples, by: forks) }

    /// The samples of `clock` grouped by the process that took them; nil when the record has none on
    /// that clock (a file made before batches were timed on both).
    func sampleGroups(on clock: TimingClock) -> [[Double]]? {
        switch clock {
        case .wall: sampleGroups
        case .threadCPU: threadCPUSamples.map { Self.grouped($0, by: forks) }
        }
    }

    private static func grouped(_ samples: [Double], by forks: [ForkRecord]?) -> [[Double]] {
        guard let forks, forks.count > 1 else { return [samples] }
        var groups: [[Double]] = []
        var start = 0
        for fork in forks {
            groups.append(Array(samples[start..<start + fork.samples]))
            start += fork.samples
        }
        return groups
    }

    /// Records what the harness's sampler produced for one strategy.
    ///
    /// - Parameters:
    ///   - result: The sampler's result, kept whole except the timer, which the file records once.
    ///   - strategy: The strategy the measurement ran under.
    ///   - allocations: The allocation pass's count, or why there is none.
    ///   - operationsPerCall: What the samples were divided by, per operation (`SampleTerms`).
    init(_ result: MeasurementResult, strategy: FigureStrategy, allocations: AllocationRecord, operationsPerCall: Int = 1) {
        self.init(
            name: result.name, strategy: strategy, summary: result.summary, samples: result.samples,
            batches: BatchRecord(
                size: result.batchSize, nanoseconds: result.batchNanoseconds, invocations: result.invocations,
                stopReason: result.stopReason, threadCPUNanoseconds: result.batchThreadCPUNanoseconds,
                speedProbeNanoseconds: result.speedProbeNanoseconds.map { [$0] }),
            policy: result.policy, allocations: allocations, threadCPUSamples: result.threadCPUSamples,
            sampleTerms: SampleTerms(
                operationsPerCall: operationsPerCall, overheadNanoseconds: [result.timer.overheadNanoseconds],
                threadCPUOverheadNanoseconds: [result.timer.threadCPUOverheadNanoseconds ?? 0]))
    }
}

/// The batches behind a measurement's samples.
struct BatchRecord: Sendable, Equatable, Codable {
    /// Operations per batch.
    var size: Int
    /// Each sampled batch's raw duration in nanoseconds, timer overhead included.
    var nanoseconds: [UInt64]
    /// How often the operation ran, by stage.
    var invocations: MeasurementResult.Invocations
    /// Why sampling stopped.
    var stopReason: MeasurementResult.StopReason
    /// Each sampled batch's raw duration on the thread's CPU clock, its overhead included, in the order
    /// of `nanoseconds`; nil in a file made before batches were timed on both clocks.
    @ExplicitNull var threadCPUNanoseconds: [UInt64]?
    /// How fast the core ran while each process sampled: the median of its speed probe's readings
    /// over the sampling rounds (`SpeedProbe`), in nanoseconds on the thread's CPU clock, one for each
    /// fork in fork order, or one; less is faster. Absent in a file made before schema 12.
    var speedProbeNanoseconds: [Double]?

    /// The batches as sampled: `size` operations each, each batch's raw `nanoseconds` (and
    /// `threadCPUNanoseconds`, where timed on that clock too), and the speed probe's reading of each
    /// process that took them.
    init(
        size: Int, nanoseconds: [UInt64], invocations: MeasurementResult.Invocations,
        stopReason: MeasurementResult.StopReason, threadCPUNanoseconds: [UInt64]? = nil, speedProbeNanoseconds: [Double]? = nil
    ) {
        self.size = size
        self.nanoseconds = nanoseconds
        self.invocations = invocations
        self.stopReason = stopReason
        self.threadCPUNanoseconds = threadCPUNanoseconds
        self.speedProbeNanoseconds = speedProbeNanoseconds
    }
}

extension Sequence where Element == MeasurementRecord {
    /// The first record whose identity is `key`: a results file holds one record per key.
    func record(_ key: MeasurementKey) -> MeasurementRecord? { first { $0.key == key } }
}
