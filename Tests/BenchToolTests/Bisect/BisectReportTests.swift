import Testing

@testable import BenchTool

/// What `bench bisect` prints of a search, and how its command line reads.
struct BisectReportTests {
    private static let read = MeasurementKey(name: "phase.read.tracked(largest-strict)", strategy: .derived)
    private static let field = MeasurementKey(name: "field.read.tracked(row-of-8)", strategy: .unshaped)
    private static let commits = (0..<8).map { "c\($0)000000000" }
    private static let lines = Dictionary(uniqueKeysWithValues: commits.enumerated().map { ($1, "c\($0)0000 2026-12-0\($0 + 1) Commit \($0)") })

    /// Searches the eight commits, each measurement multiplied by its factor from the commit given on.
    private static func search(_ moves: [MeasurementKey: [Int: Double]], skipped: Set<Int> = []) -> CountBisection {
        CountBisection.search(commits: commits, measurements: [read, field], threshold: 0.01) { commit in
            let index = commits.firstIndex(of: commit)!
            guard !skipped.contains(index) else { return nil }
            return Dictionary(uniqueKeysWithValues: [read, field].map { key in
                (key, (moves[key] ?? [:]).filter { $0.key <= index }.values.reduce(1_000, *))
            })
        }
    }

    @Test func aStepNamesItsCommitAndEachMovesCounts() {
        let bisection = Self.search([Self.read: [5: 1.1], Self.field: [5: 1.25]])
        let report = BisectReport(bisection: bisection, commits: Self.lines, skipped: [:])
        #expect(report.summary.hasPrefix("bisect: 8 commits from GOOD c00000 2026-12-01 Commit 0 to BAD c70000 2026-12-08 Commit 7, first-parent; 2 measurements counted, threshold 1% in instructions per operation"))
        #expect(report.summary.hasSuffix("2 measurements moved at 1 step, each at one commit"))
        let step = report.stepLines(bisection.steps[0], number: 1, of: 1)
        #expect(step[0] == "step 1 of 1: c50000 2026-12-06 Commit 5")
        #expect(step.contains("  phase.read.tracked(largest-strict) [derived]  1000.0 -> 1100.0 instructions/op  +10.00 % (slower)"))
        #expect(step.contains("  field.read.tracked(row-of-8)                  1000.0 -> 1250.0 instructions/op  +25.00 % (slower)"))
        #expect(report.coursesNotStepped == nil && report.skippedLines == nil)
    }

    @Test func skipsBesideTheCulpritNameEveryCommitItMayBe() {
        let bisection = Self.search([Self.read: [5: 1.1]], skipped: [4])
        let report = BisectReport(bisection: bisection, commits: Self.lines, skipped: [Self.commits[4]: "does not build (log)"])
        let step = report.stepLines(bisection.steps[0], number: 1, of: 1)
        #expect(step[0] == "step 1 of 1: one of 2 commits (those before the last were skipped):")
        #expect(step[1] == "  c40000 2026-12-05 Commit 4 (skipped: does not build (log))")
        #expect(step[2] == "  c50000 2026-12-06 Commit 5")
        #expect(report.skippedLines == "skipped, as git bisect skip does:\n  c40000 2026-12-05 Commit 4: does not build (log)")
    }

    @Test func aCountThatGoesBackIsSaidAsSuch() {
        let bisection = Self.search([Self.read: [3: 1.1, 6: 1 / 1.1 * 1.2]])
        let report = BisectReport(bisection: bisection, commits: Self.lines, skipped: [:])
        #expect(bisection.steps.count == 2)
        let said = report.coursesNotStepped ?? ""
        #expect(!said.contains("back and forth"), "up twice is no round trip: \(said)")
        let back = Self.search([Self.read: [3: 1.1, 6: 1 / 1.1 * 0.9]])
        #expect(BisectReport(bisection: back, commits: Self.lines, skipped: [:]).coursesNotStepped?
            .hasPrefix("phase.read.tracked(largest-strict) [derived] moved back and forth: slower at c30000 (+10.00 %), then faster at c60000") == true)
    }

    @Test func nothingMovedSaysTheChangeIsNotInInstructionsAndDoesNotGuess() {
        let bisection = Self.search([:])
        let report = BisectReport(bisection: bisection, commits: Self.lines, skipped: [:])
        #expect(bisection.steps.isEmpty)
        #expect(report.summary.contains("GOOD and BAD count alike for every measurement (within 1%): the change is not in instructions"))
        #expect(report.summary.contains("bisect the same range with --time"))
        #expect(report.closing(seconds: 12.4, counted: 1) == "counted 2 of 8 commits (1 now, 1 from the cache) in 12 s")
    }

    @Test func theCommandLineReadsRevisionsAndOptions() throws {
        let command = try CommandLineParser.parse(
            ["bisect", "v1", "HEAD", "--filter", "read", "--shape", "root", "--instructions-threshold", "2%", "--out", "d"])
        guard case .bisect(let options) = command else {
            Issue.record("not a bisection: \(command)")
            return
        }
        #expect(options.good == "v1" && options.bad == "HEAD" && options.filter?.pattern == "read" && options.outputDirectory == "d")
        #expect(options.strategies.rawValue == "root" && abs(options.instructionsThreshold - 0.02) < 1e-12)
        let timed = try CommandLineParser.parse(["bisect", "a", "b", "--time", "--forks", "4", "--most-forks", "16", "--threshold", "3%"])
        guard case .bisect(let timing) = timed else {
            Issue.record("not a bisection: \(timed)")
            return
        }
        #expect(timing.time && timing.forksToStart == 4 && timing.mostForks == 16 && abs(timing.threshold - 0.03) < 1e-12)
        let defaults = try CommandLineParser.parse(["bisect", "a", "b"])
        #expect(defaults == .bisect(BisectOptions(good: "a", bad: "b")))
        for (arguments, line) in [
            (["bisect", "a"], "'bisect' needs two revisions, GOOD and BAD"),
            (["bisect", "a", "b", "c"], "unexpected argument 'c'"),
            (["bisect", "a", "b", "--frobnicate"], "unknown option '--frobnicate' for 'bisect'"),
            (["bisect", "a", "b", "--forks", "8"], "'--forks' times commits: it goes with '--time'"),
            (["bisect", "a", "b", "--threshold", "3%"], "'--threshold' times commits: it goes with '--time'"),
            (["bisect", "a", "b", "--time", "--forks", "8", "--most-forks", "4"], "'--most-forks 4' is fewer than '--forks 8'"),
            (["bisect", "a", "b", "--time", "--forks", "1"], "bad value '1' for option '--forks'"),
            (["bisect", "a", "b", "--time", "--as-recorded"], "'--as-recorded' counts a culprit under other seeds: it does not go with '--time'"),
        ] {
            #expect(throws: BenchError.self) { try CommandLineParser.parse(arguments) }
            do {
                _ = try CommandLineParser.parse(arguments)
            } catch {
                #expect(error.written.joined().contains(line), "\(error.written)")
            }
        }
    }
}
