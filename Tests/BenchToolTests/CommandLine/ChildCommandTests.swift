import Testing

@testable import BenchTool

/// What the bench tells its children goes through the one parser: every run option and every job
/// reads back as written, and a child command that is unknown or malformed is refused in one line.
struct ChildCommandTests {
    private static let full = RunOptions(
        quick: false, filter: MeasurementFilter(pattern: "verdict.walk*"), specDirectory: "fixtures", limitsPath: "l.json",
        outputPath: "o.json", format: .markdown, strategies: .both, instructions: true, forks: 3, quiet: true)

    /// The defaults, and each option of a run set away from its default, alone and all together.
    static let runOptions: [RunOptions] = {
        var variants: [RunOptions] = [.defaults, full]
        func variant(_ change: (inout RunOptions) -> Void) {
            var options = RunOptions.defaults
            change(&options)
            variants.append(options)
        }
        variant { $0.quick = true; $0.forks = RunOptions.defaultQuickForks }
        variant { $0.quick = true; $0.forks = 4 }
        variant { $0.forks = 1 }
        variant { $0.forks = RunOptions.maximumForks }
        variant { $0.instructions = true }
        variant { $0.quiet = true }
        variant { $0.filter = MeasurementFilter(pattern: "commit.nulls-or-errors(largest-strict, 1000 handles)") }
        variant { $0.filter = MeasurementFilter(pattern: "-h") }
        variant { $0.filter = MeasurementFilter(pattern: "--help") }
        variant { $0.filter = MeasurementFilter(pattern: "a=b") }
        variant { $0.specDirectory = "/tmp/my spec" }
        variant { $0.limitsPath = "-limits.json" }
        variant { $0.outputPath = "results/x.json" }
        variant { $0.format = .json }
        variant { $0.strategies = .derived }
        variant { $0.strategies = StrategySelection(rawValue: "root,incremental")! }
        variant { $0.batchSizesFrom = "-the other build's run.json" }
        return variants
    }()

    @Test(arguments: runOptions)
    func everyRunOptionParsesBackFromItsArguments(options: RunOptions) throws {
        #expect(try CommandLineParser.parse(options.arguments) == .run(options), "\(options.arguments)")
    }

    @Test func defaultsAreLeftOut() {
        #expect(RunOptions.defaults.arguments.isEmpty)
        #expect(Self.full.arguments.count == 9, "each option once: \(Self.full.arguments)")
    }

    static let children: [ChildCommand] = [
        ChildCommand(.fork(index: 2, count: 8, recordsPath: "/tmp/bench-forks-x/fork-2.json"), run: full),
        ChildCommand(.fork(index: 1, count: 1, recordsPath: "r.json"), run: .defaults),
        ChildCommand(
            .fork(
                index: 3, count: 8, recordsPath: "r.json",
                estimate: ForkEstimate(doneBefore: 0.25, share: 0.125, forkSeconds: 9.5, afterSeconds: nil, restWeight: 5)),
            run: full),
        ChildCommand(
            .fork(index: 9, count: 16, recordsPath: "r.json", measurements: [MeasurementKey(label: "commit.field-errors.land(largest-strict, 1 handle) [root]")]),
            run: full),
        ChildCommand(.countInstructions(dumpsDirectory: "/tmp/bench-callgrind.000000", measurements: []), run: full),
        ChildCommand(
            .countInstructions(
                dumpsDirectory: "/tmp/bench-callgrind.000001",
                measurements: ["phase.read.tracked(largest-strict) [derived]", "commit.nulls-or-errors(largest-strict, 1000 handles) [stored]"].map(MeasurementKey.init(label:))),
            run: .defaults),
        ChildCommand(.sampleProfile(measurement: MeasurementKey(label: "field.read.tracked(row-of-8) [root]"), seconds: 3), run: full),
        ChildCommand(.sampleProfile(measurement: MeasurementKey(label: "observable.read.untracked(row-of-8)"), seconds: 0.25), run: .defaults),
    ]

    @Test(arguments: children)
    func everyJobParsesBackFromItsArguments(child: ChildCommand) throws {
        #expect(try CommandLineParser.parse(child.arguments) == .child(child), "\(child.arguments)")
        #expect(child.arguments.prefix(2) == [ChildCommand.commandWord, child.job.name])
    }

    @Test func aChildIsToldOnlyWhatChoosesAndShapesMeasurements() {
        var quick = Self.full
        quick.quick = true
        let fork = ChildCommand(.fork(index: 1, count: 3, recordsPath: "r.json"), run: quick).options
        #expect(fork.quick && fork.filter == quick.filter && fork.specDirectory == "fixtures" && fork.strategies == .both)
        #expect(fork.outputPath == nil && fork.format == .text)
        #expect(fork.limitsPath == quick.limitsPath, "a fork reads the limits to know what it times first")
        #expect(!fork.instructions && fork.forks == RunOptions.defaultQuickForks)
        let counting = ChildCommand(.countInstructions(dumpsDirectory: "d", measurements: []), run: quick)
        #expect(!counting.options.quick, "--quick changes no count, and the counting child is not told it")
        #expect(!counting.arguments.contains("--quick"))
        #expect(fork.quiet, "a fork's progress is the run's: quiet with it")
        #expect(!counting.options.quiet && !counting.arguments.contains("--quiet"), "the counting child's arguments stay the command's alone")
    }

