import Harness

/// What turns a measurement's raw batches into its samples, so a results file can leave out samples
/// its batches give exactly.
///
/// A sample is `(batch - overhead) / batch size / operations per call`: the batch's raw duration less
/// its process's timer overhead (each fork calibrates its own clock), per call, per operation
/// (`MeasurementResult.fixedBatchMethod`; a row of eight reads is eight operations). With these terms
/// recorded, the samples add nothing the batches do not hold, and they are most of a file's bytes: a
/// file writes a measurement's `samples` and `threadCPUSamples` empty when the terms give both back
/// bit for bit, and every reader computes them again (`ResultsReader`, `scripts/resultslib`). Where
/// they do not (a sample made some other way), the file keeps them as they were.
struct SampleTerms: Sendable, Equatable, Codable {
    /// Operations per call: a batch's per-call figure is divided by it.
    var operationsPerCall: Int
    /// Each process's timer overhead on the monotonic clock, subtracted from every batch it timed: one
    /// per fork, in fork order, or one for a measurement taken in one process.
    var overheadNanoseconds: [Double]
    /// The same on the thread's CPU clock.
    var threadCPUOverheadNanoseconds: [Double]

    /// The samples of raw `batches` (one clock's), taken by processes of `sizes` batch sizes and
    /// `overheads`, each in turn for `counts` batches; nil when the counts do not cover the batches.
    ///
    /// The arithmetic is the sampler's, in its order (`SamplingRun`, then `SuiteRunner.perOperation`),
    /// so it gives the same doubles.
    static func samples(_ batches: [UInt64], counts: [Int], sizes: [Int], overheads: [Double], operationsPerCall: Int) -> [Double]? {
        guard counts.count == sizes.count, counts.count == overheads.count, counts.reduce(0, +) == batches.count else { return nil }
        var samples: [Double] = []
        samples.reserveCapacity(batches.count)
        var start = 0
        for (index, count) in counts.enumerated() {
            for batch in batches[start..<start + count] {
                let perCall = (Double(batch) - overheads[index]) / Double(sizes[index])
                samples.append(operationsPerCall > 1 ? perCall / Double(operationsPerCall) : perCall)
            }
            start += count
        }
        return samples
    }
}

extension MeasurementRecord {
    /// The samples on both clocks as `sampleTerms` give them from the batches; nil without terms, or
    /// when the terms do not fit the batches.
    func derivedSamples() -> (wall: [Double], threadCPU: [Double]?)? {
        guard let terms = sampleTerms else { return nil }
        let counts = forks.map { $0.map(\.samples) } ?? [batches.nanoseconds.count]
        let sizes = forks.map { $0.map(\.batchSize) } ?? [batches.size]
        guard
            let wall = SampleTerms.samples(
                batches.nanoseconds, counts: counts, sizes: sizes, overheads: terms.overheadNanoseconds, operationsPerCall: terms.operationsPerCall)
        else { return nil }
        guard let threadCPUBatches = batches.threadCPUNanoseconds else { return (wall, nil) }
        guard
            let threadCPU = SampleTerms.samples(
                threadCPUBatches, counts: counts, sizes: sizes, overheads: terms.threadCPUOverheadNanoseconds,
                operationsPerCall: terms.operationsPerCall)
        else { return nil }
        return (wall, threadCPU)
    }

    /// The record as a file writes it: its samples left out (written empty, and `threadCPUSamples`
    /// null) when its terms give both back exactly from the batches.
    var withoutDerivableSamples: MeasurementRecord {
        guard !samples.isEmpty, let derived = derivedSamples(), derived.wall == samples, derived.threadCPU == threadCPUSamples else {
            return self
        }
        var record = self
        record.samples = []
        record.threadCPUSamples = nil
        return record
    }

    /// The record as a file read it, its samples computed again where the file left them out: empty
    /// samples beside batches, with terms.
    var withDerivedSamples: MeasurementRecord {
        guard samples.isEmpty, !batches.nanoseconds.isEmpty, let derived = derivedSamples() else { return self }
        var record = self
        record.samples = derived.wall
        record.threadCPUSamples = derived.threadCPU
        return record
    }
}
