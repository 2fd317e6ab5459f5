import Testing

@testable import Harness

/// The speed probe: the same work every reading, and one reading a round beside the sampler's
/// batches. No test here asserts a duration.
struct SpeedProbeTests {
    @Test func theChainIsFixedWorkThatDependsOnItsSeed() {
        #expect(SpeedProbe.chain(from: 7, steps: SpeedProbe.steps) == SpeedProbe.chain(from: 7, steps: SpeedProbe.steps))
        #expect(SpeedProbe.chain(from: 7, steps: SpeedProbe.steps) != SpeedProbe.chain(from: 8, steps: SpeedProbe.steps))
        #expect(SpeedProbe.chain(from: 7, steps: 0) == 7, "no step leaves the seed")
        var value: UInt64 = 7
        value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        value ^= value >> 29
        #expect(SpeedProbe.chain(from: 7, steps: 1) == value, "one step: a linear congruential step, then an xor-shift")
    }

    @Test func aReadingIsSomeTimeOnTheThreadsClock() {
        #expect(SpeedProbe.read() > 0)
    }

    @Test func theSamplerKeepsTheMedianOfARoundsReadingForEveryMeasurementOfTheRounds() {
        let counter = SamplerTests.Counter()
        let sampler = Sampler(policy: SamplerTests.quickPolicy(samples: 5), timer: SamplerTests.timer)
        let results = sampler.runInterleaved(
            [Measurement("a") { counter.operations += 1 }, Measurement("b") { counter.operations += 1 }], order: .shuffled(seed: 3))
        #expect(counter.operations > 0)
        // Thousands of dependent multiplications take more than a nanosecond on any core: a smaller
        // figure is a reading mangled on its way (once, its bits read as a Double's).
        #expect(results.allSatisfy { ($0.speedProbeNanoseconds ?? 0) >= 1 }, "a reading for each, in nanoseconds")
        #expect(results[0].speedProbeNanoseconds == results[1].speedProbeNanoseconds, "one set of rounds, one median")
    }
}
