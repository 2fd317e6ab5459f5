import SeededRandom

/// Times measurements in fixed batches, alone or interleaved, until they are precise enough.
///
/// For each measurement: calibrate (double the batch size from 1 until one batch takes at least the
/// policy's target), warm up (whole batches, timings discarded), then sample. A sample is one batch:
/// `(batch time - timer overhead) / batch size`. Interleaved measurements take their samples in rounds,
/// one batch each per round, so frequency scaling, thermal drift or a noisy neighbour hits all of them
/// alike. Sampling stops when every measurement's median is precise enough, or at the time budget or
/// sample maximum, never before the sample minimum.
public struct Sampler {
    /// The order in which interleaved measurements take their batches within a round.
    public enum RoundOrder: Sendable, Equatable {
        /// The order given, every round: A B A B ...
        case alternating
        /// A fresh order every round, shuffled with a `SplitMix64` seeded with `seed`: whatever one
        /// measurement's batch leaves behind (caches, the allocator's state, garbage) falls on each of
        /// the others alike over the rounds, not on the same next one every time.
        case shuffled(seed: UInt64)
    }

    /// The policy every run follows.
    public var policy: SamplingPolicy
    /// The clock's measured overhead, subtracted from every batch.
    public var timer: TimerCharacteristics
    /// Called between batches with where the sampler is; never on the clock.
    public var progress: ((SamplingProgress) -> Void)?

    /// A sampler following `policy`, whose bounds are checked here: an incoherent one (say `maximumSamples`
    /// below `minimumSamples`) traps, naming the field.
    ///
    /// - Parameters:
    ///   - policy: Bounds on batches, warm-up, samples and time.
    ///   - timer: The clock's characteristics, from `TimerCharacteristics.measure()` at start-up.
    ///   - progress: Called at each stage change and each precision check.
    public init(
        policy: SamplingPolicy = SamplingPolicy(),
        timer: TimerCharacteristics,
        progress: ((SamplingProgress) -> Void)? = nil
    ) {
        policy.validate()
        self.policy = policy
        self.timer = timer
        self.progress = progress
    }

    /// Measures one operation.
    ///
    /// - Parameter measurement: The operation and its set-up; one with no partner.
    /// - Returns: The raw batches, the samples, the invocation counts and their summary.
    public func run(_ measurement: Measurement) -> MeasurementResult {
        precondition(measurement.partner == nil, "a measurement with a partner has two results: runInterleaved")
        return runInterleaved([measurement], order: .alternating)[0]
    }

    /// Measures several operations in alternating rounds, so drift hits each alike.
    ///
    /// Each measurement is calibrated on its own and keeps its own batch size. In each round each takes
    /// one batch, or, when its batches are shorter than the longest one's, as many as fit in that one
    /// up to the policy's `maximumBatchesPerRound`, all in a row. The stop rule waits for the least
    /// precise of them.
    ///
    /// - Parameters:
    ///   - measurements: At least one; names should be distinct.
    ///   - order: Fixed or shuffled order within each round.
    /// - Returns: One result per measurement, in the order given; a measurement timed in alternation
    ///   with a partner (`Measurement.init(_:operation:alternatingWith:partnerOperation:)`) is followed
    ///   by its partner's.
    public func runInterleaved(_ measurements: [Measurement], order: RoundOrder = .alternating) -> [MeasurementResult] {
        precondition(!measurements.isEmpty, "nothing to measure")
        let started = MonotonicClock.now()
        var runs = measurements.map { SamplingRun(measurement: $0) }

        for index in runs.indices {
            runs[index].calibrate(policy: policy)
            report(runs[index], .calibrating, since: started)
        }
        warmUp(&runs, since: started)
        var speedReadings: [UInt64] = []
        let stopReason = sample(&runs, order: order, since: started, speedReadings: &speedReadings)
        let speed = speedReadings.isEmpty ? nil : Statistics.median(speedReadings.map { Double($0) })

        return runs.flatMap { run in
            report(run, .finished, since: started)
            return run.results(stopReason: stopReason, timer: timer, policy: policy).map { result in
                var result = result
                result.speedProbeNanoseconds = speed
                return result
            }
        }
    }

