import Foundation
import Testing

@testable import BenchTool

/// `bench compare` end to end on files: parsing, exit statuses, refusals, warnings and the three outputs.
struct CompareCommandTests {
    private func write(_ files: ResultsFile...) throws -> [String] { try Synthetic.written(files) }

    private func options(_ paths: [String], failOnRegression: Bool = false, format: ReportFormat = .text) -> CompareOptions {
        CompareOptions(oldPath: paths[0], newPath: paths[1], rule: ComparisonRule(), failOnRegression: failOnRegression, format: format)
    }

    // MARK: - Exit statuses

    @Test func identicalFilesOfForksExitZeroEvenWhenFailingOnRegression() throws {
        let paths = try write(Synthetic.comparable(forks: Synthetic.judgedForks), Synthetic.comparable(forks: Synthetic.judgedForks))
        let output = CompareCommand.run(options(paths, failOnRegression: true))
        #expect(output.status == 0 && output.standardError.isEmpty)
        #expect(output.standardOutput.hasSuffix(
            "summary: 0 slower, 0 faster, 4 same, 0 cannot tell (time on the wall clock); 0 of 2 counts changed; "
                + "0 allocation figures changed; no regression\n"))
    }

    @Test func identicalFilesOfOneProcessExitThreeWhenFailingOnRegression() throws {
        let paths = try write(Synthetic.comparable(), Synthetic.comparable())
        let output = CompareCommand.run(options(paths, failOnRegression: true))
        #expect(output.status == 3 && output.standardError == ["bench: warning: " + Synthetic.oneProcessWarning],
                "nothing is shown the same in one process a side: the gate cannot pass on it")
        #expect(CompareCommand.run(options(paths)).status == 0, "without the option, compared is enough")
    }

    @Test func aChangedCountFailsOnlyWithFailOnRegression() throws {
        let paths = try write(Synthetic.comparable(), Synthetic.comparable(derivedReruns: 2))
        #expect(CompareCommand.run(options(paths)).status == 0)
        let failing = CompareCommand.run(options(paths, failOnRegression: true))
        #expect(failing.status == 1)
        #expect(failing.standardOutput.contains("body re-runs: 1 of 2 counts changed (each a regression)"))
        #expect(failing.standardOutput.contains("verdict-read-value-changes(spreads-only)  derived   phase-only  1    2"))
    }

    @Test func anImprovementAloneExitsZeroWithFailOnRegression() throws {
        let paths = try write(
            Synthetic.comparable(forks: Synthetic.judgedForks),
            Synthetic.comparable(factors: [Synthetic.derivedRead: 0.8], forks: Synthetic.judgedForks))
        let output = CompareCommand.run(options(paths, failOnRegression: true))
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("summary: 0 slower, 1 faster, 3 same, 0 cannot tell"))
    }

    // MARK: - Refusals and warnings

    @Test func aFileOfAnOlderSchemaIsComparedAsOneOfTheCurrent() throws {
        let paths = try write(Synthetic.comparable(), Synthetic.comparable())
        let text = try String(contentsOfFile: paths[0], encoding: .utf8)
        let older = text.replacingOccurrences(of: "\"schema\" : \(ResultsSchema.current)", with: "\"schema\" : 1")
            .replacingOccurrences(of: "\"forks\" : 1,\n", with: "")
        #expect(older != text && !older.contains("\"forks\" : 1"), "schema 1 as it was first written: without options.forks")
        try older.write(toFile: paths[0], atomically: false, encoding: .utf8)
        let output = CompareCommand.run(options(paths, failOnRegression: true))
        #expect(output.status == 3 && output.standardError == ["bench: warning: " + Synthetic.oneProcessWarning])
        #expect(output.standardOutput.hasSuffix(
            "summary: 0 slower, 0 faster, 0 same, 4 cannot tell (time on the wall clock); 0 of 2 counts changed; "
                + "0 allocation figures changed; no regression\n"))
    }

    @Test func aMissingOrInvalidFileIsRefusedInOneLine() throws {
        let paths = try write(Synthetic.comparable())
        #expect(CompareCommand.run(options([paths[0], "/nonexistent/b.json"])) == .refusal(BenchError("/nonexistent/b.json: no such file")))
        var inconsistent = Synthetic.comparable()
        inconsistent.measurements[0].summary.median += 1
        let invalid = try write(inconsistent)
        let output = CompareCommand.run(options([paths[0], invalid[0]]))
        #expect(output.status == 2 && output.standardError.count == 1)
        #expect(output.standardError[0].hasPrefix("bench: \(invalid[0]): not valid: measurement 'phase.read.tracked(largest-strict)' (derived): summary median"))
    }

    @Test func anotherMachineIsWarnedAboutOnStandardErrorAndStillCompared() throws {
        var other = Synthetic.comparable()
        other.environment.cpuModel = "Other CPU"
        other.environment.allocator = "system malloc (libc.so.6)"
        let paths = try write(Synthetic.comparable(), other)
        let output = CompareCommand.run(options(paths, failOnRegression: true))
        #expect(output.status == 3, "one process a side cannot tell")
        #expect(output.standardError == [
            "bench: warning: the environments differ: cpuModel 'Test CPU' (old) vs 'Other CPU' (new)",
            "bench: warning: the environments differ: allocator 'jemalloc 5.3.0' (old) vs 'system malloc (libc.so.6)' (new)",
            "bench: warning: " + Synthetic.oneProcessWarning,
        ])
        #expect(output.standardOutput.contains("phase.read.tracked(largest-strict) [derived]"), "the comparison is still made")
        #expect(!output.standardOutput.contains("warning"), "text keeps warnings on standard error")
        let markdown = CompareCommand.run(options(paths, format: .markdown)).standardOutput
        #expect(markdown.contains("> **warning:** the environments differ: cpuModel 'Test CPU' (old) vs 'Other CPU' (new)"),
                "a pull request comment carries them")
    }

    // MARK: - Outputs

    @Test func textShowsEveryFigureOfASlowerMeasurement() throws {
        let paths = try write(
            Synthetic.comparable(forks: Synthetic.judgedForks),
            Synthetic.comparable(factors: [Synthetic.derivedRead: 1.2], forks: Synthetic.judgedForks))
        let text = CompareCommand.run(options(paths, failOnRegression: true)).standardOutput
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("phase.read.tracked(largest-strict) [derived]") })
        #expect(row.contains("999 ns [") && row.contains("1.20 µs [") && row.contains("1.20× [") && row.contains("<0.001")
                && row.hasSuffix("slower by wall time"), "\(row)")
        #expect(text.contains("rule: by time, on the thread's CPU clock where both files recorded it, each fork's median one vote: "
                              + "slower or faster only when the 95% interval of the ratio (Hodges-Lehmann, Moses) excludes 1, "
                              + "the Mann-Whitney p (Holm-adjusted over all measurements) < 0.05, and the ratio is beyond ±5%; "
                              + "the same when the interval reaches no higher than +5%; else cannot tell."))
        #expect(text.hasSuffix("summary: 1 slower, 0 faster, 3 same, 0 cannot tell (time on the wall clock); 0 of 2 counts changed; "
                               + "0 allocation figures changed; 1 regression\n"))
    }

    @Test func markdownLeadsWithTheSummaryAndBoldsVerdicts() throws {
        let paths = try write(
            Synthetic.comparable(forks: Synthetic.judgedForks),
            Synthetic.comparable(factors: [Synthetic.derivedRead: 1.2], forks: Synthetic.judgedForks))
        let markdown = CompareCommand.run(options(paths, format: .markdown)).standardOutput
        #expect(markdown.hasPrefix("### bench compare\n\n**1 slower, 0 faster, 3 same, 0 cannot tell"))
        #expect(markdown.contains("| measurement | old | new | new/old [95% CI] | p (Holm) | verdict |"))
        #expect(markdown.contains("| <0.001 | **slower by wall time** |"))
    }

    /// `--json FILE` writes the same comparison as JSON beside the text, so the gate compares once; a
    /// file already there is refused, and left as it was.
    @Test func jsonBesideTheTextIsTheSameComparison() throws {
        let read = Synthetic.derivedRead
        let paths = try write(
            Synthetic.comparable(instructions: [read: 100], forks: Synthetic.judgedForks),
            Synthetic.comparable(factors: [read: 1.2], instructions: [read: 103], forks: Synthetic.judgedForks))
        let json = paths[0] + ".compare.json"
        defer { try? FileManager.default.removeItem(atPath: json) }
        var both = options(paths)
        both.jsonPath = json
        let text = CompareCommand.run(both)
        #expect(text.standardOutput == CompareCommand.run(options(paths)).standardOutput)
        let written = try String(contentsOfFile: json, encoding: .utf8)
        #expect(written == CompareCommand.run(options(paths, format: .json)).standardOutput)
        let again = CompareCommand.run(both)
        #expect(again.status == ExitStatus.usageOrInputError.rawValue && again.standardError.first?.contains("exists; refusing to overwrite it") == true)
        #expect(try String(contentsOfFile: json, encoding: .utf8) == written)
    }

    @Test func jsonCarriesEveryFigure() throws {
        let read = Synthetic.derivedRead
        let paths = try write(
            Synthetic.comparable(instructions: [read: 100], forks: Synthetic.judgedForks),
            Synthetic.comparable(factors: [read: 1.2], instructions: [read: 103], forks: Synthetic.judgedForks))
        let text = CompareCommand.run(options(paths, format: .json)).standardOutput
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["old", "new", "rule", "warnings", "seedsCounted", "measurements", "addedMeasurements", "removedMeasurements",
                                     "changedCounts", "equalCounts", "addedCounts", "removedCounts", "regressions", "cannotTell",
                                     "cannotTellMeasurements"])
        #expect(object["cannotTell"] as? Int == 0, "every measurement was taken in forks")
        let measurements = try #require(object["measurements"] as? [[String: Any]])
        let first = try #require(measurements.first { ($0["key"] as? [String: Any])?["strategy"] as? String == "derived" })
        #expect(Set(first.keys) == ["key", "clock", "old", "new", "ratio", "ratioInterval", "rankTest", "rankTestOf", "adjustedPValue",
                                    "timeVerdict", "timeReason", "instructionsRatio", "instructionsVaryWithHashing",
                                    "instructionsSpread", "instructionsSeeds", "instructionsVerdict", "instructionsDoubt",
                                    "countingMethodChanged", "verdict", "basis", "reason", "allocations"])
        #expect(first["verdict"] as? String == "slower" && first["basis"] as? String == "instructions")
        #expect(first["timeVerdict"] as? String == "slower" && first["clock"] as? String == "wall")
        #expect((first["rankTest"] as? [String: Any])?["pValue"] is Double)
        #expect((object["rule"] as? [String: Any])?["threshold"] as? Double == 0.05)
    }
}
