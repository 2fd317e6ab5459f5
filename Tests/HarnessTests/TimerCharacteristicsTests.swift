import Foundation
import Testing

@testable import Harness

/// The clock and what `TimerCharacteristics.measure` finds out about it.
struct TimerCharacteristicsTests {
    @Test func theClockNeverGoesBackwards() {
        var previous = MonotonicClock.now()
        for _ in 0..<10_000 {
            let current = MonotonicClock.now()
            #expect(current >= previous, "CLOCK_MONOTONIC went from \(previous) to \(current)")
            previous = current
        }
    }

    @Test(arguments: [(1_000, 1_000), (2_500, 2_000), (10_999, 10_000)])
    func readingsAreTakenInWholeRoundsOfAThousand(asked: Int, taken: Int) {
        #expect(TimerCharacteristics.measure(readings: asked).readings == taken,
                "the overhead is a median of round means, so a part round is not taken")
    }

    @Test func theFiguresDescribeAClockThatMoves() {
        let timer = TimerCharacteristics.measure(readings: 10_000)
        #expect(timer.overheadNanoseconds > 0, "10 000 readings cannot all land on one tick")
        #expect(timer.observedResolutionNanoseconds > 0, "some back-to-back readings differ")
        #expect(timer.observedResolutionNanoseconds >= MonotonicClock.reportedResolution(),
                "no two readings can differ by less than the tick the kernel reports")
    }

    @Test func theFiguresSurviveAResultsFile() throws {
        let timer = TimerCharacteristics.measure(readings: 1_000)
        let decoded = try JSONDecoder().decode(TimerCharacteristics.self, from: JSONEncoder().encode(timer))
        #expect(decoded == timer)
    }
}
