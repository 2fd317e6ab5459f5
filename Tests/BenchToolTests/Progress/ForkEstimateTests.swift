import Testing

@testable import BenchTool

/// The estimate a fork is told: each fork predicted from the forks that have ended, the first from
/// its own pace; and its option text, read back.
struct ForkEstimateTests {
    @Test func beforeAnyForkHasEndedTheFirstPredictsTheRestFromItsPace() throws {
        let estimates = ForkEstimate.forRun(counts: [30, 30, 10, 10], seconds: [])
        #expect(estimates.map(\.doneBefore) == [0, 0.375, 0.75, 0.875])
        #expect(estimates.map(\.share) == [0.375, 0.375, 0.125, 0.125])
        let first = estimates[0]
        #expect(first.forkSeconds == nil && first.afterSeconds == nil)
        #expect(abs(first.restWeight - 50.0 / 30.0) < 1e-12, "the rest times 50 measurements to this fork's 30")
        #expect(first.secondsLeft(elapsed: 0.5, forkFraction: 0.05) == nil, "too little of the fork to tell its pace")
        // A fifth of the fork in 2 s: a fork of 10 s, 8 s of it left, then 50/30 of a fork.
        let left = try #require(first.secondsLeft(elapsed: 2, forkFraction: 0.2))
        #expect(abs(left - (8 + 10 * 50.0 / 30.0)) < 1e-9)
    }

    @Test func aForkThatEndedPredictsTheForksThatTimeAsManyAndScalesToTheOthers() throws {
        let estimates = ForkEstimate.forRun(counts: [30, 30, 10, 10], seconds: [12, 9])
        let third = estimates[2]
        #expect(third.forkSeconds == 3, "no fork of 10 has ended: the last fork's 9 s, times 10/30")
        #expect(third.afterSeconds == 3)
        #expect(third.secondsLeft(elapsed: 1, forkFraction: 0.5) == 5, "2 s of its own, 3 of the last fork")
        #expect(third.secondsLeft(elapsed: 4, forkFraction: 0.9) == 3, "a fork running late has no time left of its own")
        let fourth = ForkEstimate.forRun(counts: [30, 30, 10, 10], seconds: [12, 9, 4])[3]
        #expect(fourth.forkSeconds == 4 && fourth.afterSeconds == 0, "the last fork of 10 measurements took 4 s")
        #expect(fourth.runFraction(forkFraction: 0.5) == 0.9375)
    }

    @Test func itsOptionTextReadsBack() throws {
        for estimate in ForkEstimate.forRun(counts: [38, 29, 29], seconds: []) + ForkEstimate.forRun(counts: [38, 29, 29], seconds: [17.5]) {
            #expect(ForkEstimate(argument: estimate.argument) == estimate, "\(estimate.argument)")
        }
        #expect(ForkEstimate(argument: "0.5,0.5,1,-") == nil)
        #expect(ForkEstimate(argument: "0.5,0.5,1,x,-") == nil)
    }
}
