import Foundation
import Testing

@testable import Harness

/// The rule that stops sampling, on samples made up for the purpose: it stops early where samples
/// agree, keeps going where they do not, up to its cap, and never before its minimum.
struct StoppingRuleTests {
    /// A fork's policy, with a budget no simulated round reaches unless a test says so.
    static func policy(minimum: Int = 6, maximum: Int = 40, target: Double? = 0.01) -> SamplingPolicy {
        var policy = SamplingPolicy()
        policy.minimumSamples = minimum
        policy.maximumSamples = maximum
        policy.targetRelativeHalfWidth = target
        policy.timeBudgetNanoseconds = 1_000_000_000
        return policy
    }

    /// Samples within a few hundredths of a percent of each other.
    static func tight(_ index: Int) -> Double { 1_000 + Double(index % 3) * 0.1 }

    /// Samples spread over ±30 %, in no order.
    static func noisy(_ index: Int) -> Double { 1_000 * (1 + 0.3 * sin(Double(index) * 1.7)) }

    /// Runs the rule over rounds of one sample per measurement, each round `roundNanoseconds` long;
    /// returns why it stopped and after how many rounds.
    static func simulate(
        _ policy: SamplingPolicy, roundNanoseconds: UInt64 = 1_000, _ makers: [(Int) -> Double]
    ) -> (MeasurementResult.StopReason, Int) {
        var rule = StoppingRule(policy: policy)
        var samples = Array(repeating: [Double](), count: makers.count)
        var rounds = 0
        while true {
            for (index, make) in makers.enumerated() { samples[index].append(make(rounds)) }
            rounds += 1
            if let stop = rule.check(rounds: rounds, elapsedNanoseconds: UInt64(rounds) * roundNanoseconds, samples: { samples }).stop {
                return (stop, rounds)
            }
        }
    }

    @Test func tightSamplesStopAtTheFirstCheck() {
        let policy = Self.policy()
        let (reason, rounds) = Self.simulate(policy, [Self.tight])
        #expect(reason == .precisionReached)
        #expect(rounds == policy.minimumSamples, "the first check is at the minimum, and tight samples pass it")
    }

    @Test func noisySamplesGoOnToTheCap() {
        let policy = Self.policy()
        let (reason, rounds) = Self.simulate(policy, [Self.noisy])
        #expect(reason == .maximumSamples)
        #expect(rounds == policy.maximumSamples)
    }

    @Test func noisySamplesStopAtTheBudgetWhenItComesFirst() {
        let policy = Self.policy()
        let round = policy.timeBudgetNanoseconds / 10
        let (reason, rounds) = Self.simulate(policy, roundNanoseconds: round, [Self.noisy])
        #expect(reason == .timeBudget)
        #expect(rounds == 10, "the budget is spent after ten rounds of a tenth of it")
    }

    @Test func theMinimumIsTakenEvenPastTheBudget() {
        let policy = Self.policy()
        let (reason, rounds) = Self.simulate(policy, roundNanoseconds: policy.timeBudgetNanoseconds * 2, [Self.noisy])
        #expect(reason == .timeBudget)
        #expect(rounds == policy.minimumSamples)
    }

    @Test func interleavedMeasurementsWaitForTheLeastPrecise() {
        let policy = Self.policy()
        #expect(Self.simulate(policy, [Self.tight, Self.noisy]).0 == .maximumSamples, "one noisy measurement keeps both going")
        #expect(Self.simulate(policy, [Self.tight, Self.tight]) == (.precisionReached, policy.minimumSamples))
    }

    @Test func withoutATargetOnlyTheBoundsStop() {
        let policy = Self.policy(target: nil)
        #expect(Self.simulate(policy, [Self.tight]) == (.maximumSamples, policy.maximumSamples))
    }

    @Test func aMedianOfZeroIsNeverPrecise() {
        let policy = Self.policy()
        #expect(Self.simulate(policy, [{ _ in 0 }]).0 == .maximumSamples, "a relative width around zero is no width")
    }

