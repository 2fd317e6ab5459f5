import Foundation
import SeededRandom
import Testing

@testable import Harness

/// Change points over a series: a step of 5 % in twenty runs is found where it is, a lone noisy run is
/// not a change, and a series with no change is seldom split.
struct ChangePointsTests {
    /// `count` medians around 1000 ns with ±`noise` uniform jitter, as logarithms.
    private func series(_ count: Int, noise: Double = 0.01, seed: UInt64, level: (Int) -> Double = { _ in 1 }) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in log(1000 * level(index) * (1 + noise * (2 * random.nextUnit() - 1))) }
    }

    @Test(arguments: [6, 10, 12, 15])
    func aStepOfFivePercentInTwentyRunsIsFoundWhereItIs(at step: Int) {
        for seed in UInt64(1)...10 {
            let found = ChangePoints(series(20, seed: seed) { $0 >= step ? 1.05 : 1 })
            #expect(found.indices == [step], "seed \(seed): \(found.indices)")
            #expect(found.pValues.allSatisfy { $0 <= 0.01 })
        }
    }

    @Test func aLoneNoisyRunIsNoChange() {
        for seed in UInt64(1)...10 {
            for outlier in [0, 1, 9, 18, 19] {
                let found = ChangePoints(series(20, seed: seed) { $0 == outlier ? 1.6 : 1 })
                #expect(found.indices.isEmpty, "seed \(seed), the run at \(outlier) 1.6× slower: \(found.indices)")
            }
        }
    }

    @Test func aSeriesWithNoChangeIsSplitAtMostAsOftenAsItsFalseAlarm() {
        let split = (UInt64(1)...200).filter { !ChangePoints(series(20, seed: $0), permutations: 199).indices.isEmpty }
        // 1 % of 200 is 2; a binomial count of 200 at 1 % exceeds 6 with a chance under 0.5 %.
        #expect(split.count <= 6, "\(split.count) of 200 flat series split: \(split)")
    }

    @Test func twoStepsAreBothFound() {
        let found = ChangePoints(series(24, noise: 0.005, seed: 7) { $0 >= 16 ? 0.9 : $0 >= 8 ? 1.08 : 1 })
        #expect(found.indices == [8, 16])
    }

    @Test func tooShortASeriesIsNeverSplit() {
        #expect(ChangePoints([0, 0, 0, 1, 1]).indices.isEmpty, "fewer than three runs a side")
        #expect(ChangePoints.bestSplit([0, 0, 0, 1, 1, 1], minimumSegment: 3)?.index == 3)
    }
}
