/// One measurement's state while the sampler runs it: batch size, timings and invocation counts.
struct SamplingRun {
    let measurement: Measurement
    private(set) var batchSize = 0
    private(set) var batchNanoseconds: [UInt64] = []
    private(set) var samples: [Double] = []
    private(set) var batchThreadCPUNanoseconds: [UInt64] = []
    private(set) var threadCPUSamples: [Double] = []
    private(set) var calibrationInvocations = 0
    private(set) var warmUpInvocations = 0
    private var warmUpNanoseconds: UInt64 = 0
    /// The last calibration batch's duration: the batch length when no warm-up batch ran.
    private var calibratedNanoseconds: UInt64 = 0
    /// The partner's batches and samples, for a measurement timed in alternation with one.
    private(set) var partnerBatchNanoseconds: [UInt64] = []
    private(set) var partnerSamples: [Double] = []
    private(set) var partnerBatchThreadCPUNanoseconds: [UInt64] = []
    private(set) var partnerThreadCPUSamples: [Double] = []

    init(measurement: Measurement) {
        self.measurement = measurement
    }

    /// Doubles the batch from 1 until one batch takes at least the target, or takes the measurement's
    /// fixed size (within the policy's cap) and times one batch of it; the batches run count too.
    mutating func calibrate(policy: SamplingPolicy) {
        // A pair holds one call of each, whatever it takes: each call needs the other's first.
        if measurement.partner != nil {
            batchSize = 1
            calibratedNanoseconds = timeBatch()
            calibrationInvocations += 1
            return
        }
        if let fixed = measurement.fixedBatchSize {
            batchSize = max(1, min(fixed, policy.maximumBatchSize))
            if let known = measurement.knownBatch, known.size == batchSize {
                calibratedNanoseconds = known.nanoseconds
            } else {
                calibratedNanoseconds = measurement.timeBatch(of: batchSize)
                calibrationInvocations += batchSize
            }
            return
        }
        // A batch already timed long enough, well clear of the target (as below, a cold batch only
        // just over it proves nothing), is the size doubling would reach first: no need to run it again.
        if let known = measurement.knownBatch, known.nanoseconds >= policy.targetSampleNanoseconds &* 10,
            known.size <= policy.maximumBatchSize
        {
            batchSize = known.size
            calibratedNanoseconds = known.nanoseconds
            return
        }
        var candidate = 1
        while true {
            var elapsed = measurement.timeBatch(of: candidate)
            calibrationInvocations += candidate
            // One cold batch (caches emptied by the measurement sampled before it) can look ten times
            // its warm length; unless it is clearly long enough, it must be long enough warm too.
            if elapsed >= policy.targetSampleNanoseconds, elapsed < policy.targetSampleNanoseconds &* 10 {
                for _ in 0..<2 {
                    elapsed = min(elapsed, measurement.timeBatch(of: candidate))
                    calibrationInvocations += candidate
                }
            }
            if elapsed >= policy.targetSampleNanoseconds || candidate >= policy.maximumBatchSize {
                batchSize = candidate
                calibratedNanoseconds = elapsed
                return
            }
            candidate = min(candidate * 2, policy.maximumBatchSize)
        }
    }

    mutating func warmUpBatch(policy: SamplingPolicy) {
        warmUpNanoseconds &+= timeBatch()
        warmUpInvocations += batchSize
    }

    /// Times one batch off the record (calibration, warm-up): a pair's both calls together.
    private func timeBatch() -> UInt64 {
        guard measurement.partner != nil else { return measurement.timeBatch(of: batchSize) }
        let pair = measurement.timePair()
        return pair.own.wall &+ pair.partner.wall
    }

    /// The mean length of a warm-up batch, or with none the last calibration batch's: how long one of
    /// its sampled batches will take.
    var warmBatchNanoseconds: Double {
        let batches = batchSize > 0 ? warmUpInvocations / batchSize : 0
        return batches > 0 ? Double(warmUpNanoseconds) / Double(batches) : Double(calibratedNanoseconds)
    }

    func isWarm(policy: SamplingPolicy) -> Bool {
        switch policy.warmUp {
        case .duration(let nanoseconds): warmUpNanoseconds >= nanoseconds
        case .iterations(let count): warmUpInvocations >= count
        }
    }

    /// Times one batch on both clocks, each sample less its clock's overhead.
    mutating func sampleBatch(overhead: Double, threadCPUOverhead: Double) {
        if measurement.partner != nil {
            let pair = measurement.timePair()
            partnerBatchNanoseconds.append(pair.partner.wall)
            partnerSamples.append(Double(pair.partner.wall) - overhead)
            partnerBatchThreadCPUNanoseconds.append(pair.partner.threadCPU)
            partnerThreadCPUSamples.append(Double(pair.partner.threadCPU) - threadCPUOverhead)
            batchNanoseconds.append(pair.own.wall)
            samples.append(Double(pair.own.wall) - overhead)
            batchThreadCPUNanoseconds.append(pair.own.threadCPU)
            threadCPUSamples.append(Double(pair.own.threadCPU) - threadCPUOverhead)
            return
        }
        let elapsed = measurement.timeBatchOnBothClocks(of: batchSize)
        batchNanoseconds.append(elapsed.wall)
        // Not clamped at zero: a sample below the overhead would be a finding, not something to hide.
        samples.append((Double(elapsed.wall) - overhead) / Double(batchSize))
        batchThreadCPUNanoseconds.append(elapsed.threadCPU)
        threadCPUSamples.append((Double(elapsed.threadCPU) - threadCPUOverhead) / Double(batchSize))
    }

    /// Every series this run samples: its own, then its partner's when it has one.
    var sampleSeries: [[Double]] {
        measurement.partner == nil ? [samples] : [samples, partnerSamples]
    }

    /// The results of every series, in `sampleSeries`' order.
    func results(
        stopReason: MeasurementResult.StopReason, timer: TimerCharacteristics, policy: SamplingPolicy
    ) -> [MeasurementResult] {
        let own = result(
            measurement.name, batchNanoseconds, samples, batchThreadCPUNanoseconds, threadCPUSamples, stopReason: stopReason, timer: timer,
            policy: policy)
        guard let partner = measurement.partner else { return [own] }
        return [
            own,
            result(
                partner.name, partnerBatchNanoseconds, partnerSamples, partnerBatchThreadCPUNanoseconds, partnerThreadCPUSamples,
                stopReason: stopReason, timer: timer, policy: policy),
        ]
    }

    private func result(
        _ name: String, _ batchNanoseconds: [UInt64], _ samples: [Double], _ batchThreadCPUNanoseconds: [UInt64], _ threadCPUSamples: [Double],
        stopReason: MeasurementResult.StopReason, timer: TimerCharacteristics, policy: SamplingPolicy
    ) -> MeasurementResult {
        MeasurementResult(
            name: name,
            method: MeasurementResult.fixedBatchMethod,
            batchSize: batchSize,
            batchNanoseconds: batchNanoseconds,
            samples: samples,
            invocations: MeasurementResult.Invocations(
                calibration: calibrationInvocations,
                warmUp: warmUpInvocations,
                sampling: batchSize * samples.count
            ),
            stopReason: stopReason,
            summary: Summary(
                samples: samples,
                level: policy.confidenceLevel,
                resamples: policy.bootstrapResamples,
                seed: policy.seed
            ),
            timer: timer,
            policy: policy,
            batchThreadCPUNanoseconds: batchThreadCPUNanoseconds,
            threadCPUSamples: threadCPUSamples
        )
    }
}