    // MARK: - Stages

    private func warmUp(_ runs: inout [SamplingRun], since started: UInt64) {
        var pending = Array(runs.indices)
        // Round-robin, so measurements warm up under the same conditions they will be sampled in.
        while !pending.isEmpty {
            pending.removeAll { index in
                if runs[index].isWarm(policy: policy) { return true }
                runs[index].warmUpBatch(policy: policy)
                return runs[index].isWarm(policy: policy)
            }
        }
        for run in runs { report(run, .warmingUp, since: started) }
    }

    /// Samples round by round until the stopping rule ends it, reading the core's speed
    /// (`SpeedProbe`) after each round's batches into `speedReadings`.
    private func sample(
        _ runs: inout [SamplingRun], order: RoundOrder, since started: UInt64, speedReadings: inout [UInt64]
    ) -> MeasurementResult.StopReason {
        var generator = SplitMix64(seed: { if case .shuffled(let seed) = order { seed } else { 0 } }())
        var roundOrder = Array(runs.indices)
        let batchesPerRound = Self.batchesPerRound(runs.map(\.warmBatchNanoseconds), maximum: policy.maximumBatchesPerRound)
        let samplingStarted = MonotonicClock.now()
        var rule = StoppingRule(policy: policy)
        let threadCPUOverhead = timer.threadCPUOverheadNanoseconds ?? 0
        var rounds = 0
        while true {
            if case .shuffled = order { roundOrder.shuffleDeterministically(using: &generator) }
            for index in roundOrder {
                for _ in 0..<batchesPerRound[index] { runs[index].sampleBatch(overhead: timer.overheadNanoseconds, threadCPUOverhead: threadCPUOverhead) }
            }
            speedReadings.append(SpeedProbe.read())
            rounds += 1
            let check = rule.check(rounds: rounds, elapsedNanoseconds: MonotonicClock.now() &- samplingStarted) {
                runs.flatMap(\.sampleSeries)
            }
            if let widths = check.relativeHalfWidths {
                // A pair's line shows the wider of its two series.
                var series = widths[...]
                for index in runs.indices {
                    let count = runs[index].sampleSeries.count
                    report(runs[index], .sampling, since: started, relativeHalfWidth: series.prefix(count).max())
                    series = series.dropFirst(count)
                }
            }
            if let stop = check.stop { return stop }
        }
    }

    /// How many batches each measurement takes a round: as many of its batches as fit in the longest
    /// one's, at least 1 and at most `maximum`.
    ///
    /// - Parameters:
    ///   - batchNanoseconds: Each measurement's warm batch length; 0 when unknown (then 1 batch).
    ///   - maximum: The policy's `maximumBatchesPerRound`.
    static func batchesPerRound(_ batchNanoseconds: [Double], maximum: Int) -> [Int] {
        let longest = batchNanoseconds.max() ?? 0
        return batchNanoseconds.map { length in
            guard length > 0, longest.isFinite else { return 1 }
            return Swift.min(maximum, Swift.max(1, Int((longest / length).rounded(.down))))
        }
    }

    private func report(
        _ run: SamplingRun, _ stage: SamplingProgress.Stage, since started: UInt64, relativeHalfWidth: Double? = nil
    ) {
        guard let progress else { return }
        progress(
            SamplingProgress(
                name: run.measurement.name,
                stage: stage,
                batchSize: run.batchSize,
                samples: run.batchNanoseconds.count,
                relativeHalfWidth: relativeHalfWidth,
                elapsedNanoseconds: MonotonicClock.now() &- started
            ))
    }
}

extension Array {
    /// Fisher-Yates with the harness's own bounded draw, so a seed gives the same order on any toolchain.
    public mutating func shuffleDeterministically(using generator: inout SplitMix64) {
        guard count > 1 else { return }
        for last in stride(from: count - 1, to: 0, by: -1) {
            swapAt(last, generator.next(below: last + 1))
        }
    }
}
