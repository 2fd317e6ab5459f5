import SeededRandom
import Testing

@testable import Harness

/// Confidence intervals and the seeded generator they draw from.
struct IntervalTests {
    @Test func splitMix64MatchesTheReferenceStream() {
        // The first outputs of the reference implementation (Vigna's splitmix64.c) for seed 1234567.
        var generator = SplitMix64(seed: 1_234_567)
        let expected: [UInt64] = [
            6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
            4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
        ]
        #expect((0..<5).map { _ in generator.next() } == expected)
    }

    @Test func boundedDrawsStayInRangeAndReachEveryValue() {
        var generator = SplitMix64(seed: 42)
        var seen = Set<Int>()
        for _ in 0..<1000 {
            let draw = generator.next(below: 7)
            #expect((0..<7).contains(draw), "draw \(draw) outside 0..<7")
            seen.insert(draw)
        }
        #expect(seen.count == 7, "1000 uniform draws over 7 values should reach them all")
    }

    @Test func bootstrapIsDeterministicForASeed() {
        let samples = (0..<200).map { Double(($0 * 37) % 101) }
        let first = Statistics.bootstrapMedianInterval(samples, resamples: 1000, seed: 99)
        let second = Statistics.bootstrapMedianInterval(samples, resamples: 1000, seed: 99)
        let other = Statistics.bootstrapMedianInterval(samples, resamples: 1000, seed: 100)
        #expect(first == second, "same samples and seed must give the same interval")
        #expect(first != other, "another seed draws other resamples")
        #expect(first.seed == 99 && first.resamples == 1000, "the recipe is recorded")
    }

    @Test func bootstrapIntervalSurroundsTheMedian() {
        let samples = (1...99).map(Double.init)
        let interval = Statistics.bootstrapMedianInterval(samples)
        #expect(interval.lower <= 50 && 50 <= interval.upper, "median 50 outside [\(interval.lower), \(interval.upper)]")
        #expect(interval.lower > 30 && interval.upper < 70, "a 95 % interval of 99 samples is far narrower than the range")
    }

    @Test func bootstrapOfConstantSamplesIsAPoint() {
        let interval = Statistics.bootstrapMedianInterval([3, 3, 3, 3])
        #expect(interval.lower == 3 && interval.upper == 3)
        #expect(interval.relativeHalfWidth(around: 3) == 0)
    }

    @Test func resampledMedianOfAResampleDrawingEverySampleOnceIsTheMedian() {
        // With one sample, every resample is that sample; with two, the median is one of 1, 1.5, 2.
        var generator = SplitMix64(seed: 1)
        var single = MedianResampler(sorted: [5])
        #expect(single.resampledMedian(using: &generator) == 5)
        var pair = MedianResampler(sorted: [1, 2])
        for _ in 0..<50 {
            let median = pair.resampledMedian(using: &generator)
            #expect([1, 1.5, 2].contains(median), "median of a resample of {1, 2} was \(median)")
        }
    }

    @Test func ratioOfMediansOfProportionalSamplesIsExact() {
        let base = (1...50).map(Double.init)
        let interval = Statistics.bootstrapMedianRatioInterval([4, 4, 4], [2, 2, 2])
        #expect(interval.lower == 2 && interval.upper == 2, "4 / 2 in every resample")
        let spread = Statistics.bootstrapMedianRatioInterval(base.map { $0 * 3 }, base, seed: 5)
        #expect(spread.lower < 3 && 3 < spread.upper, "independent resampling varies around the true ratio 3")
    }

    @Test func orderStatisticIntervalUsesTheTabulatedRanks() {
        // n = 100 at 95 %: ranks ⌊50 - 9.8⌋ = 40 and ⌈50 + 9.8⌉ + 1 = 61 (Conover's table agrees).
        let interval = Statistics.orderStatisticMedianInterval((1...100).map(Double.init).reversed())
        #expect(interval.lower == 40)
        #expect(interval.upper == 61)
        let tiny = Statistics.orderStatisticMedianInterval([1, 2])
        #expect(tiny.lower == 1 && tiny.upper == 2, "ranks clamp to the samples")
    }
}
