import Foundation
import Testing

@testable import BenchTool

/// `bench history`: which runs, in which order, which measurements, and the line bad input gets.
struct HistoryTests {
    private static func noHistory(_ directory: String) -> [String: Int] { [:] }

    // MARK: - Ordering

    @Test func runsFollowTheCommitHistoryThenUnknownCommitsByDate() throws {
        let commits = ["1", "2", "3", "e", "f"].map { String(repeating: $0, count: 40) }
        // Names sort opposite to the expected order, so only commits and dates can order them.
        let directory = try Synthetic.resultsDirectory([
            ("a.json", Synthetic.run(commit: commits[3], date: "2026-01-09T00:00:00Z")),
            ("b.json", Synthetic.run(commit: commits[4], date: "2026-01-01T00:00:00Z")),
            ("c.json", Synthetic.run(commit: commits[2], date: "2026-01-01T00:00:00Z")),
            ("d.json", Synthetic.run(commit: commits[1], date: "2026-01-05T00:00:00Z")),
            ("e.json", Synthetic.run(commit: commits[1], date: "2026-01-02T00:00:00Z")),
            ("f.json", Synthetic.run(commit: commits[0], date: "2026-01-08T00:00:00Z")),
        ])
        let positions = [commits[0]: 0, commits[1]: 1, commits[2]: 2]
        var asked: [String] = []
        let history = try History.load(directory: directory, filter: nil) { directory in
            asked.append(directory)
            return positions
        }
        #expect(
            history.runs.map(\.file) == ["f.json", "e.json", "d.json", "c.json", "b.json", "a.json"],
            "oldest commit first, one commit's runs by date, commits outside the history last by date")
        #expect(asked == [directory], "git is asked once, about the results directory")
    }

    @Test func withoutAHistoryEveryRunIsOrderedByDateThenName() throws {
        let directory = try Synthetic.resultsDirectory([
            ("x.json", Synthetic.run(commit: "1", date: "2026-01-03T00:00:00Z")),
            ("y.json", Synthetic.run(commit: "2", date: "2026-01-02T00:00:00Z")),
            ("z.json", Synthetic.run(commit: "3", date: "2026-01-02T00:00:00Z")),
            ("w.json", Synthetic.run(commit: "4", date: "2026-01-02T00:00:00.500Z")),
        ])
        let history = try History.load(directory: directory, filter: nil, positions: Self.noHistory)
        #expect(history.runs.map(\.file) == ["y.json", "z.json", "w.json", "x.json"])
    }

    // MARK: - Selecting

    @Test func withoutAPatternTheKeyMeasurementsAreShownEvenWhereNoRunHasThem() throws {
        let directory = try Synthetic.resultsDirectory([("one.json", Synthetic.run(commit: "1", date: "2026-01-01T00:00:00Z"))])
        let history = try History.load(directory: directory, filter: nil, positions: Self.noHistory)
        #expect(history.names == KeyMeasurements.history)
        #expect(history.names.count == 5)
        let unmeasured = "commit.nulls-or-errors(largest-strict, 1000 handles)"
        #expect(history.strategies(unmeasured) == [.derived, .stored], "a measurement no run made has derived and stored columns")
        #expect(history.strategies(KeyMeasurements.fieldTracked) == [.unshaped])
        #expect(history.shapesOverStored(Synthetic.phaseRead) == [.derived])
        #expect(history.shapesOverStored(KeyMeasurements.fieldTracked) == [])
    }

    @Test(arguments: [
        ("field.read.*", ["field.read.tracked(row-of-8)", "field.read.untracked(row-of-8)"]),
        ("untracked(", ["field.read.untracked(row-of-8)"]),
        ("phase.read.?racked(largest-strict)", ["phase.read.tracked(largest-strict)"]),
        ("*read*", ["phase.read.tracked(largest-strict)", "field.read.tracked(row-of-8)", "field.read.untracked(row-of-8)"]),
    ])
    func aPatternPicksMeasurementsByGlobOrSubstringInTheOrderFirstSeen(pattern: String, names: [String]) throws {
        let directory = try Synthetic.resultsDirectory([("one.json", Synthetic.run(commit: "1", date: "2026-01-01T00:00:00Z"))])
        let history = try History.load(directory: directory, filter: MeasurementFilter(pattern: pattern), positions: Self.noHistory)
        #expect(history.names == names)
    }

    // MARK: - Bad input

    private func refusal(_ directory: String, measurements: String? = nil) -> CommandOutput {
        HistoryCommand.run(
            HistoryOptions(resultsDirectory: directory, measurements: measurements.map(MeasurementFilter.init(pattern:))),
            positions: Self.noHistory)
    }

    private func expectOneLine(_ output: CommandOutput, _ line: String) {
        #expect(output.status == 2)
        #expect(output.standardOutput == "", "nothing is printed before every file is read")
        #expect(output.standardError == [line])
    }

    @Test func noDirectoryIsOneLine() {
        let missing = Synthetic.temporaryDirectory() + "/nothing-here"
        expectOneLine(refusal(missing), "bench: \(missing): no such directory")
    }

    @Test func aDirectoryWithoutResultsFilesIsOneLine() {
        let empty = Synthetic.temporaryDirectory()
        expectOneLine(refusal(empty), "bench: \(empty): no results files (*.json.gz or *.json); run scripts/bench first")
    }

    @Test func aCorruptFileIsNamedWhereItBreaksAndNothingElseIsPrinted() throws {
        let directory = try Synthetic.resultsDirectory([("good.json", Synthetic.run(commit: "1", date: "2026-01-01T00:00:00Z"))])
        let broken = directory + "/broken.json"
        try Data(#"{"schema": 1, "environment": "#.utf8).write(to: URL(fileURLWithPath: broken))
        let output = refusal(directory)
        #expect(output.status == 2 && output.standardOutput == "" && output.standardError.count == 1)
        #expect(output.standardError.first?.hasPrefix("bench: \(broken):1:") == true, "\(output.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: broken)) == Data(#"{"schema": 1, "environment": "#.utf8), "the file is left as it was")
    }

    @Test func aFileOfAnotherSchemaIsNamed() throws {
        var future = Synthetic.run(commit: "1", date: "2026-01-01T00:00:00Z")
        future.schema = ResultsSchema.current + 1
        let directory = try Synthetic.resultsDirectory([("future.json", future)])
        expectOneLine(
            refusal(directory),
            "bench: \(directory)/future.json: not a results file: schema \(future.schema) (this bench reads schemas 1 to \(ResultsSchema.current))")
    }

    @Test func aDateThatIsNotISO8601IsNamed() throws {
        let directory = try Synthetic.resultsDirectory([("odd.json", Synthetic.run(commit: "1", date: "yesterday"))])
        expectOneLine(
            refusal(directory), "bench: \(directory)/odd.json: not a results file: 'environment.date' 'yesterday' is not an ISO 8601 date")
    }

    @Test func aPatternThatMatchesNothingIsOneLine() throws {
        let directory = try Synthetic.resultsDirectory([("one.json", Synthetic.run(commit: "1", date: "2026-01-01T00:00:00Z"))])
        expectOneLine(refusal(directory, measurements: "no.such.*"), "bench: \(directory): no measurement matches 'no.such.*'")
    }

    // MARK: - Command line

    @Test func historyTakesADirectoryAPatternAndAFormat() throws {
        #expect(try CommandLineParser.parse(["history"]) == .history(HistoryOptions()))
        #expect(
            try CommandLineParser.parse(["history", "--results", "old", "--measurements=field.*", "--format", "json"])
                == .history(HistoryOptions(resultsDirectory: "old", measurements: MeasurementFilter(pattern: "field.*"), format: .json)))
        #expect(CommandLineParser.helpText.contains("bench history [--results DIR] [--measurements PATTERN] [--format text|markdown|tsv|json]"))
    }

    @Test(arguments: [
        (["history", "--format", "csv"], "bench: bad value 'csv' for option '--format' (expected text|markdown|tsv|json) (try --help)"),
        (["history", "results"], "bench: unexpected argument 'results' (try --help)"),
        (["history", "--results"], "bench: option '--results' needs a value (try --help)"),
        (["history", "--measurements="], "bench: option '--measurements' needs a value (try --help)"),
        (["history", "--quick"], "bench: unknown option '--quick' for 'history' (try --help)"),
    ])
    func historyRefusesWhatItCannotRun(arguments: [String], line: String) {
        #expect(throws: BenchError.self) { try CommandLineParser.parse(arguments) }
        do {
            _ = try CommandLineParser.parse(arguments)
        } catch {
            #expect(error.written == [line])
        }
    }
}
