import Harness

// The allocation pass, off the clock, after a group's sampling.
extension SuiteRunner {
    /// Allocations per operation, counted in a pass of their own, off the clock: for an operation that
    /// needs its set-up before each call, four calls each after their set-up, or two when one call
    /// takes `longSetUpCallNanoseconds` or more; for one whose call is slow (`slow`), two calls with
    /// no warm-up, since sampling has just run it: an operation that alternates two states (a value
    /// set to null and back) is counted once in each.
    ///
    /// - Parameter oneCall: How long one call took, timed before sampling.
    static func allocations(
        _ counter: Result<AllocationCounter, AllocationCounter.Unavailable>, _ measurement: SuiteMeasurement,
        _ prepared: SuiteMeasurement.Prepared, batchSize: Int, oneCall: Double = 0
    ) -> Result<AllocationCount, AllocationCounter.Unavailable> {
        let slow = oneCall > slowCallNanoseconds
        return counter.map { counter in
            var count: AllocationCount
            if measurement.oneCallPerBatch {
                prepared.setUp()
                count = counter.measure(iterations: 1, warmUp: 0, prepared.operation)
                for _ in 1..<(oneCall >= longSetUpCallNanoseconds ? 2 : 4) {
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

    /// A call at least this long, after its set-up, is counted twice rather than four times: a frame
    /// allocates alike call after call (the figures of record's frames count exactly four times what
    /// one call allocates), and its four calls were half of the first fork's allocation pass.
    static let longSetUpCallNanoseconds: Double = 5_000_000
}
