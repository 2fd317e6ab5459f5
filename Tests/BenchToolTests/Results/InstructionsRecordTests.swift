import Foundation
import Testing

@testable import BenchTool

/// `instructionsPerOperation` in results files, and `--instructions` on the command line.
struct InstructionsRecordTests {
    @Test func aCountRoundTripsAndAnAbsentOneIsWrittenAsNull() throws {
        var results = Synthetic.results()
        let uncounted = String(decoding: try results.encoded(), as: UTF8.self)
        #expect(uncounted.contains("\"instructionsPerOperation\" : null"), "a run without --instructions says so")
        results.measurements[0].instructionsPerOperation = 12_338.5
        let counted = try results.encoded()
        #expect(String(decoding: counted, as: UTF8.self).contains("\"instructionsPerOperation\" : 12338.5"))
        #expect(try ResultsReader.decode(counted, path: "r.json") == results)
    }

    @Test func aFileWrittenBeforeInstructionCountsStillReads() throws {
        let results = Synthetic.results()
        var json = try JSONSerialization.jsonObject(with: try results.encoded()) as! [String: Any]
        json["measurements"] = (json["measurements"] as! [[String: Any]]).map { measurement in
            var measurement = measurement
            measurement.removeValue(forKey: "instructionsPerOperation")
            return measurement
        }
        let older = try JSONSerialization.data(withJSONObject: json)
        let decoded = try ResultsReader.decode(older, path: "old.json")
        #expect(decoded == results, "no key reads as not counted")
        #expect(decoded.measurements.allSatisfy { $0.instructionsPerOperation == nil })
    }

    @Test func theOptionIsARunOptionOnlyAndHelpExplainsIt() throws {
        #expect(try CommandLineParser.parse(["--instructions"]) == .run(RunOptions(
            quick: false, filter: nil, specDirectory: "spec", limitsPath: "limits.json", outputPath: nil, format: .text,
            strategies: .all, instructions: true)))
        #expect(try CommandLineParser.parse(["--quick", "--instructions", "--filter=phase.*"]) == .run(RunOptions(
            quick: true, filter: MeasurementFilter(pattern: "phase.*"), specDirectory: "spec", limitsPath: "limits.json",
            outputPath: nil, format: .text, strategies: .all, instructions: true)))
        #expect(!RunOptions.defaults.instructions)
        #expect(throws: BenchError.usage("option '--instructions' cannot be combined with '--list'")) {
            try CommandLineParser.parse(["--list", "--instructions"])
        }
        #expect(throws: BenchError.usage("option '--instructions' takes no value")) { try CommandLineParser.parse(["--instructions=yes"]) }
        #expect(CommandLineParser.helpText.contains("--instructions"))
    }
}
