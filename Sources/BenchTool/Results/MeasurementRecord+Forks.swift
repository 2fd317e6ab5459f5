import Foundation
import Harness

extension MeasurementRecord {
    /// One measurement taken in several forks, as one record: every fork's samples and batches in fork
    /// order, described by `forks`.
    ///
    /// The summary is of all the samples, except its median and that median's interval: one fork, one
    /// vote. The median is the median of the forks' medians, and its interval the exact order-statistic
    /// interval over them (`ForkMedians`): a fork whose samples are noisy takes more of them, and a
    /// median of the pooled samples would let it outvote the quiet ones; and the samples of one process
    /// are not independent of each other, so resampling them as if they were would promise a precision
    /// the next run would not repeat. With too few forks for an interval at the policy's level (fewer
    /// than 6 at 95 %), the interval runs from the least fork median to the most, at the level that
    /// span holds (`1 - 2^(1-n)`). Files of results schema 4 and before recorded the pooled median with
    /// a two-stage bootstrap interval, and are read as recorded. Allocations are the first fork's, the
    /// only one that counts them; the policy is the first fork's, which every fork follows.
    ///
    /// - Parameter records: The same measurement (name and strategy) from each fork, in fork order; at
    ///   least one. One record is returned as it is.
    init(mergingForks records: [MeasurementRecord]) {
        precondition(!records.isEmpty, "no fork to merge")
        let first = records[0]
        precondition(
            records.allSatisfy { $0.key == first.key },
            "forks of different measurements")
        guard records.count > 1 else {
            self = first
            return
        }
        let samples = records.flatMap(\.samples)
        let policy = first.policy
        var summary = Summary(samples: samples, level: policy.confidenceLevel, resamples: policy.bootstrapResamples, seed: policy.seed)
        let groups = records.map(\.samples)
        summary.median = ForkMedians.median(of: groups)
        summary.medianInterval = ForkMedians(groups: groups, level: policy.confidenceLevel)?.interval ?? {
            let medians = groups.map { Statistics.median($0) }
            return ConfidenceInterval(
                lower: medians.min()!, upper: medians.max()!, level: 1 - 2 * pow(0.5, Double(groups.count)), method: ForkMedians.method)
        }()
        let invocations = records.map(\.batches.invocations)
        // On both clocks only when every fork was: a file of forks timed before the CPU clock has none.
        let threadCPUSamples = records.allSatisfy { $0.threadCPUSamples != nil } ? records.flatMap { $0.threadCPUSamples! } : nil
        let threadCPUBatches =
            records.allSatisfy { $0.batches.threadCPUNanoseconds != nil } ? records.flatMap { $0.batches.threadCPUNanoseconds! } : nil
        self.init(
            name: first.name, strategy: first.strategy, summary: summary, samples: samples,
            batches: BatchRecord(
                size: first.batches.size, nanoseconds: records.flatMap(\.batches.nanoseconds),
                invocations: MeasurementResult.Invocations(
                    calibration: invocations.reduce(0) { $0 + $1.calibration },
                    warmUp: invocations.reduce(0) { $0 + $1.warmUp },
                    sampling: invocations.reduce(0) { $0 + $1.sampling }),
                stopReason: first.batches.stopReason, threadCPUNanoseconds: threadCPUBatches,
                speedProbeNanoseconds: records.allSatisfy { $0.batches.speedProbeNanoseconds != nil }
                    ? records.flatMap { $0.batches.speedProbeNanoseconds! } : nil),
            policy: policy, allocations: first.allocations,
            forks: records.map { ForkRecord(samples: $0.samples.count, batchSize: $0.batches.size, stopReason: $0.batches.stopReason) },
            threadCPUSamples: threadCPUSamples,
            sampleTerms: records.allSatisfy { $0.sampleTerms?.operationsPerCall == first.sampleTerms?.operationsPerCall && $0.sampleTerms != nil }
                ? SampleTerms(
                    operationsPerCall: first.sampleTerms!.operationsPerCall,
                    overheadNanoseconds: records.flatMap { $0.sampleTerms!.overheadNanoseconds },
                    threadCPUOverheadNanoseconds: records.flatMap { $0.sampleTerms!.threadCPUOverheadNanoseconds })
                : nil)
    }
}
