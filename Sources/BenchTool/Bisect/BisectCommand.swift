import Foundation
import Harness

/// `bench bisect GOOD BAD`: the commits on the first-parent path from GOOD to BAD where the selected
/// measurements' instructions per operation moved, each named with its counts before and after and the
/// functions that moved most.
///
/// Instruction counts repeat to a few parts in a million for one build, so one count of a commit
/// decides where wall time would need repeated runs (Chromium's Pinpoint bisects on those, for hours).
/// GOOD and BAD are counted first; `CountBisection` then chooses which commits to count, binary search
/// between every two neighbours whose counts differ beyond the threshold, until each step is one
/// commit or a run of commits that were skipped. Each commit is counted by its own bench, built in the
/// bisection's worktree (`BisectProbe`, `BisectRepository`), with one selection throughout. For each
/// culprit the profiles of the commit before it and of it give the functions whose self instructions
/// per operation moved most (as `bench profile diff` prints them), and, where perf is installed, the
/// step's largest move is profiled again with perf's samples on both sides for a differential flame
/// graph under `--out`.
enum BisectCommand {
    /// How many moves of a step get their top movers printed.
    static let movesWithMovers = 3
    /// How many functions each of them shows.
    static let movers = 8

    /// Runs a bisection.
    ///
    /// - Returns: The report, exit 0 when it named culprits and 1 when no count moved at any one commit.
    /// - Throws: `BenchError` (exit 2) for an unknown revision, a GOOD that is not a first-parent
    ///   ancestor of BAD, a selection that matches nothing in this bench, an existing `--out`, a
    ///   worktree another command holds (`WorktreeLock`), or GOOD or BAD that cannot be counted.
    ///
    /// - Parameter root: The repository searched: the checkout this bench was built from (a test names
    ///   another).
    static func run(_ options: BisectOptions, root: String? = BuildCheckout.root?.path) throws -> CommandOutput {
        guard let root else {
            throw BenchError("bisect needs the checkout this bench was built from, and this bench no longer sits beside it")
        }
        let repository = BisectRepository(root: root)
        let good = try repository.resolve(options.good)
        let bad = try repository.resolve(options.bad)
        let commits = try repository.path(from: good, to: bad, named: (options.good, options.bad))
        let selection = RunOptions(
            quick: false, filter: options.filter, specDirectory: RunOptions.defaults.specDirectory, limitsPath: RunOptions.defaults.limitsPath,
            outputPath: nil, format: .text, strategies: options.strategies)
        let subjects = try BenchSubjects.checked(selection.specDirectory)
        guard !SuiteRunner.selected(Suite(subjects: subjects), options: selection).isEmpty else {
            throw BenchError(
                "no measurement matches --filter '\(options.filter?.pattern ?? "")' for the shapes asked (bench --list names them)")
        }
        let output = options.outputDirectory ?? (repository.directory as NSString).appendingPathComponent(timestamp())
        guard !FileManager.default.fileExists(atPath: output) else {
            throw BenchError("'\(output)' exists; bisect writes a new directory, name another with --out")
        }
        let lock = try repository.lockWorktree(for: "bench bisect \(options.good) \(options.bad)")
        defer { lock.release() }
        if options.time { return try runTimed(options, commits: commits, repository: repository, output: output) }
        return try runCounted(options, commits: commits, repository: repository, output: output)
    }

    /// The bisection by counts: GOOD and BAD counted first, then the commits the search asks for,
    /// each culprit's movers, flame graph and, where asked, its moves under other hash seeds.
    private static func runCounted(
        _ options: BisectOptions, commits: [String], repository: BisectRepository, output: String
    ) throws -> CommandOutput {
        let (good, bad) = (commits[0], commits[commits.count - 1])
        let described = repository.describe(commits)
        let name = { (commit: String) in described[commit]?.short ?? String(commit.prefix(7)) }
        let started = Date()
        var counted = 0
        let expected = 2 + Int(log2(Double(max(1, commits.count - 2))).rounded(.up))
        let probe = BisectProbe(repository: repository, options: options) { what in
            // A single step takes `expected` counts; more steps take more, and the estimate grows with them.
            let total = max(expected, counted + 1)
            let left = total - counted
            let time = probeSeconds(counted: counted, started: started).map { ", ~\(Int(($0 * Double(left) / 60).rounded(.up))) min left" } ?? ""
            say("[count \(counted + 1) of about \(total), \(commits.count) commits in the range\(time)] \(what)")
        }
        say("\(commits.count) commits from \(name(good)) to \(name(bad)); counts cached in \(probe.cache)")
        func count(_ commit: String) throws -> [MeasurementKey: Double]? {
            defer { counted += 1 }
            return try probe.counts(commit, label: described[commit]?.line ?? commit)
        }
        // GOOD and BAD first: what they count is what is searched.
        guard let goodCounts = try count(good) else { throw BenchError("GOOD \(name(good)) cannot be counted: it \(probe.skipped[good] ?? "was skipped")") }
        guard let badCounts = try count(bad) else { throw BenchError("BAD \(name(bad)) cannot be counted: it \(probe.skipped[bad] ?? "was skipped")") }
        var measurements = BisectProbe.measurements(in: probe.profileDirectory(bad))
        for key in BisectProbe.measurements(in: probe.profileDirectory(good)) where !measurements.contains(key) { measurements.append(key) }
        var answered: [String: [MeasurementKey: Double]?] = [good: goodCounts, bad: badCounts]
        let bisection = try CountBisection.search(commits: commits, measurements: measurements, threshold: options.instructionsThreshold) {
            commit throws -> [MeasurementKey: Double]? in
            if let known = answered[commit] { return known }
            let counts = try count(commit)
            answered[commit] = counts
            return counts
        }
        let report = BisectReport(bisection: bisection, commits: described.mapValues(\.line), skipped: probe.skipped)
        var sections = [report.summary]
        for (index, step) in bisection.steps.enumerated() {
            sections.append(
                stepSection(step, number: index + 1, of: bisection.steps.count, report: report, probe: probe, options: options, output: output, name: name)
                    .joined(separator: "\n"))
        }
        sections += [report.coursesNotStepped, report.skippedLines, report.closing(seconds: Date().timeIntervalSince(started), counted: probe.seconds.count)]
            .compactMap { $0 }
        let status: ExitStatus = bisection.steps.isEmpty ? .failure : .success
        return CommandOutput(standardOutput: sections.joined(separator: "\n\n") + "\n", status: status)
    }

