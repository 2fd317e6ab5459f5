import Foundation
import Harness
import Runtime
import Workloads

/// A run, `bench [options]`: checks everything it needs before it measures anything, counts, times
/// the measurements in forks, looks again where the decision waits on undecided limits, judges, and
/// writes the results file. Each step is a phase of the run (`RunPhases`), whose times the file keeps.
struct RunCommand {
    let options: RunOptions
    let progress: ProgressLine
    let phases: RunPhases
    let started = Date()

    /// What a run reads and checks before it measures anything.
    struct Preparation {
        let limits: LimitsFile
        let subjects: BenchSubjects
        let suite: Suite
        let picks: [SubjectRecord]
        let borrowed: [CountRecord]?
        let batchSizes: [MeasurementKey: Int]
    }

    /// Runs `options`: the report of the results file written, and the run's exit status.
    static func run(_ options: RunOptions) throws -> CommandOutput {
        try RunCommand(options: options).run()
    }

    init(options: RunOptions) {
        let progress = ProgressLine()
        progress.quiet = options.quiet
        self.options = options
        self.progress = progress
        phases = RunPhases(progress: progress)
    }

    func run() throws -> CommandOutput {
        let prepared = try prepare()
        for line in announcements(prepared) { tell(line) }
        // The callgrind pass goes first: it is the long one, and a missing valgrind should stop the run
        // before the timed pass, not after it.
        let instructions = try options.instructions
            ? phases.time("instructions") {
                Interruption.activity = "counting instructions under callgrind"
                return try InstructionPass.count(options, selected: SuiteRunner.selected(prepared.suite, options: options), progress: progress)
            } : nil
        let runner = SuiteRunner(options: options, progress: progress, batchSizes: prepared.batchSizes)
        let counts = try prepared.borrowed ?? phases.time("counting") { try runner.count(prepared.subjects) }
        var forkLoads: [ForkLoadRecord] = []
        // The shapes' order within every round of every group is shuffled from this seed, which the
        // results file records; below 2^53, so JSON keeps it exact.
        let orderSeed = UInt64.random(in: 0..<(1 << 53))
        let gating = SuiteRunner.gating(for: prepared.limits.limits, from: runner.selected(prepared.suite))
        let timed = try time(runner, prepared.suite, gating: gating, orderSeed: orderSeed, loads: &forkLoads)
        let limits = prepared.limits
        let judge = Judge(
            limits: limits.limits, buildConfiguration: MachineEnvironment.compiledConfiguration, quick: options.quick, shapes: limits.shapes,
            looks: limits.looks, noise: limits.noise)
        var measurements = instructions.map { InstructionPass.fill(timed, with: $0) } ?? timed
        // A first judgement says whether the decision waits on undecided limits; the looks it takes
        // are a phase of their own, and only a run that takes one has it.
        var judgement = judge.judge(measurements: measurements, counts: counts, forkLoads: forkLoads)
        let looksTaken = try lookAgain(
            judge, looks: limits.looks, gating: gating, orderSeed: orderSeed, counts: counts, measurements: &measurements,
            judgement: &judgement, loads: &forkLoads)
        let (environment, readFloor, fits, judged) = phases.time("judging") {
            let environment = MachineEnvironment.capture(sourceDirectory: BuildCheckout.sourceDirectory, date: started)
            let readFloor = ReadFloor.figures(
                measurements: measurements, subjects: prepared.picks,
                buildConfiguration: environment.buildConfiguration, quick: options.quick)
            let judged = HandleShare.fill(judgement.limits, measurements: measurements)
            return (environment, readFloor, runner.fits(measurements, suite: prepared.suite), judged)
        }
        let results = ResultsFile(
            environment: environment, limitsFile: options.limitsPath, limitsSHA256: limits.sha256, timer: runner.timer,
            method: Self.method(options, looks: limits.looks, shapes: judge.budgetShapes), options: RunRecord(options, roundOrderSeed: orderSeed), measurements: measurements, counts: counts,
            fits: fits, limits: judged, decision: judgement.decision, readFloor: readFloor, subjects: prepared.picks,
            scaling: prepared.suite.scaling(measured: measurements.map(\.name)), shapes: limits.shapes, phases: phases.records,
            looks: limits.looks, looksTaken: looksTaken.isEmpty ? nil : looksTaken,
            countingMethod: instructions == nil ? nil : CountingMethod.current, noise: limits.noise,
            forkLoads: forkLoads.isEmpty ? nil : forkLoads)
        return try write(results, status: judgement.exitStatus)
    }

