import Foundation
import Testing

@testable import BenchTool

/// Bencher Metric Format and github-action-benchmark's `customSmallerIsBetter`, byte for byte.
struct ExportTests {
    /// Two measurements: one with every figure, one strategy-free with neither allocations nor instructions.
    private var small: ResultsFile {
        var results = Synthetic.results()
        var read = Synthetic.measurement(
            Synthetic.phaseRead, .derived, samples: [990, 999, 1005], lower: 990, upper: 1005,
            allocations: .counted(Synthetic.allocationCount(iterations: 100, allocations: 250, bytes: 8_000)))
        read.instructionsPerOperation = 4_250.5
        let untracked = Synthetic.measurement(
            KeyMeasurements.fieldUntracked, .unshaped, samples: [20.5, 21.25, 22], lower: 20.5, upper: 22)
        results.measurements = [read, untracked]
        return results
    }

    @Test func bencherMetricFormat() throws {
        #expect(try BencherMetricFormat.encode(small) == """
            {
              "field.read.untracked(row-of-8)" : {
                "latency" : {
                  "lower_value" : 20.5,
                  "upper_value" : 22,
                  "value" : 21.25
                }
              },
              "phase.read.tracked(largest-strict) [derived]" : {
                "allocations" : {
                  "value" : 2.5
                },
                "instructions" : {
                  "value" : 4250.5
                },
                "latency" : {
                  "lower_value" : 990,
                  "upper_value" : 1005,
                  "value" : 999
                }
              }
            }

            """)
    }

    @Test func githubActionBenchmarkCustomSmallerIsBetter() throws {
        #expect(try GitHubActionBenchmarkFormat.encode(small) == """
            [
              {
                "extra" : "median of 3 samples, 95% CI [990, 1005] ns; commit 0123456",
                "name" : "phase.read.tracked(largest-strict) [derived]",
                "range" : "± 9.00",
                "unit" : "ns",
                "value" : 999
              },
              {
                "name" : "phase.read.tracked(largest-strict) [derived] allocations",
                "unit" : "allocations/op",
                "value" : 2.5
              },
              {
                "name" : "phase.read.tracked(largest-strict) [derived] instructions",
                "unit" : "instructions/op",
                "value" : 4250.5
              },
              {
                "extra" : "median of 3 samples, 95% CI [20.5, 22.0] ns; commit 0123456",
                "name" : "field.read.untracked(row-of-8)",
                "range" : "± 0.750",
                "unit" : "ns",
                "value" : 21.25
              }
            ]

            """)
    }

    @Test func theCommandExportsAValidFileAndRefusesAnInvalidOne() throws {
        let directory = Synthetic.temporaryDirectory()
        let path = "\(directory)/r.json"
        try ResultsWriter.write(Synthetic.results(), toNewFile: path)
        let exported = ExportCommand.run(ExportOptions(path: path, format: .bmf))
        #expect(exported.status == 0 && exported.standardError.isEmpty)
        #expect(exported.standardOutput == (try BencherMetricFormat.encode(Synthetic.results())))
        let missing = ExportCommand.run(ExportOptions(path: "\(directory)/none.json", format: .githubActionBenchmark))
        #expect(missing == .refusal(BenchError("\(directory)/none.json: no such file")))
    }
}