    @Test func checksAreSpacedByATenthOfTheRounds() {
        var rule = StoppingRule(policy: Self.policy(minimum: 20, maximum: 1_000))
        let checked = (1...60).filter { rounds in
            rule.check(rounds: rounds, elapsedNanoseconds: 0) { [(0..<rounds).map(Self.noisy)] }.relativeHalfWidths != nil
        }
        #expect(checked == [20, 22, 24, 26, 28, 30, 33, 36, 39, 42, 46, 50, 55, 60])
    }

    @Test func theDescriptionStatesThePolicysBounds() {
        let policy = Self.policy()
        let text = StoppingRule(policy: policy).description
        #expect(text.contains("at least \(policy.minimumSamples), at most \(policy.maximumSamples)"))
        #expect(text.contains("within ±\(Int(policy.targetRelativeHalfWidth! * 100)) %"))
        #expect(text.contains("\(policy.timeBudgetNanoseconds / 1_000_000) ms"))
        #expect(StoppingRule(policy: Self.policy(target: nil)).description.contains("no stop on precision"))
    }

    @Test(arguments: [(0.007, "0.7 %"), (0.95, "95 %"), (0.992, "99.2 %"), (0.01, "1 %"), (0.995833, "99.5833 %")])
    func aPercentReadsAsItWasWritten(fraction: Double, written: String) {
        #expect(StoppingRule.percent(fraction) == written)
    }

    // MARK: - A batch timed before sampling

    @Test func aKnownLongBatchSkipsCalibrationAndStandsForTheWarmUp() {
        var policy = SamplerTests.quickPolicy(samples: 3)
        policy.warmUp = .iterations(0)
        var calls = 0
        var measurement = Measurement("harness.known") { () -> Int in
            calls += 1
            return calls
        }
        measurement.knownBatch = .init(size: 1, nanoseconds: policy.targetSampleNanoseconds * 100)
        let result = Sampler(policy: policy, timer: SamplerTests.timer).run(measurement)
        #expect(result.batchSize == 1)
        #expect(result.invocations.calibration == 0 && result.invocations.warmUp == 0)
        #expect(calls == 3, "only the three samples ran")
    }

    @Test func aKnownBatchOnlyJustOverTheTargetIsCalibratedAgain() {
        var policy = SamplerTests.quickPolicy(samples: 3)
        policy.warmUp = .iterations(0)
        var measurement = Measurement("harness.known-short") { 1 }
        measurement.knownBatch = .init(size: 1, nanoseconds: policy.targetSampleNanoseconds + 1)
        let result = Sampler(policy: policy, timer: SamplerTests.timer).run(measurement)
        #expect(result.invocations.calibration > 0, "a batch that may have been cold proves nothing")
    }

    // MARK: - A batch size from another run

    @Test func aFixedBatchSizeIsTakenAsGivenAndTimedOnce() {
        var policy = SamplerTests.quickPolicy(samples: 3)
        policy.warmUp = .iterations(0)
        var calls = 0
        // Calibration would double far past 5: a call takes nanoseconds, the target 2 µs.
        var measurement = Measurement("harness.fixed") { () -> Int in
            calls += 1
            return calls
        }
        measurement.fixedBatchSize = 5
        let result = Sampler(policy: policy, timer: SamplerTests.timer).run(measurement)
        #expect(result.batchSize == 5)
        #expect(result.invocations.calibration == 5, "one batch of the given size, timed for its length")
        #expect(calls == 5 + 3 * 5, "that batch, then three samples of five calls")
    }

    @Test func aFixedBatchSizeStaysUnderThePolicysCap() {
        var policy = SamplerTests.quickPolicy(samples: 3)
        policy.maximumBatchSize = 1
        var measurement = Measurement("harness.fixed-capped") { 1 }
        measurement.fixedBatchSize = 8
        #expect(Sampler(policy: policy, timer: SamplerTests.timer).run(measurement).batchSize == 1, "a measurement of one call a batch keeps it")
    }
}
