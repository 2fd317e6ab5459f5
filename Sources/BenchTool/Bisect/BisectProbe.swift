import Foundation
import Harness

/// Counts one commit for a bisection: checks it out in the worktree, builds its bench, and has that
/// bench profile the selected measurements under callgrind (`bench profile --no-samples`, the fixed
/// hash seed's exact counts, by function), keeping the profile in a cache under `.build/bisect/cache/`.
///
/// Every commit is counted by its own bench with one selection (`--filter`, `--shape`), so every count
/// is made in the same process context: a count depends on what else its process counts and in what
/// order (the heap each measurement finds), so a bisection never mixes selections. The cache is keyed
/// by the selection and the toolchain, then by commit, so a second bisection over an overlapping range
/// counts nothing twice; each commit's bench is kept once built (`BisectRepository.bench`), so a
/// bisection of another selection builds nothing twice either. A commit that did not build, or whose
/// bench cannot count the selection, is cached as skipped with its reason.
final class BisectProbe {
    let repository: BisectRepository
    let options: BisectOptions
    /// The cache's directory for this selection and toolchain.
    let cache: String
    /// Why each commit skipped was skipped, by full hash.
    private(set) var skipped: [String: String] = [:]
    /// The seconds each commit counted here (not from the cache) took to build and count.
    private(set) var seconds: [Double] = []
    /// Says what is being done, as it starts.
    let say: (String) -> Void

    init(repository: BisectRepository, options: BisectOptions, say: @escaping (String) -> Void) {
        self.repository = repository
        self.options = options
        self.say = say
        let toolchain = BisectRepository.toolchain()
        let selection = "filter:\(options.filter?.pattern ?? "")\nshapes:\(options.strategies.rawValue)\ntoolchain:\(toolchain)"
        let digest = String(SHA256.hex(of: Array(selection.utf8)).prefix(16))
        cache = (repository.directory as NSString).appendingPathComponent("cache/\(digest)")
        builds = repository.keptBuilds(toolchain: toolchain)
    }

    /// Each commit's bench as built, for this toolchain, whatever the selection (`BisectRepository.bench`).
    let builds: String

    /// Where `commit`'s profile is kept, complete.
    func profileDirectory(_ commit: String) -> String {
        (commitDirectory(commit) as NSString).appendingPathComponent("profile")
    }

    private func commitDirectory(_ commit: String) -> String {
        (cache as NSString).appendingPathComponent(commit)
    }

    private func skippedFile(_ commit: String) -> String {
        (commitDirectory(commit) as NSString).appendingPathComponent("skipped")
    }

    /// `commit`'s instructions per operation by measurement, from the cache or counted now; nil when
    /// the commit is skipped (`skipped` says why).
    ///
    /// - Parameter label: How the progress names the commit.
    /// - Throws: `BenchError` when the worktree cannot be checked out (nothing about the commit itself).
    func counts(_ commit: String, label: String) throws -> [MeasurementKey: Double]? {
        if let reason = try? String(contentsOfFile: skippedFile(commit), encoding: .utf8) {
            skipped[commit] = reason
            return nil
        }
        if let counts = try? Self.counts(in: profileDirectory(commit)) { return counts }
        let started = Date()
        defer { seconds.append(Date().timeIntervalSince(started)) }
        let directory = commitDirectory(commit)
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try repository.checkOut(commit, label: label)
        say("building \(label)")
        let bench: String
        do {
            bench = try repository.bench(for: commit, builds: builds, log: (directory as NSString).appendingPathComponent("build.log"))
        } catch {
            return skip(commit, because: "does not build (\(error.tail))")
        }
        let help = (try? BisectShell.run([bench, "--help"])) ?? ""
        guard help.contains("bench profile") else { return skip(commit, because: "its bench has no profile command to count with") }
        var arguments = [bench, "profile"]
        if help.contains("--no-samples") { arguments.append("--no-samples") }
        if let filter = options.filter { arguments += ["--filter", filter.pattern] }
        if options.strategies != RunOptions.defaults.strategies {
            arguments += [Self.shapeOption(help), options.strategies.rawValue]
        }
        let partial = (directory as NSString).appendingPathComponent("profile.partial")
        Interruption.remove(onInterrupt: partial)
        defer { Interruption.forget(partial) }
        say("counting \(label) under callgrind")
        do {
            try BisectShell.run(
                arguments + ["--out", partial], in: repository.worktree, log: (directory as NSString).appendingPathComponent("profile.log"))
            try FileManager.default.moveItem(atPath: partial, toPath: profileDirectory(commit))
            return try Self.counts(in: profileDirectory(commit))
        } catch let failure as BisectShell.Failure {
            try? FileManager.default.removeItem(atPath: partial)
            return skip(commit, because: "its bench cannot count the selection: \(failure.tail)")
        }
    }

    /// A profile of `measurement` alone at `commit`, with perf's samples, for a differential flame
    /// graph: from the cache, or built and profiled now; nil when it cannot be made.
    func sampledProfile(_ commit: String, _ measurement: MeasurementKey) -> String? {
        let name = "sampled-" + String(SHA256.hex(of: Array(measurement.label.utf8)).prefix(12))
        let directory = (commitDirectory(commit) as NSString).appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(ProfileManifest.fileName)) { return directory }
        let partial = directory + ".partial"
        Interruption.remove(onInterrupt: partial)
        defer { Interruption.forget(partial) }
        try? FileManager.default.removeItem(atPath: partial)
        do {
            try repository.checkOut(commit)
            let bench = try repository.bench(for: commit, builds: builds, log: (commitDirectory(commit) as NSString).appendingPathComponent("build.log"))
            let help = try BisectShell.run([bench, "--help"])
            var arguments = [bench, "profile", "--filter", measurement.name, "--out", partial]
            if measurement.strategy != .unshaped {
                arguments += [Self.shapeOption(help), measurement.strategy.rawValue]
            }
            try BisectShell.run(arguments, in: repository.worktree, log: directory + ".log")
            try FileManager.default.moveItem(atPath: partial, toPath: directory)
            return directory
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            return nil
        }
    }

    /// The option a tested commit's bench takes shapes with, from its `--help`: `--shape`, or
    /// `--strategy` in a bench from before the option was renamed.
    static func shapeOption(_ help: String) -> String {
        help.contains("--shape") ? "--shape" : "--strategy"
    }

    /// Records `commit` as skipped, in the cache too.
    private func skip(_ commit: String, because reason: String) -> [MeasurementKey: Double]? {
        skipped[commit] = reason
        try? Data(reason.utf8).write(to: URL(fileURLWithPath: skippedFile(commit)))
        return nil
    }

    /// The instructions per operation of every measurement a profile directory holds.
    static func counts(in directory: String) throws(BenchError) -> [MeasurementKey: Double] {
        let manifest = try ProfileManifest.read(directory: directory)
        var counts: [MeasurementKey: Double] = [:]
        for entry in manifest.measurements where entry.operations > 0 {
            counts[MeasurementKey(label: entry.measurement)] = Double(entry.instructions) / Double(entry.operations)
        }
        return counts
    }

    /// The measurements of a profile directory, in its order.
    static func measurements(in directory: String) -> [MeasurementKey] {
        ((try? ProfileManifest.read(directory: directory))?.measurements ?? []).map { MeasurementKey(label: $0.measurement) }
    }
}
