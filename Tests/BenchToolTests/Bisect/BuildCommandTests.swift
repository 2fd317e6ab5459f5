@testable import BenchTool
import Foundation
import Testing


/// `bench build REVISION` gives the bench a bisection kept for a commit, with the commit checked out
/// in the bisection's worktree where that bench runs; a commit kept as failed is exit 1, a revision the
/// repository lacks exit 2 before any worktree is made. No test here builds a bench: each puts the
/// kept build (or its failure) where a bisection would have.
struct BuildCommandTests {
    /// A repository of two commits on one line (`ScratchRepository`).
    private static func repository() throws -> (root: String, commits: [String]) {
        try ScratchRepository.make(commits: 2, prefix: "build-command")
    }

    /// The kept build's directory of `commit` in `root`'s bisection, for this toolchain.
    private static func kept(_ commit: String, root: String) -> String {
        (BisectRepository(root: root).keptBuilds(toolchain: BisectRepository.toolchain()) as NSString).appendingPathComponent(commit)
    }

    @Test func aKeptBuildIsGivenWithItsCommitCheckedOut() throws {
        let (root, commits) = try Self.repository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let kept = Self.kept(commits[0], root: root)
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        let bench = (kept as NSString).appendingPathComponent("bench")
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: bench))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bench)

        var said: [String] = []
        let output = try BuildCommand.run(revision: commits[0], root: root) { said.append($0) }
        #expect(output.status == ExitStatus.success.rawValue)
        #expect(output.standardOutput == bench + "\n")
        let worktree = BisectRepository(root: root).worktree
        #expect(try BisectShell.git(["rev-parse", "HEAD"], in: worktree) == commits[0], "the kept bench runs from its own commit")
        #expect(said == ["bench: \(commits[0]): the build kept in \(kept), run from \(worktree)"])

        // Another commit's kept build: the worktree moves to it.
        let other = Self.kept(commits[1], root: root)
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: bench, toPath: (other as NSString).appendingPathComponent("bench"))
        #expect(try BuildCommand.run(revision: "HEAD", root: root) { _ in }.standardOutput == (other as NSString).appendingPathComponent("bench") + "\n")
        #expect(try BisectShell.git(["rev-parse", "HEAD"], in: worktree) == commits[1])
    }

    @Test func aCommitKeptAsFailedIsExitOneWithItsReason() throws {
        let (root, commits) = try Self.repository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let kept = Self.kept(commits[1], root: root)
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        try Data("error: no such module 'Missing'".utf8).write(to: URL(fileURLWithPath: (kept as NSString).appendingPathComponent("failed")))

        var said: [String] = []
        let output = try BuildCommand.run(revision: commits[1], root: root) { said.append($0) }
        #expect(output.status == ExitStatus.failure.rawValue)
        #expect(output.standardOutput.isEmpty)
        #expect(
            output.standardError == [
                "bench: \(commits[1]) does not build (swift build -c release --product bench, exit 1): error: no such module 'Missing'"
            ])
        #expect(said.isEmpty, "nothing is built")
    }

    @Test func anUnknownRevisionIsRefusedBeforeAnyWorktreeIsMade() throws {
        let (root, _) = try Self.repository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect {
            _ = try BuildCommand.run(revision: "no-such-revision", root: root) { _ in }
        } throws: { error in
            (error as? BenchError)?.written == ["bench: unknown revision 'no-such-revision': not a commit of \(root)"]
                && (error as? BenchError)?.status == .usageOrInputError
        }
        #expect(!FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(".build")))
    }

    @Test func theCommandLineTakesOneRevision() throws {
        #expect(try CommandLineParser.parse(["build", "v1"]) == .build(revision: "v1"))
        for (arguments, line) in [
            (["build"], "'build' needs a revision"),
            (["build", "a", "b"], "unexpected argument 'b'"),
            (["build", "a", "--frobnicate"], "unknown option '--frobnicate' for 'build'"),
        ] {
            do {
                _ = try CommandLineParser.parse(arguments)
                Issue.record("\(arguments) was taken")
            } catch {
                #expect(error.written.joined().contains(line), "\(error.written)")
                #expect(error.status == .usageOrInputError)
            }
        }
    }
}
