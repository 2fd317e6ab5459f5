import Foundation
import Harness

/// `bench build REVISION`: the path of REVISION's bench, built as a bisection builds each commit it
/// tests and kept with those builds, so the release gate's baseline and a bisection build no commit
/// twice between them.
///
/// REVISION is checked out in the bisection's worktree (`.build/bisect/tree`, `BisectRepository`) and
/// left there: the bench printed finds its checkout (spec/, limits.json, the commit it records) by the
/// path it was compiled at, which is that worktree's, so it runs as REVISION's own until the worktree
/// holds another commit. Its build is taken from `.build/bisect/builds/<toolchain>/<commit>/bench`
/// when one was kept, else made there now in release, incrementally from the worktree's last build.
/// The worktree is held (`WorktreeLock`) while it checks out and builds; whoever runs the bench printed
/// from there afterwards holds it for that time itself, as the release gate does.
enum BuildCommand {
    /// Checks REVISION out in the bisection's worktree and gives its bench, building it if no build of
    /// it was kept for this toolchain.
    ///
    /// - Returns: The bench's path and a newline on standard output, exit 0; exit 1 with the end of the
    ///   build's output when REVISION does not build (now or when it was tried before; a failed build
    ///   is kept as failed, as a bisection keeps it).
    /// - Throws: `BenchError` (exit 2) for an unknown revision, a worktree another command holds
    ///   (`WorktreeLock`), or one git cannot check it out in.
    ///
    /// - Parameters:
    ///   - root: The repository: the checkout this bench was built from (a test names another).
    ///   - say: Where the one line of what it does goes, as it starts (standard error).
    static func run(
        revision: String, root: String? = BuildCheckout.root?.path, say: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) throws -> CommandOutput {
        guard let root else {
            throw BenchError("build needs the checkout this bench was built from, and this bench no longer sits beside it")
        }
        let repository = BisectRepository(root: root)
        let commit = try repository.resolve(revision)
        let lock = try repository.lockWorktree(for: "bench build \(revision)")
        defer { lock.release() }
        let builds = repository.keptBuilds(toolchain: BisectRepository.toolchain())
        let kept = (builds as NSString).appendingPathComponent(commit)
        do {
            try repository.checkOut(commit)
        } catch {
            throw BenchError("git cannot check \(revision) out in \(repository.worktree): \(error.tail)")
        }
        let log = (kept as NSString).appendingPathComponent("build.log")
        if FileManager.default.isExecutableFile(atPath: (kept as NSString).appendingPathComponent("bench")) {
            say(CommandOutput.said("\(revision): the build kept in \(kept), run from \(repository.worktree)"))
        } else if !FileManager.default.fileExists(atPath: (kept as NSString).appendingPathComponent("failed")) {
            try? FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
            say(CommandOutput.said("\(revision): building it in \(repository.worktree) (swift build -c release; its output in \(log))"))
        }
        do {
            return CommandOutput(standardOutput: try repository.bench(for: commit, builds: builds, log: log) + "\n")
        } catch {
            return CommandOutput(
                standardOutput: "", standardError: [CommandOutput.said("\(revision) does not build (\(error.command), exit \(error.status)): \(error.tail)")],
                status: .failure)
        }
    }
}