    @Test func aForkTimesInTheBatchSizesItsRunWasGivenAndOnlyAForkIsTold() throws {
        var given = Self.full
        given.batchSizesFrom = "/tmp/the other build's run-1.json"
        let fork = ChildCommand(.fork(index: 2, count: 2, recordsPath: "r.json"), run: given)
        #expect(fork.options.batchSizesFrom == given.batchSizesFrom)
        #expect(fork.arguments.contains("--batch-sizes=/tmp/the other build's run-1.json"))
        #expect(try CommandLineParser.parse(fork.arguments) == .child(fork))
        let counting = ChildCommand(.countInstructions(dumpsDirectory: "d", measurements: []), run: given)
        #expect(counting.options.batchSizesFrom == nil, "a count does not batch")
        let profile = ChildCommand(.sampleProfile(measurement: MeasurementKey(label: "a [derived]"), seconds: 1), run: given)
        #expect(profile.options.batchSizesFrom == nil)
    }

    @Test func theCountingChildsArgumentsDependOnTheCommandAlone() {
        let child = ChildCommand(.countInstructions(dumpsDirectory: "/tmp/bench-callgrind.000000", measurements: [MeasurementKey(name: "a", strategy: .derived)]), run: Self.full)
        #expect(child.arguments == [
            "child", "count-instructions", "--dumps=/tmp/bench-callgrind.000000", "--filter=verdict.walk*", "--spec=fixtures",
            "--shape=both", "--", "a [derived]",
        ])
    }

    @Test func childCommandsAreHiddenFromHelp() {
        #expect(!CommandLineParser.helpText.contains(ChildCommand.commandWord))
        #expect(!CommandLineParser.helpText.contains("count-instructions"))
    }

    @Test(arguments: [
        (["child"], "bench: 'child' needs a job (expected count-instructions, fork, sample-profile); the bench starts its children itself (try --help)"),
        (["child", "measure"], "bench: unknown child job 'measure' (expected count-instructions, fork, sample-profile); the bench starts its children itself (try --help)"),
        (["child", "fork", "--records=r.json"], "bench: 'child fork' needs '--fork' (try --help)"),
        (["child", "fork", "--fork=2/8"], "bench: 'child fork' needs '--records' (try --help)"),
        (["child", "fork", "--fork=9/8", "--records=r"], "bench: bad value '9/8' for option '--fork' (expected I/N, 1 <= I <= N <= 64) (try --help)"),
        (["child", "fork", "--fork=0/8", "--records=r"], "bench: bad value '0/8' for option '--fork' (expected I/N, 1 <= I <= N <= 64) (try --help)"),
        (["child", "fork", "--fork=2/", "--records=r"], "bench: bad value '2/' for option '--fork' (expected I/N, 1 <= I <= N <= 64) (try --help)"),
        (["child", "fork", "--fork=2/8", "--records=r", "--estimate=0.5,x"], "bench: bad value '0.5,x' for option '--estimate' (expected before,share,rest,fork,after) (try --help)"),
        (["child", "fork", "--fork=1/1", "--records=r", "--", ""], "bench: 'child fork' needs non-empty measurement keys (try --help)"),
        (["child", "sample-profile", "--measurement=m", "--seconds=3", "extra"], "bench: unexpected argument 'extra' for 'child sample-profile' (try --help)"),
        (["child", "fork", "--fork=1/1", "--records=r"], "bench: 'child fork' needs '--order-seed' (try --help)"),
        (["child", "fork", "--fork=1/1", "--records=r", "--order-seed=-3"], "bench: bad value '-3' for option '--order-seed' (expected a whole number) (try --help)"),
        (["child", "fork", "--fork=1/1", "--records=r", "--out=o.json"], "bench: unknown option '--out' for 'child fork' (try --help)"),
        (["child", "count-instructions", "--quick", "--dumps=d"], "bench: unknown option '--quick' for 'child count-instructions' (try --help)"),
        (["child", "count-instructions"], "bench: 'child count-instructions' needs '--dumps' (try --help)"),
        (["child", "count-instructions", "--dumps="], "bench: option '--dumps' needs a value (try --help)"),
        (["child", "sample-profile", "--measurement=m"], "bench: 'child sample-profile' needs '--seconds' (try --help)"),
        (["child", "sample-profile", "--measurement=m", "--seconds=-1"], "bench: bad value '-1' for option '--seconds' (expected a number of seconds above 0) (try --help)"),
        (["child", "sample-profile", "--seconds=3"], "bench: 'child sample-profile' needs '--measurement' (try --help)"),
    ])
    func unknownOrMalformedChildCommandsAreRefusedInOneLine(arguments: [String], expected: String) {
        #expect(throws: BenchError.self) { try CommandLineParser.parse(arguments) }
        do {
            _ = try CommandLineParser.parse(arguments)
        } catch {
            #expect(error.written == [expected])
        }
    }
}
