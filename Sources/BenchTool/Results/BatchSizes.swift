/// The batch sizes a run takes from an earlier run (`--batch-sizes FILE`) instead of calibrating
/// each process's own.
///
/// Calibration doubles a batch until one takes the policy's target, and an operation near a doubling's
/// edge lands on one size in some processes and twice it in others. Where the calls of a batch are not
/// alike (the first after another measurement's batch is cold), the size moves what a call costs, so a
/// fork's median is also a draw of its batch size (docs/gate-proof.md measures how much). Two builds
/// compared fork by fork (the release gate, the proofs) take their sizes from one file.
enum BatchSizes {
    /// Each measurement's batch size in the results file at `path`: the size most of its forks took, the
    /// larger on a tie (fewer timer reads a call), or, for a run in one process, its only one.
    ///
    /// A size is about the code measured and the machine, not the build: a run of the other build of a
    /// comparison serves. A measurement the file lacks calibrates its own.
    /// - Throws: `BenchError` (exit 2) naming the file when it cannot be read or holds no measurement.
    static func read(from path: String) throws(BenchError) -> [MeasurementKey: Int] {
        let file = try ResultsReader.read(path: path)
        var sizes: [MeasurementKey: Int] = [:]
        for record in file.measurements {
            let taken = record.forks.map { $0.map(\.batchSize) } ?? [record.batches.size]
            sizes[record.key] = mostTaken(taken)
        }
        guard !sizes.isEmpty else { throw .at(path, "--batch-sizes needs a run that measured something: it holds no measurement") }
        return sizes
    }

    /// The size most often in `sizes`, the larger on a tie; `sizes` is not empty.
    static func mostTaken(_ sizes: [Int]) -> Int {
        var tally: [Int: Int] = [:]
        for size in sizes { tally[size, default: 0] += 1 }
        return tally.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? 1
    }
}
