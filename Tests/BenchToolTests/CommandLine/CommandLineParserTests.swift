import Testing

@testable import BenchTool

/// Every form the command line accepts, and one clear line for every form it refuses.
struct CommandLineParserTests {
    private func run(_ arguments: [String]) throws -> RunOptions {
        guard case .run(let options) = try CommandLineParser.parse(arguments) else {
            Issue.record("\(arguments) did not parse as a run")
            return .defaults
        }
        return options
    }

    private func usageLine(_ arguments: [String]) -> String? {
        do {
            _ = try CommandLineParser.parse(arguments)
            return nil
        } catch {
            return error.written.joined(separator: "\n")
        }
    }

    // MARK: - Accepted

    @Test func noArgumentsIsADefaultRun() throws {
        #expect(try CommandLineParser.parse([]) == .run(.defaults))
        let defaults = RunOptions.defaults
        #expect(!defaults.quick && defaults.filter == nil && defaults.outputPath == nil)
        #expect(defaults.specDirectory == "spec" && defaults.limitsPath == "limits.json")
        #expect(defaults.format == .text && defaults.strategies == .all)
    }

    @Test(arguments: [
        ["--quick", "--filter", "phase.read", "--spec", "fixtures", "--limits", "l.json", "--out", "o.json",
         "--format", "json", "--strategy", "derived"],
        ["--quick", "--filter=phase.read", "--spec=fixtures", "--limits=l.json", "--out=o.json", "--format=json",
         "--strategy=derived"],
        ["--strategy=derived", "--format", "json", "--out=o.json", "--limits", "l.json", "--spec=fixtures",
         "--filter", "phase.read", "--quick"],
    ])
    func everyRunOptionInBothSpellingsAndAnyOrder(arguments: [String]) throws {
        let expected = RunOptions(
            quick: true, filter: MeasurementFilter(pattern: "phase.read"), specDirectory: "fixtures",
            limitsPath: "l.json", outputPath: "o.json", format: .json, strategies: .derived)
        #expect(try run(arguments) == expected)
    }

    @Test func forksDefaultToEightInAFullRunAndOneInAQuickOne() throws {
        #expect(try run([]).forks == RunOptions.defaultForks && RunOptions.defaultForks == 8)
        #expect(try run(["--quick"]).forks == 1, "a --quick run measures in its own process")
        #expect(try run(["--forks", "3"]).forks == 3)
        #expect(try run(["--quick", "--forks=2"]).forks == 2, "--quick takes forks when asked")
        #expect(try run(["--forks", "1"]).forks == 1)
    }

