import Foundation
import Harness
import SeededRandom

/// Times commits together for a timed bisection (`TimedBisection`): each commit's kept bench (built in
/// the bisection's worktree, `BisectRepository.bench`) runs the selection in one process at a time,
/// the commits in a new random order every round, so that the machine's drift falls on every commit
/// alike; then each commit's processes are merged, one fork each, and every pair of neighbours is
/// judged by `bench compare`'s rule (`TimedChange.verdict`).
///
/// Before each process the worktree is checked out at its commit, so the run reads that commit's
/// `spec/` and `limits.json` and records that commit, as a run of its own checkout would. A probe asked
/// again with more forks keeps the rounds it made and adds rounds; every process's results file stays
/// under the output directory, `probe-N/<commit>-<round>.json`, for `bench compare` or `bench merge` to
/// read again.
final class TimedRuns {
    let repository: BisectRepository
    let options: BisectOptions
    let builds: String
    /// Where every process's results file goes.
    let directory: String
    let rule: ComparisonRule
    /// Says what is being done, as it starts; given the processes run so far.
    let say: (String) -> Void
    /// Why each commit that could not be timed was not, by full hash.
    private(set) var skipped: [String: String] = [:]
    /// The seconds each process timed took, in order.
    private(set) var processSeconds: [Double] = []
    /// Each commit's command line for one process over the selection (its bench first, `--out` to
    /// come), once the bench is built.
    private var commands: [String: [String]] = [:]
    /// Each probe's directory and the rounds made there, by its commits.
    private var probes: [[String]: (directory: String, rounds: Int)] = [:]
    /// How each commit is named in progress and file names.
    let name: (String) -> String

    init(
        repository: BisectRepository, options: BisectOptions, builds: String, directory: String, name: @escaping (String) -> String,
        say: @escaping (String) -> Void
    ) {
        self.repository = repository
        self.options = options
        self.builds = builds
        self.directory = directory
        self.name = name
        self.say = say
        rule = ComparisonRule(threshold: options.threshold, instructionsThreshold: options.instructionsThreshold)
    }

    /// The mean seconds a process took, once one has run.
    var secondsAProcess: Double? {
        processSeconds.isEmpty ? nil : processSeconds.reduce(0, +) / Double(processSeconds.count)
    }

    /// `commits` timed together in `forks` processes each; for every pair of neighbours, each
    /// measurement's change; nil when one of them cannot be timed (`skipped` says why).
    ///
    /// - Throws: `BenchError` when the worktree cannot be checked out or the output directory written.
    func time(_ commits: [String], forks: Int) throws -> [[MeasurementKey: TimedChange]]? {
        for commit in commits where try bench(commit) == nil { return nil }
        let (probeDirectory, made) = probes[commits] ?? ((directory as NSString).appendingPathComponent("probe-\(probes.count + 1)"), 0)
        try FileManager.default.createDirectory(atPath: probeDirectory, withIntermediateDirectories: true)
        let file = { (commit: String, round: Int) in (probeDirectory as NSString).appendingPathComponent("\(self.name(commit))-\(round).json") }
        for round in stride(from: made + 1, through: forks, by: 1) {
            var generator = SplitMix64(seed: UInt64(round))
            var order = commits
            order.shuffleDeterministically(using: &generator)
            for commit in order {
                say("timing \(commits.map(name).joined(separator: ", ")): round \(round) of \(forks), \(name(commit))")
                guard try run(commit, into: file(commit, round)) else { return nil }
            }
            probes[commits] = (probeDirectory, round)
        }
        var merged: [String: [MeasurementKey: MeasurementRecord]] = [:]
        for commit in commits {
            var forksByKey: [MeasurementKey: [MeasurementRecord]] = [:]
            var order: [MeasurementKey] = []
            for round in 1...forks {
                let results = try ResultsReader.read(path: file(commit, round))
                for record in results.measurements {
                    if forksByKey[record.key] == nil { order.append(record.key) }
                    forksByKey[record.key, default: []] += record.forkRecords
                }
            }
            merged[commit] = Dictionary(uniqueKeysWithValues: order.map { ($0, MeasurementRecord(mergingForks: forksByKey[$0]!)) })
        }
        return zip(commits, commits.dropFirst()).map { old, new in changes(from: merged[old]!, to: merged[new]!, forks: forks) }
    }

    /// Each measurement both sides have, judged as `bench compare` judges it (Holm's adjustment over
    /// all of them at once), and told as a `TimedChange`.
    private func changes(from old: [MeasurementKey: MeasurementRecord], to new: [MeasurementKey: MeasurementRecord], forks: Int) -> [MeasurementKey: TimedChange] {
        let keys = old.keys.filter { new[$0] != nil }.sorted()
        let fastCore = SlowCoreForks.fastCore(of: Array(old.values) + Array(new.values))
        let compared = MeasurementComparison.judgedTogether(
            keys.map { MeasurementComparison(old: old[$0]!, new: new[$0]!, rule: rule, fastCore: fastCore) }, rule: rule)
        var changes: [MeasurementKey: TimedChange] = [:]
        for comparison in compared {
            guard let ratio = comparison.ratio, let interval = comparison.ratioInterval else { continue }
            changes[comparison.key] = TimedChange(
                verdict: TimedChange.verdict(time: comparison.timeVerdict, interval: interval, threshold: rule.threshold),
                ratio: ratio, interval: interval, before: comparison.old.median, after: comparison.new.median, forks: forks)
        }
        return changes
    }

    /// `commit`'s bench, built now if it has not been; nil when it does not build or cannot time a
    /// selection in one process.
    private func bench(_ commit: String) throws -> String? {
        if let command = commands[commit] { return command[0] }
        if skipped[commit] != nil { return nil }
        try repository.checkOut(commit, label: name(commit))
        say("building \(name(commit))")
        let log = (directory as NSString).appendingPathComponent("build-\(name(commit)).log")
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let bench: String
        do {
            bench = try repository.bench(for: commit, builds: builds, log: log)
        } catch {
            skipped[commit] = "does not build (\(error.tail))"
            return nil
        }
        let help = (try? BisectShell.run([bench, "--help"])) ?? ""
        guard help.contains("--forks") else {
            skipped[commit] = "its bench has no --forks, to time the selection one process at a time"
            return nil
        }
        var command = [bench, "--forks", "1"]
        if let filter = options.filter { command += ["--filter", filter.pattern] }
        if options.strategies != RunOptions.defaults.strategies { command += [BisectProbe.shapeOption(help), options.strategies.rawValue] }
        commands[commit] = command
        return bench
    }

    /// One process of `commit`'s bench over the selection, its results into `path`; false when it
    /// could not time it (`skipped` says why).
    private func run(_ commit: String, into path: String) throws -> Bool {
        guard let command = commands[commit] else { return false }
        if FileManager.default.fileExists(atPath: path) { return true }
        try repository.checkOut(commit, label: name(commit))
        let partial = path + ".partial.json"
        Interruption.remove(onInterrupt: partial)
        defer { Interruption.forget(partial) }
        let started = Date()
        do {
            try BisectShell.run(command + ["--out", partial], in: repository.worktree, log: path + ".log")
        } catch let failure {
            // Exit 1 is a verdict of the limits (one failed, or could not be judged): the timing stands.
            guard failure.status == 1, FileManager.default.fileExists(atPath: partial) else {
                try? FileManager.default.removeItem(atPath: partial)
                skipped[commit] = "its bench cannot time the selection: \(failure.tail)"
                return false
            }
        }
        processSeconds.append(Date().timeIntervalSince(started))
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        try? FileManager.default.removeItem(atPath: path + ".log")
        return true
    }
}
