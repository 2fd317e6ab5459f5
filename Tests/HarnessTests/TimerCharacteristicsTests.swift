import Testing

@testable import Harness

/// The clock and its measured characteristics.
struct TimerCharacteristicsTests {
    @Test func theClockNeverGoesBackwards() {
        var previous = MonotonicClock.now()
        for _ in 0..<10_000 {
            let current = MonotonicClock.now()
            #expect(current >= previous, "CLOCK_MONOTONIC went from \(previous) to \(current)")
            previous = current
        }
    }

    @Test func characteristicsAreMeasuredNotAssumed() {
        let timer = TimerCharacteristics.measure(readings: 10_000)
        #expect(timer.readings == 10_000)
        #expect(timer.overheadNanoseconds > 0, "reading a clock costs something")
        #expect(timer.observedResolutionNanoseconds > 0, "some back-to-back readings differ")
        #expect(timer.reportedResolutionNanoseconds == MonotonicClock.reportedResolution())
        #expect(timer.observedResolutionNanoseconds >= timer.reportedResolutionNanoseconds,
                "no difference can be finer than the clock's tick")
        #expect(timer.clock == "clock_gettime(CLOCK_MONOTONIC)")
    }
}