    /// Everything the run needs, checked before anything is measured: a run never stops half-way on
    /// something it could have known at the start.
    private func prepare() throws -> Preparation {
        try phases.time("preparing") {
            let (limits, subjects, suite) = try Self.checkedSuite(options, limitsPath: options.limitsPath, newFile: options.outputPath)
            let borrowed = try options.countsFrom.map { path throws(BenchError) in
                try BorrowedCounts.read(
                    from: path, options: options, environment: MachineEnvironment.capture(sourceDirectory: BuildCheckout.sourceDirectory))
            }
            let batchSizes = try options.batchSizesFrom.map { path throws(BenchError) in try BatchSizes.read(from: path) } ?? [:]
            return Preparation(
                limits: limits, subjects: subjects, suite: suite, picks: Self.subjectRecords(subjects), borrowed: borrowed, batchSizes: batchSizes)
        }
    }

    /// What the run says before it measures: the spec's notes, the judged subjects, and what it leaves out.
    private func announcements(_ prepared: Preparation) -> [String] {
        let (subjects, suite, picks) = (prepared.subjects, prepared.suite, prepared.picks)
        return subjects.spec.unplacedErrorNotes + JudgedSubject.lines(prepared.limits.limits, subjects: picks) + picks.compactMap { $0.fieldErrors?.line }
            + Self.missingSubjects(subjects) + (suite.scalingUnavailable.map { ["fixture-size curve not measured: \($0)"] } ?? [])
            + (suite.distinctRootsUnavailable.map { ["distinct-roots curve not measured: \($0)"] } ?? [])
    }

    /// The timed pass: in forks, or in this process when the run has one fork.
    private func time(
        _ runner: SuiteRunner, _ suite: Suite, gating: [SuiteMeasurement], orderSeed: UInt64, loads: inout [ForkLoadRecord]
    ) throws -> [MeasurementRecord] {
        var forkSeconds: [Double] = []
        return try phases.time("measuring", parts: { forkSeconds.isEmpty ? nil : forkSeconds }) {
            options.forks > 1
                ? try ForkedRun.measure(
                    options, expected: runner.selected(suite), orderSeed: orderSeed, progress: progress, forkSeconds: &forkSeconds,
                    loads: &loads)
                : try {
                    // The run's own process is its one fork: the bar and the time left are its own.
                    progress.begin(ForkEstimate(doneBefore: 0, share: 1, forkSeconds: nil, afterSeconds: nil, restWeight: 0))
                    return try runner.measure(suite, gating: Set(gating.map(\.key)), orderSeed: orderSeed)
                }()
        }
    }

    /// The looks the decision waits on: while a limit it needs is undecided and the schedule has a
    /// next look, more forks of every measurement a timing limit reads, judged again on all forks.
    private func lookAgain(
        _ judge: Judge, looks: LookSchedule?, gating: [SuiteMeasurement], orderSeed: UInt64, counts: [CountRecord],
        measurements: inout [MeasurementRecord], judgement: inout Judgement, loads: inout [ForkLoadRecord]
    ) throws -> [LookRecord] {
        guard let looks, case let waiting = judgement.undecidedLimitsTheDecisionWaitsOn, !waiting.isEmpty,
            let first = Self.nextLook(after: options.forks, looks, shapes: judge.budgetShapes, options: options, waiting: waiting)
        else { return [] }
        var looksTaken: [LookRecord] = []
        var lookSeconds: [Double] = []
        try phases.time("looking again", parts: { lookSeconds }) {
            var forks = options.forks
            var look: (forks: Int, waiting: [LimitJudgement])? = (first, waiting)
            while let (next, waiting) = look {
                // Every measurement a timing limit reads, not only the undecided ones': a later fork
                // then times them as a first fork did, first and all, and is one of the same forks.
                let keys = gating.map(\.key)
                tell(
                    CommandOutput.said(
                        "\(waiting.map(\.limit.id).joined(separator: ", ")) undecided at \(forks) forks: "
                            + "\(next - forks) more forks of the \(keys.count) measurements the timing limits read "
                            + "(\(looks.description(shapes: judge.budgetShapes)))"))
                measurements = try ForkedRun.measureMore(
                    options, expected: gating, numbered: (forks + 1)...next, of: next, adding: measurements, orderSeed: orderSeed,
                    progress: progress, forkSeconds: &lookSeconds, loads: &loads)
                judgement = judge.judge(measurements: measurements, counts: counts, forkLoads: loads)
                looksTaken.append(LookRecord(forks: next, limits: waiting.map(\.limit.id), measurements: keys.map(\.label)))
                forks = next
                let still = judgement.undecidedLimitsTheDecisionWaitsOn
                look = still.isEmpty ? nil : Self.nextLook(after: forks, looks, shapes: judge.budgetShapes, options: options, waiting: still).map { ($0, still) }
            }
        }
        return looksTaken
    }