    @Test func mergeTakesFilesAnOutputAndADonorOfCounts() throws {
        #expect(try CommandLineParser.parse(["merge", "a.json", "b.json", "--out", "m.json"])
                == .merge(MergeOptions(paths: ["a.json", "b.json"], outputPath: "m.json")))
        #expect(try CommandLineParser.parse(["merge", "a.json", "--out=m.json", "--instructions-from", "d.json"])
                == .merge(MergeOptions(paths: ["a.json"], outputPath: "m.json", instructionsFrom: "d.json")))
        #expect(usageLine(["merge", "a.json"]) == "bench: 'merge' needs '--out FILE' (try --help)")
        #expect(usageLine(["merge", "--out", "m.json"]) == "bench: 'merge' needs the results files to merge (try --help)")
    }

    @Test func anEqualsSignPassesAValueThatLooksLikeAnOption() throws {
        #expect(try run(["--filter=--odd"]).filter == MeasurementFilter(pattern: "--odd"))
        #expect(try run(["--filter", "a=b"]).filter == MeasurementFilter(pattern: "a=b"))
    }

    @Test func listTakesOnlyTheOptionsThatChooseMeasurements() throws {
        #expect(
            try CommandLineParser.parse(["--list", "--filter", "phase.*", "--strategy=stored", "--spec", "s"])
                == .list(ListOptions(filter: MeasurementFilter(pattern: "phase.*"), specDirectory: "s", strategies: .stored)))
        #expect(try CommandLineParser.parse(["--list"]) == .list(ListOptions(filter: nil, specDirectory: "spec", strategies: .all)))
        #expect(try CommandLineParser.parse(["--list", "--limits", "l.json"])
            == .list(ListOptions(filter: nil, specDirectory: "spec", strategies: .all, limitsPath: "l.json")),
            "--list says which operation each limit is judged on, so it reads the limits file")
    }

    @Test func reportAndValidate() throws {
        #expect(try CommandLineParser.parse(["report", "r.json"]) == .report(ReportOptions(path: "r.json", output: .report(.text))))
        #expect(
            try CommandLineParser.parse(["report", "--format=markdown", "r.json"])
                == .report(ReportOptions(path: "r.json", output: .report(.markdown))))
        #expect(
            try CommandLineParser.parse(["report", "r.json", "--format", "html"])
                == .report(ReportOptions(path: "r.json", output: .report(.html))))
        #expect(
            try CommandLineParser.parse(["report", "r.json", "--benchmarks-md"])
                == .report(ReportOptions(path: "r.json", output: .benchmarksDocument)))
        #expect(try CommandLineParser.parse(["validate", "r.json"]) == .validate(path: "r.json"))
        #expect(try CommandLineParser.parse(["validate", "--", "--weird.json"]) == .validate(path: "--weird.json"))
    }

    @Test(arguments: [["--help"], ["-h"], ["--quick", "--help"], ["report", "--help"], ["--fast", "--help"]])
    func helpAnywhereAsksForHelp(arguments: [String]) throws {
        #expect(try CommandLineParser.parse(arguments) == .help)
    }

    @Test func helpListsEveryOptionWithItsDefault() {
        for option in ["--quick", "--filter", "--spec", "--limits", "--out", "--format", "--shape SHAPES", "(--strategy is its old name, and still reads)", "--list", "--help",
                       "--benchmarks-md", "report FILE", "validate FILE", "compare OLD NEW", "--threshold",
                       "--instructions-threshold", "--fail-on-regression", "export FILE --to bmf|github-action-benchmark",
                       "--forks N", "(default: 8; 1, the run's own process, with --quick)",
                       "merge FILE... --out FILE [--instructions-from FILE]"] {
            #expect(CommandLineParser.helpText.contains(option), "help does not mention \(option)")
        }
        for defaultValue in ["(default: 5%)", "(default: 1%)", "(default: spec)", "(default: limits.json)", "(default: text)", "(default: all)", "(default: off)"] {
            #expect(CommandLineParser.helpText.contains(defaultValue), "help does not state \(defaultValue)")
        }
    }

    @Test func compareTakesTwoFilesThresholdsAFailSwitchAndAFormat() throws {
        #expect(try CommandLineParser.parse(["compare", "a.json", "b.json"]) == .compare(
            CompareOptions(oldPath: "a.json", newPath: "b.json", rule: ComparisonRule(), failOnRegression: false, format: .text)))
        let parsed = try CommandLineParser.parse([
            "compare", "--threshold", "2.5%", "a.json", "--instructions-threshold=0.5", "b.json", "--fail-on-regression",
            "--format", "markdown",
        ])
        #expect(parsed == .compare(
            CompareOptions(
                oldPath: "a.json", newPath: "b.json", rule: ComparisonRule(threshold: 0.025, instructionsThreshold: 0.005),
                failOnRegression: true, format: .markdown)))
        #expect(
            try CommandLineParser.parse(["compare", "a.json", "b.json", "--format=html"])
                == .compare(CompareOptions(oldPath: "a.json", newPath: "b.json", rule: ComparisonRule(), failOnRegression: false, format: .html)))
    }

    @Test func compareTakesALevelForTheIntervalAndTheRankTest() throws {
        let parsed = try CommandLineParser.parse(["compare", "a.json", "b.json", "--level", "98.75%", "--significance=0.25%"])
        let rule = ComparisonRule(significanceLevel: 0.0025, confidenceLevel: 0.9875)
        #expect(parsed == .compare(CompareOptions(oldPath: "a.json", newPath: "b.json", rule: rule, failOnRegression: false, format: .text)))
        #expect(throws: BenchError.self) { try CommandLineParser.parse(["compare", "a.json", "b.json", "--level", "100%"]) }
    }

    @Test func exportTakesOneFileAndAFormat() throws {
        #expect(try CommandLineParser.parse(["export", "r.json", "--to", "bmf"]) == .export(ExportOptions(path: "r.json", format: .bmf)))
        #expect(try CommandLineParser.parse(["export", "--to=github-action-benchmark", "r.json"])
                == .export(ExportOptions(path: "r.json", format: .githubActionBenchmark)))
    }

    // MARK: - Refused

    @Test(arguments: [
        (["--fast"], "bench: unknown option '--fast' (try --help)"),
        (["-q"], "bench: unknown option '-q' (try --help)"),
        (["--fast=1"], "bench: unknown option '--fast' (try --help)"),
        (["report", "r.json", "--quick"], "bench: unknown option '--quick' for 'report' (try --help)"),
        (["validate", "r.json", "--format=json"], "bench: unknown option '--format' for 'validate' (try --help)"),
        (["--filter"], "bench: option '--filter' needs a value (try --help)"),
        (["--filter", "--quick"], "bench: option '--filter' needs a value (try --help)"),
        (["--out="], "bench: option '--out' needs a value (try --help)"),
        (["--spec", ""], "bench: option '--spec' needs a value (try --help)"),
        (["--filter="], "bench: option '--filter' needs a non-empty pattern (try --help)"),
        (["--format", "xml"], "bench: bad value 'xml' for option '--format' (expected text|json|markdown|html) (try --help)"),
        (["--strategy=every"],
         "bench: bad value 'every' for option '--strategy': 'every' is not a shape (expected all, both, derived, stored, root, incremental, or names joined by commas) (try --help)"),
        (["--strategy", "derived,,root"],
         "bench: bad value 'derived,,root' for option '--strategy': '' is not a shape (expected all, both, derived, stored, root, incremental, or names joined by commas) (try --help)"),
        (["--strategy=root,root"], "bench: bad value 'root,root' for option '--strategy': 'root' is named twice (try --help)"),
        (["--strategy=none"],
         "bench: bad value 'none' for option '--strategy': 'none' is not a shape (expected all, both, derived, stored, root, incremental, or names joined by commas) (try --help)"),
        (["report", "r.json", "--format", "htm"],
         "bench: bad value 'htm' for option '--format' (expected text|json|markdown|html) (try --help)"),
        (["compare", "a.json", "b.json", "--format=HTML"],
         "bench: bad value 'HTML' for option '--format' (expected text|json|markdown|html) (try --help)"),
        (["--quick", "--quick"], "bench: option '--quick' given twice (try --help)"),
        (["--format=json", "--format", "text"], "bench: option '--format' given twice (try --help)"),
        (["--quick=yes"], "bench: option '--quick' takes no value (try --help)"),
        (["stray"], "bench: unexpected argument 'stray' (try --help)"),
        (["--quick", "report", "r.json"], "bench: unexpected argument 'report' (a subcommand comes first) (try --help)"),
        (["--quick", "compare", "a.json", "b.json"], "bench: unexpected argument 'compare' (a subcommand comes first) (try --help)"),
        (["report"], "bench: 'report' needs a results FILE (try --help)"),
        (["report", "a.json", "b.json"], "bench: unexpected argument 'b.json' (try --help)"),
        (["validate"], "bench: 'validate' needs a results FILE (try --help)"),
        (["report", "r.json", "--format=text", "--benchmarks-md"],
         "bench: option '--format' cannot be combined with '--benchmarks-md' (try --help)"),
        (["--list", "--quick"], "bench: option '--quick' cannot be combined with '--list' (try --help)"),
        (["compare", "a.json"], "bench: 'compare' needs two results files, OLD and NEW (try --help)"),
        (["compare", "a.json", "b.json", "c.json"], "bench: unexpected argument 'c.json' (try --help)"),
        (["compare", "a.json", "b.json", "--threshold", "0"],
         "bench: bad value '0' for option '--threshold' (expected a percentage above 0 and below 100, e.g. 5%) (try --help)"),
        (["compare", "a.json", "b.json", "--threshold=five"],
         "bench: bad value 'five' for option '--threshold' (expected a percentage above 0 and below 100, e.g. 5%) (try --help)"),
        (["compare", "a.json", "b.json", "--instructions-threshold", "100%"],
         "bench: bad value '100%' for option '--instructions-threshold' (expected a percentage above 0 and below 100, e.g. 5%) (try --help)"),
        (["compare", "a.json", "b.json", "--quick"], "bench: unknown option '--quick' for 'compare' (try --help)"),
        (["export", "r.json"], "bench: 'export' needs '--to bmf|github-action-benchmark' (try --help)"),
        (["export", "r.json", "--to", "csv"],
         "bench: bad value 'csv' for option '--to' (expected bmf|github-action-benchmark) (try --help)"),
        (["export", "--to", "bmf"], "bench: 'export' needs a results FILE (try --help)"),
        (["--list", "--out", "o.json"], "bench: option '--out' cannot be combined with '--list' (try --help)"),
        (["--forks", "0"], "bench: bad value '0' for option '--forks' (expected a whole number from 1 to 64) (try --help)"),
        (["--forks=65"], "bench: bad value '65' for option '--forks' (expected a whole number from 1 to 64) (try --help)"),
        (["--forks", "two"], "bench: bad value 'two' for option '--forks' (expected a whole number from 1 to 64) (try --help)"),
        (["--forks"], "bench: option '--forks' needs a value (try --help)"),
        (["--list", "--forks", "2"], "bench: option '--forks' cannot be combined with '--list' (try --help)"),
    ])
    func refusedWithOneClearLine(arguments: [String], expected: String) {
        #expect(usageLine(arguments) == expected)
    }

    // MARK: - Filter

    @Test(arguments: [
        ("phase.read", "phase.read.tracked(largest-strict)", true),
        ("largest-strict)", "phase.read.tracked(largest-strict)", true),
        ("Phase", "phase.read.tracked(largest-strict)", false),
        ("phase.read.*", "phase.read.tracked(largest-strict)", true),
        ("*(largest-strict)", "phase.read.untracked(largest-strict)", true),
        ("phase.*.tracked(*)", "phase.read.tracked(largest-strict)", true),
        ("phase.read.*", "verdict.walk(none)", false),
        ("phase.read", "verdict-read-value-changes(spreads-only)", false),
        ("phase.read.tracked", "phase.read.untracked(largest-strict)", false),
        ("verdict.walk(??)", "verdict.walk(20e)", false),
        ("verdict.walk(????)", "verdict.walk(none)", true),
        ("verdict-read-*", "verdict-read-value-changes(spreads-only)", true),
        ("*", "anything", true),
    ])
    func filterIsASubstringOrAWholeNameGlob(pattern: String, name: String, matches: Bool) {
        #expect(MeasurementFilter(pattern: pattern).matches(name) == matches, "'\(pattern)' against '\(name)'")
    }

    @Test func strategySelectionKeepsStrategyFreeMeasurements() {
        #expect(StrategySelection.derived.includes(.unshaped) && StrategySelection.stored.includes(.unshaped))
        #expect(StrategySelection.derived.includes(.derived) && !StrategySelection.derived.includes(.stored))
        #expect(StrategySelection.both.includes(.derived) && StrategySelection.both.includes(.stored))
    }
}
