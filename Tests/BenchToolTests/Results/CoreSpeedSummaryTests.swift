import Testing

@testable import BenchTool

/// The speed probe's readings in a results file: kept per process through a merge of forks, checked by
/// the validator, and summarized in the report's line.
struct CoreSpeedSummaryTests {
    /// A measurement of `name` with `speeds` as its processes' probe readings: one process, or forks of
    /// two samples each.
    static func measurement(_ name: String, speeds: [Double]?, forks: Int? = nil) -> MeasurementRecord {
        let processes = forks ?? 1
        var record = Synthetic.measurement(
            name, .derived, samples: Array(repeating: 100, count: 2 * processes), lower: 100, upper: 100)
        if let forks {
            record.forks = Array(repeating: ForkRecord(samples: 2, batchSize: 100, stopReason: .maximumSamples), count: forks)
        }
        record.batches.speedProbeNanoseconds = speeds
        return record
    }

    @Test func aFileWithNoReadingHasNoLine() {
        #expect(CoreSpeedSummary([Self.measurement("a", speeds: nil)]) == nil)
        #expect(CoreSpeedSummary([]) == nil)
    }

    @Test func readingsAreToldAgainstTheFastest() throws {
        let summary = try #require(
            CoreSpeedSummary([
                Self.measurement("a", speeds: [2_000, 2_100, 4_000], forks: 3), Self.measurement("b", speeds: [2_050, 3_000], forks: 2),
            ]))
        #expect(summary.readings == 5)
        #expect(summary.fastest == 2_000)
        #expect(summary.medianSlowdown == 1.05, "1, 1.025, 1.05, 1.5, 2")
        #expect(summary.largestSlowdown == 2)
        #expect(summary.slowShare == 0.4, "1.5x and 2x of five are past 1.2x")
        #expect(
            summary.line
                == "core speed: the speed probe read a median 1.05× its fastest (2.00 µs), at most 2.00×; 40.0 % of 5 readings "
                + "(a measurement in a process) more than 1.20×")
    }

    @Test func mergedForksKeepEachProcesssReadingInForkOrderAndSplitBack() {
        let merged = MeasurementRecord(mergingForks: [
            Self.measurement("a", speeds: [2_000]), Self.measurement("a", speeds: [3_000]), Self.measurement("a", speeds: [2_500]),
        ])
        #expect(merged.batches.speedProbeNanoseconds == [2_000, 3_000, 2_500])
        #expect(
            merged.forkRecords.map(\.batches.speedProbeNanoseconds) == [[2_000], [3_000], [2_500]],
            "split into its forks again (a later look merges them with its own), each keeps its own")
        let oneWithout = MeasurementRecord(mergingForks: [Self.measurement("a", speeds: [2_000]), Self.measurement("a", speeds: nil)])
        #expect(oneWithout.batches.speedProbeNanoseconds == nil, "a fork with no reading leaves the merge with none")
    }

    @Test func theValidatorNamesTheFieldOfAReadingOutOfRangeOrCount() {
        var results = Synthetic.results()
        results.measurements[0].batches.speedProbeNanoseconds = [1_900]
        #expect(ResultsValidator.problems(in: results) == [])
        let name = "measurement '\(results.measurements[0].name)' (\(results.measurements[0].strategy.rawValue))"
        results.measurements[0].batches.speedProbeNanoseconds = [1_900, 2_000]
        #expect(ResultsValidator.problems(in: results) == ["\(name): batches.speedProbeNanoseconds has 2 readings for 1 process"])
        results.measurements[0].batches.speedProbeNanoseconds = [-3]
        #expect(
            ResultsValidator.problems(in: results) == ["\(name): batches.speedProbeNanoseconds holds -3.0, not a positive number of nanoseconds"])
    }
}
