import Foundation
import Harness
import Testing

@testable import BenchTool

/// `--batch-sizes FILE`: each measurement takes the batch size most of the file's forks took, the
/// larger on a tie, and a file that cannot give sizes is refused in one line naming it.
struct BatchSizesTests {
    /// One fork's record of the derived phase read, batched `size` calls at a time.
    private func fork(batchSize size: Int) -> MeasurementRecord {
        let samples = (0..<20).map { 1000 + Double($0) }
        var record = Synthetic.measurement(Synthetic.phaseRead, .derived, samples: samples, lower: 990, upper: 1010)
        record.batches = BatchRecord(
            size: size, nanoseconds: samples.map { UInt64($0 * Double(size)) },
            invocations: MeasurementResult.Invocations(calibration: 3, warmUp: 5, sampling: size * samples.count), stopReason: .timeBudget)
        return record
    }

    /// A results file whose derived phase read was taken in forks of these batch sizes, written to a
    /// fresh directory.
    private func written(forkBatchSizes sizes: [Int]) throws -> String {
        var file = Synthetic.comparable()
        let index = try #require(file.measurements.firstIndex { MeasurementKey($0) == Synthetic.derivedRead })
        file.measurements[index] = MeasurementRecord(mergingForks: sizes.map { fork(batchSize: $0) })
        file.options.forks = sizes.count
        let judgement = Judge(limits: Synthetic.limits, buildConfiguration: "release", quick: false)
            .judge(measurements: file.measurements, counts: file.counts)
        file.limits = judgement.limits
        file.decision = judgement.decision
        return try Synthetic.written([file])[0]
    }

    @Test func eachMeasurementTakesTheSizeMostOfItsForksTook() throws {
        let path = try written(forkBatchSizes: [4, 2, 4, 4, 2, 8])
        let sizes = try BatchSizes.read(from: path)
        #expect(sizes[Synthetic.derivedRead] == 4)
        let file = try ResultsReader.read(path: path)
        #expect(sizes.count == file.measurements.count, "every measurement of the file has a size")
        let unforked = try #require(file.measurements.first { $0.forks == nil })
        #expect(sizes[unforked.key] == unforked.batches.size, "a record of one process gives its only size")
    }

    @Test(arguments: [([2, 4], 4), ([4, 2, 2, 4], 4), ([16, 32, 32, 16, 8], 32), ([1], 1), ([2, 2, 4], 2)])
    func aTieGoesToTheLargerSize(sizes: [Int], taken: Int) {
        #expect(BatchSizes.mostTaken(sizes) == taken)
    }

    @Test func aMissingOrBrokenFileIsOneLineNamingIt() throws {
        let directory = Synthetic.temporaryDirectory()
        let missing = directory + "/no-such-run.json"
        let error = try #require(throws: BenchError.self) { try BatchSizes.read(from: missing) }
        #expect(error.description.hasPrefix(missing), "\(error)")
        #expect(!error.description.contains("\n"))
        let broken = directory + "/broken.json"
        try Data("{\"schema\": ".utf8).write(to: URL(fileURLWithPath: broken))
        let refusal = try #require(throws: BenchError.self) { try BatchSizes.read(from: broken) }
        #expect(refusal.description.hasPrefix(broken), "\(refusal)")
    }
}
