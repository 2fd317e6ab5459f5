import Testing

@testable import Harness

/// The sampler's bookkeeping: it must run the operation exactly as often as it reports, size batches
/// as documented, and interleave rounds in the order promised. No test here asserts a duration.
struct SamplerTests {
    /// Counts calls from inside the timed closure; a class, so the closure shares it.
    final class Counter {
        var operations = 0
        var setUps = 0
        var log: [String] = []
    }

    /// A quick policy: small batches and few samples, so each test takes milliseconds.
    static func quickPolicy(samples: Int = 12) -> SamplingPolicy {
        var policy = SamplingPolicy()
        policy.targetSampleNanoseconds = 2_000
        policy.warmUp = .iterations(300)
        policy.minimumSamples = samples
        policy.maximumSamples = samples
        policy.targetRelativeHalfWidth = nil
        policy.bootstrapResamples = 100
        return policy
    }

    static let timer = TimerCharacteristics(
        overheadNanoseconds: 20, observedResolutionNanoseconds: 1, reportedResolutionNanoseconds: 1, readings: 1000)

    @Test func theOperationRunsExactlyAsOftenAsReported() {
        let counter = Counter()
        let sampler = Sampler(policy: Self.quickPolicy(), timer: Self.timer)
        let result = sampler.run(
            Measurement("harness.count", setUp: { counter.setUps += 1 }) { () -> Int in
                counter.operations += 1
                return counter.operations
            })

        #expect(counter.operations == result.invocations.total,
                "closure ran \(counter.operations) times, result claims \(result.invocations.total)")
        #expect(result.invocations.sampling == result.batchSize * result.samples.count)
        #expect(result.samples.count == 12 && result.batchNanoseconds.count == 12)
        #expect(result.stopReason == .maximumSamples, "no precision target: only the maximum can stop it")

