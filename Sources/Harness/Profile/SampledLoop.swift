import Foundation

/// Runs a measurement's calls over and over for a while, for a sampling profiler to watch.
///
/// Every call runs inside `timedCalls`, a function that is never inlined, so a sample whose stack
/// holds it was taken inside the timed loop, and any other sample (set-up, the clock, start-up) was
/// not: `FoldedStacks` counts the two apart by that frame. Batches grow until one takes a hundredth of
/// a second, so the clock read between them is a vanishing share of the samples.
public enum SampledLoop {
    /// The symbol fragment that marks the timed loop in a stack: `timedCalls`'s mangled name holds it.
    public static let markerFragment = "SampledLoopO10timedCalls"

    /// Runs `measurement` for about `seconds`; each batch after its set-up.
    ///
    /// - Returns: How many calls ran.
    @discardableResult
    public static func run(_ measurement: Measurement, seconds: Double, oneCallPerSetUp: Bool) -> Int {
        let end = MonotonicClock.now() &+ UInt64(seconds * 1e9)
        var batch = 1
        var calls = 0
        while MonotonicClock.now() < end {
            measurement.setUp()
            let start = MonotonicClock.now()
            timedCalls(measurement, batch)
            calls += batch
            if !oneCallPerSetUp, MonotonicClock.now() &- start < 10_000_000 { batch *= 2 }
        }
        return calls
    }

    /// The timed loop: the frame every sample inside it holds.
    @inline(never)
    static func timedCalls(_ measurement: Measurement, _ count: Int) {
        measurement.runBatch(count)
    }
}
