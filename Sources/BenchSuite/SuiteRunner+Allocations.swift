import Harness

// The allocation pass, off the clock, after a group's sampling.
extension SuiteRunner {
    /// Allocations per operation, counted in a pass of their own, off the clock: for an operation that
    /// needs its set-up before each call, a few calls each after their set-up; for one whose call is
    /// slow (`slow`), two calls with no warm-up, since sampling has just run it: an operation that
    /// alternates two states (a value set to null and back) is counted once in each.
    static func allocations(
        _ counter: Result<AllocationCounter, AllocationCounter.Unavailable>, _ measurement: SuiteMeasurement,
        _ prepared: SuiteMeasurement.Prepared, batchSize: Int, slow: Bool = false
    ) -> Result<AllocationCount, AllocationCounter.Unavailable> {
        counter.map { counter in
            var count: AllocationCount
            if measurement.oneCallPerBatch {
                prepared.setUp()
                count = counter.measure(iterations: 1, warmUp: 0, prepared.operation)
                for _ in 1..<4 {
                    prepared.setUp()
                    let more = counter.measure(iterations: 1, warmUp: 0, prepared.operation)
                    count.iterations += more.iterations
                    count.allocations += more.allocations
                    count.bytes += more.bytes
                }
            } else if slow {
                prepared.setUp()
                count = counter.measure(iterations: 2, warmUp: 0, prepared.operation)
            } else {
                prepared.setUp()
                count = counter.measure(iterations: min(max(batchSize, 4), 256), prepared.operation)
            }
            count.iterations *= measurement.operationsPerCall
            return count
        }
    }
}
