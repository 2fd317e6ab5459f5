import Foundation
import SeededRandom
import Testing

@testable import Harness

/// The ratio of two builds' forks' medians and its distribution-free interval: against hand-worked
/// cases, the rank test it inverts, and its coverage over drawn processes.
struct RatioOfProcessesTests {
    @Test func fourAgainstFourTakesTheExtremePairs() throws {
        // 4 against 4: P(U ≤ 0) = 1/70 ≤ 2.5 % < P(U ≤ 1) = 2/70, so k = 1: the interval runs from the
        // least pairwise ratio to the greatest.
        let old = [100.0, 101, 102, 103]
        let new = [110.0, 111, 112, 113]
        let ratio = try #require(RatioOfProcesses(new: new, old: old, level: 0.95))
        #expect(abs(ratio.interval.lower - 110 / 103) < 1e-12 && abs(ratio.interval.upper - 113 / 100) < 1e-12)
        #expect(ratio.ratio > ratio.interval.lower && ratio.ratio < ratio.interval.upper)
    }

    @Test(arguments: [(2, 2), (3, 3), (2, 6)])
    func tooFewProcessesReachNoInterval(newCount: Int, oldCount: Int) {
        let values = (0..<max(newCount, oldCount)).map { 100 + Double($0) }
        #expect(RatioOfProcesses(new: Array(values.prefix(newCount)), old: Array(values.prefix(oldCount)), level: 0.95) == nil)
    }

    @Test func aFigureThatIsNotPositiveGivesNoRatio() {
        #expect(RatioOfProcesses(new: [1, 2, 3, 4, 5], old: [0, 2, 3, 4, 5], level: 0.95) == nil)
    }

    @Test(arguments: [5, 8, 16, 30])
    func theIntervalExcludesOneExactlyWhenTheRankTestRejects(count: Int) {
        // The interval is the rank test inverted: over many draws, the two agree every time.
        var random = SplitMix64(seed: UInt64(count))
        for _ in 0..<200 {
            let shift = 1 + 0.1 * random.nextUnit()
            let old = (0..<count).map { _ in 100 * (1 + 0.2 * random.nextUnit()) }
            let new = (0..<count).map { _ in 100 * shift * (1 + 0.2 * random.nextUnit()) }
            guard let ratio = RatioOfProcesses(new: new, old: old, level: 0.95) else { continue }
            let excludesOne = ratio.interval.lower > 1 || ratio.interval.upper < 1
            let test = Statistics.mannWhitneyU(new, old)
            // At the boundary the normal approximation's p and the rank's cut can disagree by a hair.
            guard abs(test.pValue - 0.05) > 0.005 else { continue }
            #expect(excludesOne == (test.pValue < 0.05), "\(count) a side: p \(test.pValue), \(ratio.interval)")
        }
    }

    @Test(arguments: [(8, 1.0), (16, 1.1), (32, 0.9)])
    func theIntervalHoldsTheTrueFactorAtLeastAtItsLevel(count: Int, factor: Double) {
        // Processes drawn bimodal, as this machine's are (a quarter 1.6x slow), the new ones scaled by
        // `factor`: the 95 % interval must hold `factor` in at least 95 % of draws, less what 2,000
        // draws cannot tell apart from it (three standard errors, 1.5 %).
        var random = SplitMix64(seed: 0xFACADE ^ UInt64(count))
        func process() -> Double { (random.nextUnit() < 0.25 ? 1.6 : 1.0) * 100 * (1 + 0.05 * random.nextUnit()) }
        var held = 0
        let draws = 2_000
        for _ in 0..<draws {
            let old = (0..<count).map { _ in process() }
            let new = (0..<count).map { _ in factor * process() }
            let ratio = RatioOfProcesses(new: new, old: old, level: 0.95)!
            if ratio.interval.lower <= factor && factor <= ratio.interval.upper { held += 1 }
        }
        #expect(Double(held) / Double(draws) >= 0.935, "\(held) of \(draws)")
    }

    @Test func theNormalQuantileIsRight() {
        #expect(abs(RatioOfProcesses.standardNormalQuantile(0.975) - 1.959_963_985) < 1e-8)
        #expect(abs(RatioOfProcesses.standardNormalQuantile(0.5)) < 1e-10)
    }
}
