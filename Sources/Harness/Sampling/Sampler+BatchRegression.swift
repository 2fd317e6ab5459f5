import SeededRandom

// MARK: - Per-operation time as a slope

extension Sampler {
    /// Estimates the time per operation as the slope of batch time over batch size.
    ///
    /// A cross-check of the fixed-batch method that needs no overhead estimate: the intercept absorbs
    /// the timer's cost and any fixed cost of a batch. After calibration and warm-up as in `run(_:)`,
    /// it times batches of 1×, 2×, ... `steps`× the calibrated size, each `repetitions` times, in an
    /// order shuffled with the policy's seed so drift does not line up with size.
    ///
    /// - Parameters:
    ///   - measurement: The operation and its set-up.
    ///   - steps: How many distinct batch sizes; at least 2.
    ///   - repetitions: How many batches of each size.
    /// - Returns: The fit of each size's median batch nanoseconds on batch size, and every raw batch.
    public func batchRegression(
        _ measurement: Measurement, steps: Int = 10, repetitions: Int = 5
    ) -> BatchRegression {
        precondition(steps >= 2 && repetitions >= 1, "a line needs at least two batch sizes")
        var run = SamplingRun(measurement: measurement)
        run.calibrate(policy: policy)
        while !run.isWarm(policy: policy) { run.warmUpBatch(policy: policy) }

        var sizes = (1...steps).flatMap { step in Array(repeating: step * run.batchSize, count: repetitions) }
        var generator = SplitMix64(seed: policy.seed)
        sizes.shuffleDeterministically(using: &generator)
        let nanoseconds = sizes.map { measurement.timeBatch(of: $0) }
        // The line goes through each size's median batch time, not every batch: one preempted batch
        // among fifty would otherwise pull the least-squares slope far off.
        var timesBySize: [Int: [Double]] = [:]
        for (size, elapsed) in zip(sizes, nanoseconds) { timesBySize[size, default: []].append(Double(elapsed)) }
        let fittedSizes = timesBySize.keys.sorted()
        let fit = Statistics.linearFit(
            x: fittedSizes.map { Double($0) }, y: fittedSizes.map { Statistics.median(timesBySize[$0]!) })
        return BatchRegression(
            name: measurement.name,
            batchSizes: sizes,
            batchNanoseconds: nanoseconds,
            fit: fit,
            invocations: run.calibrationInvocations + run.warmUpInvocations + sizes.reduce(0, +)
        )
    }
}

/// Batch time regressed on batch size: the slope is nanoseconds per operation.
public struct BatchRegression: Sendable, Equatable, Codable {
    /// The measurement's name.
    public var name: String
    /// Each timed batch's size, in the order run.
    public var batchSizes: [Int]
    /// Each timed batch's raw duration in nanoseconds.
    public var batchNanoseconds: [UInt64]
    /// The least-squares line through each size's median batch time; `slope` is nanoseconds per
    /// operation, `intercept` the per-batch cost.
    public var fit: LinearFit
    /// Every call made, calibration and warm-up included.
    public var invocations: Int
}
