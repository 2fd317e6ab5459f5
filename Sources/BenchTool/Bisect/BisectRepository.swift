import Foundation
import Harness

/// The repository a bisection searches: the checkout this bench was built from, its revisions, the
/// first-parent path between two of them, and the one worktree under `.build/bisect/` where each
/// commit tested is checked out and built.
///
/// The user's checkout is only read: its work tree, index and branch are left as they are; the
/// worktree is the bisection's own, kept between runs so that each build is incremental from the last
/// commit built there.
struct BisectRepository {
    /// The checkout's root.
    let root: String

    /// One commit, as the report names it.
    struct Commit: Sendable, Equatable {
        var hash: String
        var short: String
        var subject: String
        /// The committer date, `yyyy-MM-dd`.
        var date: String

        /// `abc1234 2026-12-04 Subject`.
        var line: String { "\(short) \(date) \(subject)" }
    }

    /// The bisection's directory: the worktree, the cache of counts, the default output.
    var directory: String { (root as NSString).appendingPathComponent(".build/bisect") }
    /// The worktree every commit tested is built in.
    var worktree: String { (directory as NSString).appendingPathComponent("tree") }

    /// Where each commit's bench is kept once built with `toolchain` (what `swift --version` printed),
    /// one directory a commit (`bench(for:builds:log:)`): a bisection of any selection, `bench build` and
    /// so the release gate's baseline all take a build from here that any of them made before.
    func keptBuilds(toolchain: String) -> String {
        (directory as NSString).appendingPathComponent("builds/" + String(SHA256.hex(of: Array(toolchain.utf8)).prefix(16)))
    }

    /// What `swift --version` prints here, which keys the kept builds.
    static func toolchain() -> String {
        ToolOutput.of("swift", ["--version"]) ?? "unknown toolchain"
    }

