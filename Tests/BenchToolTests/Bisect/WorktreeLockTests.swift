@testable import BenchTool
import Foundation
import Testing


#if canImport(Glibc)
import Glibc
#endif

/// One command at a time in the bisection's worktree: a second lock is refused while the first is
/// held, naming its holder, and taken once it is released; a descriptor inherited from the holder
/// holds the same lock. `flock(2)` locks belong to an open file, so two opens in this one process
/// stand for two processes.
struct WorktreeLockTests {
    private static func directory() -> String {
        (NSTemporaryDirectory() as NSString).appendingPathComponent("worktree-lock-\(UUID().uuidString)")
    }

    @Test func aSecondHolderIsRefusedWithTheFirstsNameUntilItIsReleased() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try WorktreeLock.acquire(in: directory, holder: "bench bisect v1 v2", environment: [:])
        let error = #expect(throws: BenchError.self) { try WorktreeLock.acquire(in: directory, holder: "bench build v1", environment: [:]) }
        #expect(error?.status == .usageOrInputError)
        #expect(
            error?.lines == [
                "the bisection's worktree \(directory)/tree is in use by pid \(getpid()): bench bisect v1 v2 "
                    + "(it holds \(directory)/lock); wait for it to end"
            ])
        first.release()
        let second = try WorktreeLock.acquire(in: directory, holder: "bench build v1", environment: [:])
        #expect(try String(contentsOfFile: second.path, encoding: .utf8) == "pid \(getpid()): bench build v1\n")
        second.release()
    }

    @Test func aLockGoneWithItsHolderIsFree() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do { _ = try WorktreeLock.acquire(in: directory, holder: "a command that ended", environment: [:]) }
        try WorktreeLock.acquire(in: directory, holder: "the next", environment: [:]).release()
    }

    @Test func anInheritedDescriptorOfTheHeldLockHoldsIt() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // What the release gate does: open the lock file, take the lock, pass the descriptor down.
        let held = open((directory as NSString).appendingPathComponent("lock"), O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(held >= 0)
        defer { close(held) }
        #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
        let inherited = [WorktreeLock.inheritedVariable: String(held)]

        let child = try WorktreeLock.acquire(in: directory, holder: "bench build v1", environment: inherited)
        child.release()
        // Its release leaves the holder's lock held: nobody else gets it.
        #expect(throws: BenchError.self) { try WorktreeLock.acquire(in: directory, holder: "bench bisect v1 v2", environment: [:]) }
        // A descriptor of another file does not stand for the lock.
        let other = open("/dev/null", O_RDONLY)
        defer { close(other) }
        #expect(throws: BenchError.self) {
            try WorktreeLock.acquire(in: directory, holder: "bench build v1", environment: [WorktreeLock.inheritedVariable: String(other)])
        }
    }

    @Test func buildIsRefusedBeforeCheckingOutWhileTheWorktreeIsHeld() throws {
        let (root, commits) = try ScratchRepository.make(commits: 2, prefix: "worktree-lock")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let repository = BisectRepository(root: root)
        let lock = try repository.lockWorktree(for: "scripts/release-gate")
        defer { lock.release() }
        let error = #expect(throws: BenchError.self) { try BuildCommand.run(revision: commits[0], root: root) { _ in } }
        #expect(error?.lines.first?.contains("in use by pid \(getpid()): scripts/release-gate") == true)
        #expect(!FileManager.default.fileExists(atPath: repository.worktree), "nothing was checked out")
    }
}
