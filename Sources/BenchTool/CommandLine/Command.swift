/// What one invocation of `bench` asks for: the result of parsing its command line.
///
/// A value, so the parser is a pure function that tests can call with any argument list, and `main`
/// only dispatches on it (the shape of swift's `benchmark/utils/ArgParse.swift`).
enum Command: Sendable, Equatable {
    /// Measure, count, judge against the limits and write a results file (no subcommand).
    case run(RunOptions)
    /// Print the names of the measurements a run would make, after `--filter` and `--shape`.
    case list(ListOptions)
    /// Render an existing results file again: `bench report FILE`.
    case report(ReportOptions)
    /// Check that a results file is one and is consistent with itself: `bench validate FILE`.
    case validate(path: String)
    /// Compare two results files: `bench compare OLD NEW`.
    case compare(CompareOptions)
    /// Write a results file in another tool's format: `bench export FILE --to FORMAT`.
    case export(ExportOptions)
    /// Merge runs of one build into one results file: `bench merge FILE... --out FILE`.
    case merge(MergeOptions)
    /// Profile measurements under callgrind, by function: `bench profile`.
    case profile(ProfileOptions)
    /// The functions that moved between two profile directories: `bench profile diff OLD_DIR NEW_DIR`.
    case profileDiff(ProfileDiffOptions)
    /// Profile directories as a section of BENCHMARKS.md: `bench profile markdown DIR...`.
    case profileMarkdown(directories: [String])
    /// Every results file of a directory in commit order: `bench history`.
    case history(HistoryOptions)
    /// The commits between two revisions where instruction counts moved: `bench bisect GOOD BAD`.
    case bisect(BisectOptions)
    /// The path of a commit's bench, built in the bisection's worktree and kept: `bench build REVISION`.
    case build(revision: String)
    /// Count measurements under other hash seeds for a comparison: `bench count-seeds REQUEST`
    /// (`SeedRequest`), with the fixtures of `specDirectory`.
    case countSeeds(requestPath: String, specDirectory: String)
    /// Print the usage text.
    case help
    /// Do one job for the bench that started this process: a hidden command (`ChildCommand`).
    case child(ChildCommand)
}

/// The options of a default run, as `RunOption.all` declares them.
struct RunOptions: Sendable, Equatable {
    /// Few samples, for CI: count limits still gate, timing verdicts are only indicative.
    var quick: Bool
    /// Which measurements and counts to run; `nil` runs all of them.
    var filter: MeasurementFilter?
    /// The directory of fixtures the workloads are built from.
    var specDirectory: String
    /// The limits file the run is judged against.
    var limitsPath: String
    /// Where to write the results file; `nil` names a new file under `results/`.
    var outputPath: String?
    /// How the report on standard output is rendered.
    var format: ReportFormat
    /// Which phase strategies to measure.
    var strategies: StrategySelection
    /// Whether to count each measurement's instructions per operation under callgrind as well.
    var instructions: Bool
    /// The most other hash seeds `--instructions` counts a measurement under, beside the fixed one:
    /// 0 (the default) counts the fixed seed alone, and `bench compare` counts the others where a
    /// comparison needs them; 2 or more counts the first two over every measurement, and the rest over
    /// those whose count moved a little under those two (`InstructionPass.Counts.needsMoreSeeds`).
    var otherSeeds: Int
    /// How many fresh processes, one after another, take the measurements' samples: 1 measures in
    /// the run's own process.
    var forks: Int
    /// Whether standard error stays silent but for errors: no progress, no phase times, no line
    /// naming the results file; standard output has the report alone either way.
    var quiet: Bool
    /// A results file of an earlier run of this build whose body re-run counts this run takes instead
    /// of counting them again; `nil` counts them. Counts are exact, so a run of the same build, spec and
    /// selection counts the same ones (`BorrowedCounts`).
    var countsFrom: String?
    /// A results file whose batch sizes every process of this run takes (`BatchSizes`), instead of
    /// calibrating its own; `nil` calibrates.
    var batchSizesFrom: String?

