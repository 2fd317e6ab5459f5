import Foundation
import Harness
import Testing

@testable import BenchTool

/// A file leaves out the samples its batches give back exactly, and every reader computes them again.
struct SampleTermsTests {
    /// A measurement of two forks of batch sizes 16 and 8, each with its own overheads, per operation
    /// of a row of eight: its samples made as the sampler makes them.
    private func record(operationsPerCall: Int = 8) -> MeasurementRecord {
        var record = Synthetic.results().measurements[0]
        let wall: [UInt64] = [13_450, 13_680, 13_890, 6_801, 6_955]
        let threadCPU: [UInt64] = [14_351, 14_902, 15_003, 7_120, 7_007]
        let terms = SampleTerms(operationsPerCall: operationsPerCall, overheadNanoseconds: [22.743, 22.734], threadCPUOverheadNanoseconds: [551, 541])
        func samples(_ raw: [UInt64], _ overheads: [Double]) -> [Double] {
            raw.enumerated().map { index, batch in
                let fork = index < 3 ? 0 : 1
                let perCall = (Double(batch) - overheads[fork]) / Double(fork == 0 ? 16 : 8)
                return operationsPerCall > 1 ? perCall / Double(operationsPerCall) : perCall
            }
        }
        record.batches = BatchRecord(
            size: 16, nanoseconds: wall, invocations: .init(calibration: 0, warmUp: 0, sampling: 3 * 16 + 2 * 8), stopReason: .maximumSamples,
            threadCPUNanoseconds: threadCPU)
        record.forks = [
            ForkRecord(samples: 3, batchSize: 16, stopReason: .maximumSamples), ForkRecord(samples: 2, batchSize: 8, stopReason: .maximumSamples),
        ]
        record.samples = samples(wall, terms.overheadNanoseconds)
        record.threadCPUSamples = samples(threadCPU, terms.threadCPUOverheadNanoseconds)
        record.sampleTerms = terms
        return record
    }

    private func written(_ record: MeasurementRecord) throws -> (json: [String: Any], read: MeasurementRecord) {
        var results = Synthetic.results()
        results.measurements = [record]
        let data = try results.encoded()
        let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let json = (object["measurements"] as! [[String: Any]])[0]
        return (json, try ResultsReader.decode(data, path: "r.json").measurements[0])
    }

    @Test(arguments: [1, 8])
    func samplesTheBatchesGiveAreLeftOutAndReadBackBitForBit(operationsPerCall: Int) throws {
        let record = record(operationsPerCall: operationsPerCall)
        let (json, read) = try written(record)
        #expect((json["samples"] as? [Double])?.isEmpty == true && json["threadCPUSamples"] is NSNull, "left out")
        #expect(read == record, "computed again, the same doubles")
        #expect(read.samples.map(\.bitPattern) == record.samples.map(\.bitPattern))
    }

    @Test func samplesTheBatchesDoNotGiveAreKeptAsTheyWere() throws {
        var record = record()
        record.samples[1] += 0.5  // made some other way
        let (json, read) = try written(record)
        #expect((json["samples"] as? [Double])?.count == 5 && (json["threadCPUSamples"] as? [Double])?.count == 5, "both kept")
        #expect(read == record)
    }

    @Test func aRecordWithoutTermsKeepsItsSamples() throws {
        var record = record()
        record.sampleTerms = nil
        let (json, read) = try written(record)
        #expect((json["samples"] as? [Double])?.count == 5)
        #expect(read == record)
    }

    @Test func forksMergedAndSplitKeepEachForksOverheads() throws {
        let record = record()
        let forks = record.forkRecords
        #expect(forks.map { $0.sampleTerms?.overheadNanoseconds } == [[22.743], [22.734]])
        let merged = MeasurementRecord(mergingForks: forks)
        #expect(merged.sampleTerms == record.sampleTerms && merged.samples == record.samples)
        #expect(merged.withoutDerivableSamples.samples.isEmpty, "a merged record's samples are still given by its batches")
    }
}
