import Testing

@testable import Harness

/// Statistics of samples taken in several processes: the two-stage bootstrap, and Holm's adjustment
/// of many tests made at once.
struct ProcessGroupTests {
    /// Twenty samples within ±1 % of `center`.
    private func process(_ center: Double) -> [Double] {
        (0..<20).map { center * (1 + 0.01 * (Double(($0 * 7) % 20) / 10 - 1)) }
    }

    @Test func oneGroupIsTheOrdinaryBootstrap() {
        let samples = process(100)
        #expect(
            Statistics.bootstrapMedianInterval(groups: [samples], resamples: 500, seed: 7)
                == Statistics.bootstrapMedianInterval(samples, resamples: 500, seed: 7))
        #expect(
            Statistics.bootstrapMedianRatioInterval(groups: [samples], [process(90)], resamples: 500, seed: 7)
                == Statistics.bootstrapMedianRatioInterval(samples, process(90), resamples: 500, seed: 7))
    }

    @Test func processesThatDifferWidenTheIntervalThatPooledSamplesHide() {
        // Eight processes, each tight (±1 %), their centres 85 to 120: the pooled samples' interval
        // is narrow, the processes' is not.
        let groups = [100.0, 92, 110, 97, 120, 85, 104, 95].map(process)
        let pooled = Statistics.bootstrapMedianInterval(groups.flatMap { $0 }, resamples: 1000)
        let twoStage = Statistics.bootstrapMedianInterval(groups: groups, resamples: 1000)
        #expect(twoStage.upper - twoStage.lower > 3 * (pooled.upper - pooled.lower), "\(twoStage) vs \(pooled)")
        #expect(twoStage.method.hasPrefix("two-stage"), "the recipe says how it was drawn")
    }

    @Test func aRatioIntervalOfOneSetAgainstItselfHoldsOne() {
        let groups = [100.0, 92, 110, 97, 120, 85, 104, 95].map(process)
        let interval = Statistics.bootstrapMedianRatioInterval(groups: groups, groups, resamples: 1000)
        #expect(interval.lower < 1 && interval.upper > 1)
        let shifted = groups.map { $0.map { $0 * 1.5 } }
        let apart = Statistics.bootstrapMedianRatioInterval(groups: shifted, groups, resamples: 1000)
        #expect(apart.lower > 1.2, "half again as slow in every process: \(apart)")
    }

    @Test func pairedProcessesCancelWhatEachProcessDidToBothSides() {
        // The same eight processes measured both: each process's slowness (85 to 120) on both sides,
        // and the numerator 1.25 times the denominator in every one of them.
        let bottom = [100.0, 92, 110, 97, 120, 85, 104, 95].map(process)
        let top = bottom.map { $0.map { $0 * 1.25 } }
        let apart = Statistics.bootstrapMedianRatioInterval(groups: top, bottom, resamples: 1000)
        let paired = Statistics.bootstrapPairedMedianRatioInterval(groups: top, bottom, resamples: 1000)
        #expect(paired.lower <= 1.25 && paired.upper >= 1.25, "\(paired)")
        #expect(paired.upper - paired.lower < 0.05, "drawn together, the processes' own spread cancels: \(paired)")
        #expect(apart.upper - apart.lower > 4 * (paired.upper - paired.lower), "drawn apart, it does not: \(apart)")
        #expect(paired.method.hasPrefix("paired"), "the recipe says how it was drawn")
        #expect(paired == Statistics.bootstrapPairedMedianRatioInterval(groups: top, bottom, resamples: 1000), "seeded")
    }

    @Test func holmMultipliesTheSmallestMostAndNeverReordersTheVerdicts() {
        // Sorted: 0.005 × 4 = 0.02, 0.01 × 3 = 0.03, 0.03 × 2 = 0.06, 0.04 × 1 = 0.04, raised to 0.06.
        let adjusted = Statistics.holmAdjusted([0.01, 0.04, 0.03, 0.005])
        let expected = [0.03, 0.06, 0.06, 0.02]
        for (value, want) in zip(adjusted, expected) { #expect(abs(value - want) < 1e-12, "\(adjusted)") }
        #expect(Statistics.holmAdjusted([0.5, 0.9]) == [1, 1], "0.5 × 2 is capped at 1, and 0.9 raised to it")
        #expect(Statistics.holmAdjusted([0.02]) == [0.02], "one test is not adjusted")
        #expect(Statistics.holmAdjusted([]).isEmpty)
    }
}
