/// A named operation to time, with the set-up that puts its state in place.
///
/// The harness knows nothing of what it measures: a workload hands it a closure. The closure's result
/// goes to `blackHole(_:)` on every call, so work that produces it cannot be dropped. The operation is
/// called through a closure the batch loop cannot see into, so its work cannot be hoisted out of the
/// loop either; that indirect call (a few nanoseconds) is in every figure, alike for every strategy.
public struct Measurement {
    /// The measurement's stable name, `area.operation(variant)`: the join key across results files.
    public let name: String
    /// Runs before every batch, off the clock.
    let setUp: () -> Void
    /// Runs the operation the given number of times, black-holing each result.
    let runBatch: (Int) -> Void
    /// A batch timed before the sampler began, when one was: calibration takes its size instead of
    /// doubling from 1, and, with no warm-up batch, its time is the batch's expected length.
    public var knownBatch: KnownBatch?
    /// The batch size every process of a run takes, from another run, instead of calibrating its own;
    /// `nil` calibrates. An operation whose calls are not alike within a batch (the first after its
    /// set-up, or after another measurement's batch, slower than the rest) costs another amount per
    /// call at another batch size, so processes that calibrate to different sizes differ by that
    /// much; processes given one size do not.
    public var fixedBatchSize: Int?
    /// The operation timed in alternation with this one, when each call is the other's set-up.
    let partner: Partner?

    /// A second operation whose every call puts this measurement's state in place, and whose state
    /// this measurement's call puts in place: field errors landing and clearing.
    struct Partner {
        /// The partner's own stable name, under which its samples are reported.
        let name: String
        /// One call of the partner's operation, black-holing its result.
        let runOne: () -> Void
    }

    /// A batch timed before sampling: the one call a runner times to see how slow an operation is.
    public struct KnownBatch: Sendable, Equatable {
        /// Calls in the batch.
        public var size: Int
        /// Its duration, timer overhead included.
        public var nanoseconds: UInt64

        /// `size` calls that took `nanoseconds` in all, timer overhead included; calibration takes it only when it
        /// is at least ten times the policy's target (`SuiteRunner` gives a slow operation's one timed call).
        public init(size: Int, nanoseconds: UInt64) {
            self.size = size
            self.nanoseconds = nanoseconds
        }
    }

    /// Creates a measurement of `operation`.
    ///
    /// - Parameters:
    ///   - name: A stable name, `area.operation(variant)`.
    ///   - setUp: Runs before every batch (calibration, warm-up and samples), outside the timed region,
    ///     so an operation that changes its state can start each batch from the same state.
    ///   - operation: The work to time; its result is consumed by `blackHole(_:)`.
    public init<Result>(
        _ name: String,
        setUp: @escaping () -> Void = {},
        operation: @escaping () -> Result
    ) {
        self.name = name
        self.setUp = setUp
        self.runBatch = { count in
            for _ in 0..<count {
                blackHole(operation())
            }
        }
        self.partner = nil
    }

    /// Creates two measurements timed in alternation, each call the other's set-up: a batch is one
    /// call of `partnerOperation`, timed as the partner's sample, then one call of `operation`, timed
    /// as this measurement's.
    ///
    /// For two operations that must each start from the state the other leaves (a response with field
    /// errors committed over the clean one, and the clean one over it), timing the set-up as well halves
    /// the time a run spends on them, and every call still starts from the state it must: the state
    /// the other's call left, exactly what a separate set-up would have made. Batches hold one call.
    ///
    /// - Parameters:
    ///   - name: This measurement's stable name.
    ///   - operation: This measurement's operation; starts from the state `partnerOperation` leaves.
    ///   - partnerName: The partner's stable name; the sampler reports its result right after this one's.
    ///   - partnerOperation: The partner's operation; starts from the state `operation` leaves.
    public init<Result, PartnerResult>(
        _ name: String, operation: @escaping () -> Result,
        alternatingWith partnerName: String, partnerOperation: @escaping () -> PartnerResult
    ) {
        self.name = name
        self.setUp = {}
        self.runBatch = { count in
            for _ in 0..<count {
                blackHole(operation())
            }
        }
        self.partner = Partner(name: partnerName, runOne: { blackHole(partnerOperation()) })
    }

    /// Runs set-up, then times one batch of `count` calls on the monotonic clock alone: calibration and
    /// warm-up, whose times are not recorded.
    ///
    /// - Returns: The batch's raw duration in nanoseconds, timer overhead included.
    func timeBatch(of count: Int) -> UInt64 {
        setUp()
        let start = MonotonicClock.now()
        runBatch(count)
        let end = MonotonicClock.now()
        return end &- start
    }

    /// Runs set-up, then times one batch of `count` calls on both clocks: a sampled batch.
    ///
    /// The CPU readings are outside the monotonic ones, so the wall time is timed as it always was and
    /// carries none of the CPU clock's system calls.
    ///
    /// - Returns: The batch's raw durations in nanoseconds, each clock's overhead included.
    func timeBatchOnBothClocks(of count: Int) -> BatchTime {
        setUp()
        let cpuStart = ThreadCPUClock.now()
        let start = MonotonicClock.now()
        runBatch(count)
        let end = MonotonicClock.now()
        let cpuEnd = ThreadCPUClock.now()
        return BatchTime(wall: end &- start, threadCPU: cpuEnd &- cpuStart)
    }

    /// Times one call of the partner, then one call of this operation, on both clocks: the pair's raw
    /// durations, timer overhead included. Only for a measurement with a partner.
    func timePair() -> (own: BatchTime, partner: BatchTime) {
        let cpuStart = ThreadCPUClock.now()
        let start = MonotonicClock.now()
        partner!.runOne()
        let middle = MonotonicClock.now()
        let cpuMiddle = ThreadCPUClock.now()
        runBatch(1)
        let end = MonotonicClock.now()
        let cpuEnd = ThreadCPUClock.now()
        return (
            BatchTime(wall: end &- middle, threadCPU: cpuEnd &- cpuMiddle),
            BatchTime(wall: middle &- start, threadCPU: cpuMiddle &- cpuStart)
        )
    }

    /// One batch's duration on each clock, overheads included.
    struct BatchTime {
        /// On the monotonic clock: the time that passed.
        var wall: UInt64
        /// On the thread's CPU clock: the time the thread ran.
        var threadCPU: UInt64
    }
}