    /// Writes `results` and returns its report. The write itself is the one phase the file cannot
    /// hold: the last line says it, and the whole run's time.
    private func write(_ results: ResultsFile, status: ExitStatus) throws -> CommandOutput {
        let writingStarted = Date()
        let path: String
        if let outputPath = options.outputPath {
            try ResultsWriter.write(results, toNewFile: outputPath)
            path = outputPath
        } else {
            path = try ResultsWriter().write(results, date: started)
        }
        let writing = String(format: "writing %.2f s", Date().timeIntervalSince(writingStarted))
        let written = CommandOutput.said(
            "results written to \(path) in \(Int(Date().timeIntervalSince(started).rounded())) s (\(phases.summary), \(writing))")
        return CommandOutput(
            standardOutput: Report.render(results, format: options.format),
            closingLines: options.quiet ? [] : [written], status: status)
    }

    private func tell(_ line: String) { Self.tell(line, options) }

    /// Writes a line a run says on standard error beside its progress, which `--quiet` keeps to itself.
    static func tell(_ line: String, _ options: RunOptions) {
        if !options.quiet { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    /// The fork count of the look after one at `forks`, or nil, having said why, when the run takes
    /// none: a `--quick` run's timings do not gate, a debug build's are not judged, a run whose forks
    /// are not a look of the schedule, or whose next look would sample by another policy, looks once.
    private static func nextLook(after forks: Int, _ looks: LookSchedule, shapes: Int, options: RunOptions, waiting: [LimitJudgement]) -> Int? {
        let ids = waiting.map(\.limit.id).joined(separator: ", ")
        guard let next = looks.forks(after: forks) else {
            let why = looks.forks.last == forks
                ? "after the schedule's last look (\(forks) forks): reported as undecided"
                : "at \(forks) forks, which is not a look of the schedule (\(looks.description(shapes: shapes))): run with --forks \(looks.forks[0]) to take more forks where undecided"
            tell(CommandOutput.said("\(ids) undecided \(why)"), options)
            return nil
        }
        guard SuiteRunner.policy(quick: options.quick, forks: next) == SuiteRunner.policy(quick: options.quick, forks: forks) else {
            tell(
                CommandOutput.said(
                    "\(ids) undecided at \(forks) forks: a look of \(next) would sample by another policy than the first forks, so the run looks once"),
                options)
            return nil
        }
        return next
    }

    /// The results file's `method`, clause by clause: loudly first, whether an A/B switch added work;
    /// the sampling method; and how instructions were counted when they were.
    private static func method(_ options: RunOptions, looks: LookSchedule?, shapes: Int) -> [String] {
        var clauses: [String] = []
        if Store.isExtraReadWorkOn { clauses.append("A/B SWITCH ON (BENCH_AB_EXTRA_WORK=1): extra work on every tracked read") }
        if let kibibytes = Store.coldReadsKibibytes {
            clauses.append("A/B SWITCH ON (BENCH_AB_COLD_READS=\(kibibytes)): every tracked read also loads a page of \(kibibytes) KiB the caches do not hold")
        }
        if let steps = Store.walkStallSteps {
            clauses.append("A/B SWITCH ON (BENCH_AB_WALK_STALLS=\(steps)): every verdict walk first waits on \(steps) loads in a row that the caches do not hold")
        }
        if let work = Store.rootCommitExtraWork {
            clauses.append("A/B SWITCH ON (BENCH_AB_ROOT_COMMIT_WORK=\(work)): every commit root's table settles spends \(work * 100) % more")
        }
        clauses.append(MeasurementResult.fixedBatchMethod)
        if options.forks > 1 {
            clauses.append(
                "samples from \(options.forks) forks (fresh processes of this build, one after another), "
                    + "each median the median of the forks' medians (one fork, one vote), its interval the exact "
                    + "order-statistic interval over them")
            if Suite.distinctRootForks < options.forks {
                clauses.append("the distinct-root measurements, which no limit reads, in the first \(Suite.distinctRootForks) forks only")
            }
        }
        if let looks {
            clauses.append("timing limits judged on \(looks.description(shapes: shapes))")
            clauses.append("a decision waiting on undecided limits takes more forks of every measurement a timing limit reads, up to the next look")
        }
        clauses.append(
            "the groups a timing limit reads are timed first in every fork, before anything else is built, "
                + "their allocations counted after the last of them, so every fork of every look times them alike")
        clauses.append(
            "in every group the shapes take their turns in a fresh order every round, shuffled from the seed in "
                + "options.roundOrderSeeds, the fork's number and the group's place")
        let sampling = SuiteRunner.samplingDescription(quick: options.quick, forks: options.forks)
        clauses += sampling.enumerated().map { $0.offset == 0 ? "sampling: " + $0.element : $0.element }
        if options.instructions {
            clauses += InstructionPass.method(
                InstructionCounter(outputDirectory: ""), valgrindVersion: CallgrindLaunch.valgrindVersion() ?? "valgrind of unknown version",
                otherSeeds: options.otherSeeds)
        }
        if let borrowed = options.countsFrom { clauses.append("body re-run counts taken from \(borrowed), an earlier run of this build") }
        if let sizes = options.batchSizesFrom {
            clauses.append(
                "batch sizes not calibrated: each measurement took the size most of the forks of \(sizes) took (the larger on a tie), "
                    + "and one it lacks calibrated its own")
        }
        return clauses
    }

    /// What the run cannot count because the spec lacks the operation, said before it starts.
    static func missingSubjects(_ subjects: BenchSubjects) -> [String] {
        Scenario.Subject.allCases.filter { subjects.picked($0) == nil }.map { role in
            "not counted: no \(role.rawValue) operation in \(subjects.spec.directory.path) (\(role.why)); "
                + "its scenarios are left out, and a limit on them is not judged"
        }
    }

    static func subjectRecords(_ subjects: BenchSubjects) -> [SubjectRecord] {
        Scenario.Subject.allCases.compactMap { subject in
            subjects.picked(subject).map { picked in
                SubjectRecord(
                    role: subject.rawValue, operation: picked.name, fixture: picked.fixture.fixture.name, records: picked.records,
                    slotsWalked: picked.slotsWalked, why: subject.why,
                    fieldErrors: subject == .largestStrict ? fieldErrorsRecord(picked) : nil)
            }
        }
    }

    /// Where `picked`'s field-errors response comes from; nil when it has none (the check refuses that).
    private static func fieldErrorsRecord(_ picked: PickedOperation) -> FieldErrorsRecord? {
        guard case .success(let variant) = picked.fieldErrors() else { return nil }
        return FieldErrorsRecord(source: variant.source.rawValue, response: variant.responseName, leaves: variant.leaves, how: variant.how)
    }


    /// The limits file, the fixtures' subjects and the suite over them, each checked against the others
    /// in the order a run checks them, before anything is measured: the limits parse, `newFile` (the
    /// run's `--out`, where given) can be written, the fixtures hold the subjects, every limit reads
    /// what the bench measures, and `--filter` selects something. A run and `bench --list` both start here.
    ///
    /// - Throws: `BenchError` naming the first of these that fails.
    static func checkedSuite(
        _ selection: RunOptions, limitsPath: String, newFile: String? = nil
    ) throws -> (limits: LimitsFile, subjects: BenchSubjects, suite: Suite) {
        let limits = try LimitsFile.load(path: limitsPath)
        if let newFile { try ResultsWriter.checkNewFile(newFile) }
        let subjects = try BenchSubjects.checked(selection.specDirectory)
        let suite = Suite(subjects: subjects)
        try requireMeasured(limits, path: limitsPath, suite)
        try requireSelection(suite, subjects, selection)
        return (limits, subjects, suite)
    }

    /// Refuses a limits file a limit of which reads a measurement (name and strategy) this bench does
    /// not have over this spec, or counts a scenario it has none of: such a run would measure
    /// everything, then leave the limit unjudged and exit 1.
    ///
    /// - Throws: `BenchError` naming the file, the limit and what it reads.
    static func requireMeasured(_ limits: LimitsFile, path: String, _ suite: Suite) throws {
        let measured = Set(suite.measurements.map { $0.key })
        // A scenario whose operation this spec lacks (no spreads-only operation) is still the bench's:
        // its limit is then not judged, as the report says; only a name no scenario has is refused.
        let scenarios = Set(Scenario.all.map(\.name))
        for limit in limits.limits {
            if limit.isTiming {
                for key in limit.measurementsRead where !measured.contains(key) {
                    throw BenchError("\(path): limit '\(limit.id)' reads '\(key.name)' [\(key.strategy.rawValue)], which this bench does not "
                        + "measure over this spec (bench --list names what it does)")
                }
            } else if !scenarios.contains(limit.metric) {
                throw BenchError("\(path): limit '\(limit.id)' counts '\(limit.metric)', a scenario this bench does not have "
                    + "(bench --list names what it counts)")
            }
        }
    }

    /// Refuses a `--filter` that selects no measurement and no count: a run of nothing would measure
    /// nothing, leave every limit unjudged and exit 1 at the end, where one line at the start says it.
    ///
    /// - Throws: `BenchError` naming the pattern, when nothing under the selected strategies matches it.
    static func requireSelection(_ suite: Suite, _ subjects: BenchSubjects, _ options: RunOptions) throws {
        guard let filter = options.filter,
            SuiteRunner.selected(suite, options: options).isEmpty, SuiteRunner.selectedScenarios(subjects, options: options).isEmpty
        else { return }
        throw BenchError.usage("--filter '\(filter.pattern)' selects no measurement and no count under shapes \(options.strategies.rawValue); bench --list names what there is")
    }
}