    /// A step's lines: the report's, and for a step of one commit the functions that moved most, a
    /// differential flame graph and, where asked, the moves under other hash seeds.
    private static func stepSection(
        _ step: CountStep, number: Int, of count: Int, report: BisectReport, probe: BisectProbe, options: BisectOptions, output: String,
        name: (String) -> String
    ) -> [String] {
        var lines = report.stepLines(step, number: number, of: count)
        guard step.isOneCommit, let culprit = step.candidates.first, let since = step.moves.first?.since else { return lines }
        let largest = step.moves.sorted { abs(log($0.ratio)) > abs(log($1.ratio)) }.map(\.measurement)
        lines += movers(largest, from: probe.profileDirectory(since), to: probe.profileDirectory(culprit), names: (name(since), name(culprit)))
        lines += flameGraph(largest[0], since: since, culprit: culprit, probe: probe, output: output, names: (name(since), name(culprit)))
        if options.countsSeeds {
            lines += StepSeeds.lines(
                step, since: since, culprit: culprit, root: probe.repository.root, rule: ComparisonRule(instructionsThreshold: options.instructionsThreshold),
                say: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        }
        return lines
    }

    /// The functions whose self instructions per operation moved most between the two profiles, for
    /// the first few of `measurements` (the step's largest moves first).
    private static func movers(_ measurements: [MeasurementKey], from old: String, to new: String, names: (String, String)) -> [String] {
        let largest = measurements.prefix(movesWithMovers).map(\.label)
        guard let diffs = try? ProfileDiffCommand.diff(oldDirectory: old, newDirectory: new) else {
            return ["  top movers: the profiles of \(names.0) and \(names.1) cannot be read"]
        }
        let shown = largest.compactMap { label in diffs.first { $0.measurement == label } }
        guard !shown.isEmpty else { return [] }
        return ["  top movers, self instructions per operation, \(names.0) -> \(names.1):"]
            + shown.map { $0.text(top: movers).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") }
    }

    /// `measurement` (the step's largest move) profiled again, with perf's samples, at the commit before
    /// and at the culprit, and their differential flame graph written under `output`.
    private static func flameGraph(
        _ measurement: MeasurementKey, since: String, culprit: String, probe: BisectProbe, output: String, names: (String, String)
    ) -> [String] {
        guard PerfLaunch.isInstalled else { return ["  differential flame graph: not drawn, perf is not installed (\(PerfLaunch.missingLine))"] }
        say("sampling \(measurement.label) under perf at \(names.0) and \(names.1) for its flame graph")
        guard let old = probe.sampledProfile(since, measurement), let new = probe.sampledProfile(culprit, measurement) else {
            return ["  differential flame graph: not drawn, \(measurement.label) could not be profiled with samples at both commits"]
        }
        let directory = (output as NSString).appendingPathComponent(names.1)
        try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let written = ProfileDiffCommand.run(ProfileDiffOptions(oldDirectory: old, newDirectory: new, outputDirectory: directory))
        guard written.status == 0 else { return ["  differential flame graph: not drawn: \(written.standardError.joined(separator: " "))"] }
        return ["  differential flame graph of \(measurement.label), \(names.0) -> \(names.1): \(directory)"]
    }

    /// A bisection by wall time (`TimedBisection`, `TimedRuns`): GOOD and BAD timed together, then
    /// each run that changed split at its middle, its three commits timed together, until each step is
    /// one commit, a run of skipped commits, or a run the budget could not split. Each one-commit
    /// culprit is named with its ratio and interval, the functions whose self instructions moved most
    /// between its neighbours' profiles (counted as a count bisection counts them), and a differential
    /// flame graph.
    ///
    /// - Returns: The report; exit 0 when it named a one-commit culprit, 1 when it named none.
    private static func runTimed(_ options: BisectOptions, commits: [String], repository: BisectRepository, output: String) throws -> CommandOutput {
        let described = repository.describe(commits)
        let name = { (commit: String) in described[commit]?.short ?? String(commit.prefix(7)) }
        let started = Date()
        let budget = TimedBisection.Budget(start: options.forksToStart, most: options.mostForks)
        let selection = RunOptions(
            quick: false, filter: options.filter, specDirectory: RunOptions.defaults.specDirectory, limitsPath: RunOptions.defaults.limitsPath,
            outputPath: nil, format: .text, strategies: options.strategies)
        let measurements = SuiteRunner.selected(Suite(subjects: try BenchSubjects.checked(selection.specDirectory)), options: selection)
            .map { MeasurementKey(name: $0.name, strategy: $0.strategy) }
        // The probes a single step takes, and the processes each makes at its first look.
        let probesExpected = 1 + Int(log2(Double(max(1, commits.count - 2))).rounded(.up))
        var runs: TimedRuns!
        runs = TimedRuns(
            repository: repository, options: options, builds: repository.keptBuilds(toolchain: BisectRepository.toolchain()),
            directory: (output as NSString).appendingPathComponent("timed"), name: name
        ) { what in
            let made = runs.processSeconds.count
            let expected = max(2 * budget.start + 3 * budget.start * (probesExpected - 1), made + 1)
            let left = runs.secondsAProcess.map { ", ~\(Int(($0 * Double(expected - made) / 60).rounded(.up))) min of timing left, builds aside" } ?? ""
            say("[process \(made + 1) of about \(expected), \(commits.count) commits in the range\(left)] \(what)")
        }
        say("\(commits.count) commits from \(name(commits[0])) to \(name(commits[commits.count - 1])), timed; every process's results file under \(runs.directory)")
        let bisection = try TimedBisection.search(commits: commits, measurements: measurements, threshold: options.threshold, budget: budget) {
            commits, forks throws -> [[MeasurementKey: TimedChange]]? in
            try runs.time(commits, forks: forks)
        }
        guard !bisection.ends.isEmpty else {
            let why = [commits[0], commits[commits.count - 1]].compactMap { commit in runs.skipped[commit].map { "\(name(commit)) \($0)" } }
            throw BenchError("GOOD and BAD cannot be timed: \(why.joined(separator: "; "))")
        }
        let report = TimedBisectReport(bisection: bisection, commits: described.mapValues(\.line), skipped: runs.skipped, budget: budget)
        var sections = [report.summary]
        let counts = BisectProbe(repository: repository, options: options) { say($0) }
        for (index, step) in bisection.steps.enumerated() {
            var lines = report.stepLines(step, number: index + 1, of: bisection.steps.count)
            if step.isOneCommit {
                let (since, culprit) = (step.since, step.until)
                let largest = step.moves.sorted { abs(log($0.change.ratio)) > abs(log($1.change.ratio)) }.map(\.measurement)
                say("counting \(name(since)) and \(name(culprit)) under callgrind for the functions that moved")
                if (try? counts.counts(since, label: described[since]?.line ?? since)) != nil,
                    (try? counts.counts(culprit, label: described[culprit]?.line ?? culprit)) != nil
                {
                    lines += movers(largest, from: counts.profileDirectory(since), to: counts.profileDirectory(culprit), names: (name(since), name(culprit)))
                } else {
                    lines.append("  top movers: \(name(since)) and \(name(culprit)) could not both be counted")
                }
                lines += flameGraph(largest[0], since: since, culprit: culprit, probe: counts, output: output, names: (name(since), name(culprit)))
            }
            sections.append(lines.joined(separator: "\n"))
        }
        sections += [report.notRuledOutLines, report.probeLines, report.closing(seconds: Date().timeIntervalSince(started), processes: runs.processSeconds.count)]
            .compactMap { $0 }
        let status: ExitStatus = bisection.steps.contains(where: \.isOneCommit) ? .success : .failure
        return CommandOutput(standardOutput: sections.joined(separator: "\n\n") + "\n", status: status)
    }

    /// The mean seconds a commit counted in this run took, once one has been.
    private static func probeSeconds(counted: Int, started: Date) -> Double? {
        counted > 0 ? Date().timeIntervalSince(started) / Double(counted) : nil
    }

    /// Says one line of progress on standard error.
    private static func say(_ line: String) {
        FileHandle.standardError.write(Data((CommandOutput.said("bisect: " + line) + "\n").utf8))
    }

    /// `yyyyMMdd-HHmmss`, UTC.
    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}
