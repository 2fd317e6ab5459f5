/// Heap allocations per operation of one measurement in both files, compared exactly.
///
/// Allocation counts come from jemalloc's exact counters, so any difference is reported. It is a
/// regression only when the two passes counted the same number of operations: the counter's pass runs
/// as many operations as the sampler's batch, which calibration sizes anew each run, and an allocation
/// made once per pass (a buffer growing) shows up as a fraction per operation that depends on that
/// number. A difference over different numbers of operations is shown, marked as not gating.
struct AllocationChange: Sendable, Equatable, Codable {
    /// Allocations per operation in OLD.
    var old: Double
    /// Allocations per operation in NEW.
    var new: Double
    /// How many operations OLD's counted pass ran.
    var oldOperations: Int
    /// How many operations NEW's counted pass ran.
    var newOperations: Int

    /// Compares two counted records; `nil` when either file has no count.
    init?(old: AllocationRecord, new: AllocationRecord) {
        guard let oldCount = old.count, let newCount = new.count else { return nil }
        self.old = oldCount.allocationsPerOperation
        self.new = newCount.allocationsPerOperation
        self.oldOperations = oldCount.iterations
        self.newOperations = newCount.iterations
    }

    /// Whether the figures differ at all.
    var isChanged: Bool { old != new }

    /// Whether a difference is the code's and not the pass length's: both passes ran as many operations.
    var isExact: Bool { oldOperations == newOperations }

    /// More allocations per operation over passes of equal length: a regression.
    var isRegression: Bool { isExact && new > old }
}