    /// The full hash of `revision`.
    ///
    /// - Throws: `BenchError` (exit 2) naming it when the repository has no such commit.
    func resolve(_ revision: String) throws(BenchError) -> String {
        do {
            return try BisectShell.git(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], in: root)
        } catch {
            throw BenchError("unknown revision '\(revision)': not a commit of \(root)")
        }
    }

    /// The first-parent path from `good` to `bad`, `good` first and `bad` last.
    ///
    /// - Throws: `BenchError` (exit 2) when `good` is `bad`, is not an ancestor of it, or is not on its
    ///   first-parent path.
    func path(from good: String, to bad: String, named names: (good: String, bad: String)) throws(BenchError) -> [String] {
        guard good != bad else { throw BenchError("GOOD '\(names.good)' and BAD '\(names.bad)' are one commit: nothing lies between") }
        do {
            try BisectShell.run(["git", "-C", root, "merge-base", "--is-ancestor", good, bad])
        } catch {
            throw BenchError("GOOD '\(names.good)' is not an ancestor of BAD '\(names.bad)'")
        }
        let listed: [String]
        do {
            listed = try BisectShell.git(["rev-list", "--first-parent", "--reverse", "\(good)..\(bad)"], in: root)
                .split(separator: "\n").map(String.init)
        } catch {
            throw BenchError("git cannot list the commits from '\(names.good)' to '\(names.bad)': \(error.tail)")
        }
        let parent = listed.first.flatMap { try? BisectShell.git(["rev-parse", $0 + "^1"], in: root) }
        guard parent == good else {
            throw BenchError(
                "GOOD '\(names.good)' is an ancestor of BAD '\(names.bad)' but not on its first-parent path: name a commit of that path")
        }
        return [good] + listed
    }

    /// The commits' short hashes, subjects and dates, by full hash.
    func describe(_ hashes: [String]) -> [String: Commit] {
        var found: [String: Commit] = [:]
        for hash in hashes {
            guard let line = try? BisectShell.git(["log", "-1", "--format=%H%x09%h%x09%cs%x09%s", hash], in: root) else { continue }
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { continue }
            found[hash] = Commit(hash: fields[0], short: fields[1], subject: fields[3], date: fields[2])
        }
        return found
    }

    /// Takes the worktree for `holder` until the lock is released or the process ends (`WorktreeLock`).
    ///
    /// - Throws: `BenchError` (exit 2) naming the holder when another process has it.
    func lockWorktree(for holder: String) throws(BenchError) -> WorktreeLock {
        try WorktreeLock.acquire(in: directory, holder: holder)
    }

    /// `checkOut(_:)` for a step of a bisection, whose failure ends it: nothing about the commit itself.
    ///
    /// - Parameter label: How the error names the commit.
    /// - Throws: `BenchError` naming the worktree, the commit and what git said.
    func checkOut(_ commit: String, label: String) throws(BenchError) {
        do {
            try checkOut(commit)
        } catch {
            throw BenchError("the bisection's worktree \(worktree) cannot check out \(label): \(error.tail)")
        }
    }

    /// Checks `commit` out in the worktree, making the worktree first if there is none.
    ///
    /// - Throws: `BisectShell.Failure` when git cannot.
    func checkOut(_ commit: String) throws(BisectShell.Failure) {
        if !FileManager.default.fileExists(atPath: (worktree as NSString).appendingPathComponent(".git")) {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            _ = try? BisectShell.run(["git", "-C", root, "worktree", "prune"])
            try BisectShell.run(["git", "-C", root, "worktree", "add", "--detach", "--force", worktree, commit])
            return
        }
        try BisectShell.run(["git", "-C", worktree, "checkout", "--detach", "--force", "--quiet", commit])
        // Files a build or an earlier commit left that this commit does not have, but the build itself.
        try BisectShell.run(["git", "-C", worktree, "clean", "-fdxq", "-e", ".build"])
    }

    /// `swift build -c release --product bench` in the worktree, its output into `log`, with a temporary
    /// directory of its own that goes with it: on Linux the toolchain's driver leaves empty
    /// `TemporaryDirectory.*` directories in TMPDIR on every build (a known swift-driver bug), six a
    /// build here, which a bisection of many commits would pile up in /tmp (`scripts/swift-build` does
    /// the same for the scripts).
    ///
    /// - Throws: `BisectShell.Failure` when it does not build, or its temporary directory cannot be made.
    private func buildBench(log: String) throws(BisectShell.Failure) {
        let command = ["swift", "build", "-c", "release", "--product", "bench"]
        do {
            try Interruption.withTemporaryDirectory(prefix: "bench-swift-build.") { scratch in
                _ = try BisectShell.run(command, in: worktree, log: log, environment: ["TMPDIR": scratch])
            }
        } catch let failure as BisectShell.Failure {
            throw failure
        } catch {
            throw BisectShell.Failure(command: command.joined(separator: " "), status: -1, tail: "\(error)")
        }
    }

    /// The bench of `commit`, checked out in the worktree: a copy kept from an earlier build of it under
    /// `builds` (one directory a toolchain), else built now in release, incrementally, its output into
    /// `log`, and kept. A build that failed is kept as failed, so no commit is built twice.
    ///
    /// The copy runs as the build did: its checkout is the worktree's (`BuildCheckout`, fixed when it
    /// was compiled), where `commit` is checked out.
    ///
    /// - Parameter builds: The directory of kept builds for this toolchain.
    /// - Throws: `BisectShell.Failure` when it does not build, now or before.
    func bench(for commit: String, builds: String, log: String) throws(BisectShell.Failure) -> String {
        let kept = (builds as NSString).appendingPathComponent(commit)
        let bench = (kept as NSString).appendingPathComponent("bench")
        let failed = (kept as NSString).appendingPathComponent("failed")
        if FileManager.default.isExecutableFile(atPath: bench) { return bench }
        if let tail = try? String(contentsOfFile: failed, encoding: .utf8) {
            throw BisectShell.Failure(command: "swift build -c release --product bench", status: 1, tail: tail)
        }
        try? FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        do {
            try buildBench(log: log)
        } catch {
            try? Data(error.tail.utf8).write(to: URL(fileURLWithPath: failed))
            throw error
        }
        let built = (worktree as NSString).appendingPathComponent(".build/release/bench")
        let partial = bench + ".partial"
        Interruption.remove(onInterrupt: partial)
        defer { Interruption.forget(partial) }
        try? FileManager.default.removeItem(atPath: partial)
        do {
            try FileManager.default.copyItem(atPath: built, toPath: partial)
            try FileManager.default.moveItem(atPath: partial, toPath: bench)
        } catch {
            // Not kept: the next bisection builds it again; this one runs the build itself.
            try? FileManager.default.removeItem(atPath: partial)
            return built
        }
        return bench
    }
}