        // Calibration doubles 1, 2, 4, ... up to the batch size, one batch per size, and times a size
        // twice more when one batch only just reached the target (a cold batch can look long).
        #expect(result.batchSize.nonzeroBitCount == 1, "batch size \(result.batchSize) is a power of two")
        let doubling = 2 * result.batchSize - 1
        #expect(result.invocations.calibration >= doubling && result.invocations.calibration <= 3 * doubling,
                "1 + 2 + ... + batchSize, some sizes timed three times")
        #expect(result.invocations.warmUp >= 300 && result.invocations.warmUp < 300 + result.batchSize,
                "warm-up stops at the first whole batch reaching 300 calls")
        let warmUpBatches = result.invocations.warmUp / result.batchSize
        let calibrationBatches = counter.setUps - warmUpBatches - result.samples.count
        let sizes = result.batchSize.trailingZeroBitCount + 1
        #expect(calibrationBatches >= sizes && calibrationBatches <= 3 * sizes,
                "set-up runs once before every batch: \(calibrationBatches) calibration batches over \(sizes) sizes")
    }

    @Test func samplesAreBatchTimesLessOverheadPerOperation() {
        let sampler = Sampler(policy: Self.quickPolicy(), timer: Self.timer)
        let result = sampler.run(Measurement("harness.arithmetic") { Int.random(in: 0..<10) &* 3 })
        for (batch, sample) in zip(result.batchNanoseconds, result.samples) {
            #expect(sample == (Double(batch) - 20) / Double(result.batchSize))
        }
        #expect(result.method == MeasurementResult.fixedBatchMethod)
        #expect(result.summary.count == result.samples.count)
        #expect(result.summary.median == Statistics.median(result.samples))
    }

    @Test func aBatchReachesTheTargetOrTheCap() {
        var policy = Self.quickPolicy()
        policy.maximumBatchSize = 8
        policy.targetSampleNanoseconds = 1_000_000_000
        let result = Sampler(policy: policy, timer: Self.timer).run(Measurement("harness.cap") { 1 })
        #expect(result.batchSize == 8, "a one-second target is out of reach, so the cap decides")
    }

    @Test func interleavedRoundsAlternate() {
        let counter = Counter()
        let sampler = Sampler(policy: Self.quickPolicy(samples: 6), timer: Self.timer)
        let results = sampler.runInterleaved(
            ["A", "B", "C"].map { name in
                Measurement(name, setUp: { counter.log.append(name) }) { counter.operations += 1 }
            })
        #expect(results.map(\.name) == ["A", "B", "C"])
        #expect(results.allSatisfy { $0.samples.count == 6 }, "every measurement takes the same number of samples")
        #expect(counter.operations == results.map(\.invocations.total).reduce(0, +))
        let rounds = Array(counter.log.suffix(18))
        #expect(rounds == Array(repeating: ["A", "B", "C"], count: 6).flatMap { $0 }, "A B C every round")
    }

    @Test(arguments: [
        ([1_000_000.0, 1_000, 0], 16, [1, 16, 1]),
        ([100.0, 250], 16, [2, 1]),
        ([100.0, 100], 16, [1, 1]),
        ([10.0, 25, 1_000], 4, [4, 4, 1]),
    ])
    func aShortBatchTakesAsManyBatchesAsFitInTheLongestUpToTheCap(lengths: [Double], cap: Int, expected: [Int]) {
        #expect(Sampler.batchesPerRound(lengths, maximum: cap) == expected)
    }

    @Test func aShortMeasurementBesideALongOneTakesSeveralBatchesEachRound() {
        let counter = Counter()
        var policy = Self.quickPolicy(samples: 5)
        policy.maximumBatchesPerRound = 4
        policy.maximumBatchSize = 1
        let long = Measurement("long", setUp: { counter.log.append("long") }) { () -> Int in
            // A millisecond of spinning: hundreds of the short one's batches.
            let start = MonotonicClock.now()
            var spins = 0
            while MonotonicClock.now() &- start < 1_000_000 { spins += 1 }
            return spins
        }
        let short = Measurement("short", setUp: { counter.log.append("short") }) { 1 }
        let results = Sampler(policy: policy, timer: Self.timer).runInterleaved([long, short])
        #expect(results[0].samples.count == 5, "the long one takes a batch a round")
        #expect(results[1].samples.count == 20, "the short one as many as fit, capped at 4 a round")
        #expect(results[1].invocations.sampling == results[1].batchSize * 20)
        let rounds = Array(counter.log.suffix(25))
        #expect(rounds == Array(repeating: ["long", "short", "short", "short", "short"], count: 5).flatMap { $0 })
    }

    @Test func shuffledRoundsHoldEachMeasurementOnceAndRepeatForASeed() {
        func sampledOrder() -> [String] {
            let counter = Counter()
            let sampler = Sampler(policy: Self.quickPolicy(samples: 20), timer: Self.timer)
            _ = sampler.runInterleaved(
                ["A", "B", "C"].map { name in Measurement(name, setUp: { counter.log.append(name) }) { 0 } },
                order: .shuffled(seed: 0x5EED))
            return Array(counter.log.suffix(60))
        }
        let order = sampledOrder()
        for round in stride(from: 0, to: 60, by: 3) {
            #expect(Set(order[round..<round + 3]) == ["A", "B", "C"], "round \(round / 3) is a permutation")
        }
        #expect(order != Array(repeating: ["A", "B", "C"], count: 20).flatMap { $0 }, "20 rounds, never shuffled?")
        #expect(order == sampledOrder(), "the policy's seed fixes the order")
    }

    @Test func progressReportsEveryStageInOrder() {
        var stages: [SamplingProgress.Stage] = []
        var policy = Self.quickPolicy(samples: 40)
        policy.minimumSamples = 20
        let sampler = Sampler(policy: policy, timer: Self.timer) { stages.append($0.stage) }
        _ = sampler.run(Measurement("harness.progress") { 0 })
        #expect(stages.first == .calibrating)
        #expect(stages.contains(.warmingUp))
        #expect(stages.contains(.sampling), "precision is checked (and reported) from the minimum on")
        #expect(stages.last == .finished)
    }

    @Test func batchRegressionCountsItsCallsAndFitsBatchSizes() {
        let counter = Counter()
        let sampler = Sampler(policy: Self.quickPolicy(), timer: Self.timer)
        let regression = sampler.batchRegression(
            Measurement("harness.regression") { () -> Int in
                counter.operations += 1
                return counter.operations
            }, steps: 4, repetitions: 3)
        #expect(counter.operations == regression.invocations)
        #expect(regression.batchSizes.count == 12 && regression.fit.points == 4, "12 batches, one point per size")
        let base = regression.batchSizes.min()!
        #expect(Set(regression.batchSizes) == [base, 2 * base, 3 * base, 4 * base])
        let sizes = [base, 2 * base, 3 * base, 4 * base]
        let medians = sizes.map { size in
            Statistics.median(zip(regression.batchSizes, regression.batchNanoseconds).filter { $0.0 == size }.map { Double($0.1) })
        }
        let refit = Statistics.linearFit(x: sizes.map { Double($0) }, y: medians)
        #expect(regression.fit == refit, "the line goes through each size's median recorded time, converted by value")
    }

    /// Two operations that each need the other's state: every call of each must find the state the
    /// other left, each is reported under its own name, and every call is a sample of one of them.
    @Test func aPairAlternatesEachCallTheOthersSetUpAndReportsBoth() {
        final class Toggle {
            var landed = false
            var misplaced = 0
            var calls = (land: 0, clear: 0)
        }
        let toggle = Toggle()
        var policy = Self.quickPolicy(samples: 5)
        policy.maximumBatchesPerRound = 3
        let sampler = Sampler(policy: policy, timer: Self.timer)
        let pair = Measurement(
            "land", operation: { () -> Bool in
                if toggle.landed { toggle.misplaced += 1 }
                toggle.landed = true
                toggle.calls.land += 1
                return toggle.landed
            },
            alternatingWith: "clear",
            partnerOperation: { () -> Bool in
                if !toggle.landed { toggle.misplaced += 1 }
                toggle.landed = false
                toggle.calls.clear += 1
                return toggle.landed
            })
        // Starting landed, as a world is before its first clearing: the first clear finds its state.
        toggle.landed = true
        let solo = Measurement("solo") { 1 }
        let results = sampler.runInterleaved([pair, solo])

        #expect(results.map(\.name) == ["land", "clear", "solo"], "the partner's result follows its measurement's")
        #expect(toggle.misplaced == 0, "every call started from the state the other left")
        #expect(toggle.calls.land == toggle.calls.clear, "calls in pairs")
        let (land, clear) = (results[0], results[1])
        #expect(land.batchSize == 1 && clear.batchSize == 1, "a pair's batch is one call of each")
        #expect(land.samples.count == clear.samples.count && land.samples.count >= 5)
        #expect(land.invocations.total == toggle.calls.land, "every land call is counted: calibration, warm-up, samples")
        #expect(clear.invocations == land.invocations)
    }
}