    /// The forks of a full run: enough processes' medians for the rank test across two runs to reach
    /// significance after the correction for comparing every measurement at once (see `ComparisonRule`).
    static let defaultForks = 8
    /// The forks of a `--quick` run: its own process, for speed; its timings are only indicative.
    static let defaultQuickForks = 1
    /// The most forks a run takes.
    static let maximumForks = 64
    /// The most other hash seeds `--seeds` takes.
    static let maximumOtherSeeds = 16

    /// The forks of a run given no `--forks`: a full run's or a `--quick` one's.
    static func defaultForks(quick: Bool) -> Int {
        quick ? defaultQuickForks : defaultForks
    }

    /// The options of a run given no options at all; its files are the checkout's the bench was built
    /// from (`BuildCheckout`), from any directory.
    static let defaults = RunOptions(
        quick: false, filter: nil, specDirectory: BuildCheckout.path("spec"), limitsPath: BuildCheckout.path("limits.json"), outputPath: nil,
        format: .text, strategies: .all)

    /// Creates run options; `defaults` says what an option left out means.
    ///
    /// - Parameter forks: `nil` takes the default of a full or a `--quick` run.
    init(
        quick: Bool, filter: MeasurementFilter?, specDirectory: String, limitsPath: String, outputPath: String?,
        format: ReportFormat, strategies: StrategySelection, instructions: Bool = false, forks: Int? = nil, quiet: Bool = false,
        otherSeeds: Int = 0
    ) {
        self.quick = quick
        self.filter = filter
        self.specDirectory = specDirectory
        self.limitsPath = limitsPath
        self.outputPath = outputPath
        self.format = format
        self.strategies = strategies
        self.instructions = instructions
        self.otherSeeds = otherSeeds
        self.forks = forks ?? Self.defaultForks(quick: quick)
        self.quiet = quiet
    }
}

/// The options of `bench --list`: only those that change which measurements exist
/// (`RunOption.forList`).
struct ListOptions: Sendable, Equatable {
    /// Which measurements to list; `nil` lists all.
    var filter: MeasurementFilter?
    /// The fixtures whose workloads are listed.
    var specDirectory: String
    /// Which phase strategies to list.
    var strategies: StrategySelection
    /// The limits file whose limits the list says the operations of.
    var limitsPath: String

    /// The run options `bench --list` keeps (`RunOption.forList`); `limitsPath` left out is the checkout's
    /// `limits.json`.
    init(
        filter: MeasurementFilter?, specDirectory: String, strategies: StrategySelection,
        limitsPath: String = RunOptions.defaults.limitsPath
    ) {
        self.filter = filter
        self.specDirectory = specDirectory
        self.strategies = strategies
        self.limitsPath = limitsPath
    }
}

/// The options of `bench merge FILE... --out FILE [--instructions-from FILE]`.
struct MergeOptions: Sendable, Equatable {
    /// The runs to merge, in order.
    var paths: [String]
    /// Where to write the merged file; an existing file is not overwritten.
    var outputPath: String
    /// Another run of the same build whose instruction counts the merged file takes, when none of
    /// `paths` counted them.
    var instructionsFrom: String?
}

/// The options of `bench report FILE`, as `ReportOption.all` declares them.
struct ReportOptions: Sendable, Equatable {
    /// What `report` prints.
    enum Output: Sendable, Equatable {
        /// The report, in a format.
        case report(ReportFormat)
        /// The whole text of BENCHMARKS.md, for a script to redirect into the file.
        case benchmarksDocument
    }

    /// The results file to render.
    var path: String
    /// What to print.
    var output: Output
}

/// How a report is rendered.
enum ReportFormat: String, Sendable, Equatable, CaseIterable, Codable {
    /// Aligned columns for a terminal.
    case text
    /// The results file itself, byte for byte as written.
    case json
    /// GitHub-flavoured markdown tables.
    case markdown
    /// One self-contained HTML page: the tables, and charts drawn as inline SVG (`HTMLReport`,
    /// `HTMLComparisonReport`).
    case html
}
