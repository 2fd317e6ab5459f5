/// A named operation to time, with the set-up that puts its state in place.
///
/// The harness knows nothing of what it measures: a workload hands it a closure. The closure's result
/// goes to `blackHole(_:)` on every call, so work that produces it cannot be dropped. The operation is
/// called through a closure the batch loop cannot see into, so its work cannot be hoisted out of the
/// loop either; that indirect call (a few nanoseconds) is in every figure, alike for every strategy.
public struct Measurement {
    /// The measurement's stable name, `subject.operation(variant)`: the join key across results files.
    public let name: String
    /// Runs before every batch, off the clock.
    let setUp: () -> Void
    /// Runs the operation the given number of times, black-holing each result.
    let runBatch: (Int) -> Void
    /// A batch timed before the sampler began, when one was: calibration takes its size instead of
    /// doubling from 1, and, with no warm-up batch, its time is the batch's expected length.
    public var knownBatch: KnownBatch?

    /// A batch timed before sampling: the one call a runner times to see how slow an operation is.
    public struct KnownBatch: Sendable, Equatable {
        /// Calls in the batch.
        public var size: Int
        /// Its duration, timer overhead included.
        public var nanoseconds: UInt64

        /// Creates a known batch.
        public init(size: Int, nanoseconds: UInt64) {
            self.size = size
            self.nanoseconds = nanoseconds
        }
    }

    /// Creates a measurement of `operation`.
    ///
    /// - Parameters:
    ///   - name: A stable name, `subject.operation(variant)`.
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
    }

    /// Runs set-up, then times one batch of `count` calls.
    ///
    /// - Returns: The batch's raw duration in nanoseconds, timer overhead included.
    func timeBatch(of count: Int) -> UInt64 {
        setUp()
        let start = MonotonicClock.now()
        runBatch(count)
        let end = MonotonicClock.now()
        return end &- start
    }
}
