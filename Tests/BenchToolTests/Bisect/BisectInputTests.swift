@testable import BenchTool
import Foundation
import Testing


/// `bench bisect` refuses what it cannot search in one line, exit 2, before it builds anything: an
/// unknown revision, GOOD not a first-parent ancestor of BAD, a selection that matches nothing, an
/// existing output directory.
struct BisectInputTests {
    /// A repository of three commits on one line (`ScratchRepository`).
    private static func repository() throws -> (root: String, commits: [String]) {
        try ScratchRepository.make(commits: 3, prefix: "bisect-input")
    }

    /// The line `bisect` refuses `options` with, over `root`.
    private static func refusal(_ options: BisectOptions, root: String) -> (line: String, status: BenchTool.ExitStatus)? {
        do {
            _ = try BisectCommand.run(options, root: root)
            return nil
        } catch let error as BenchError {
            return (error.written.joined(separator: "\n"), error.status)
        } catch {
            return ("\(error)", .failure)
        }
    }

    @Test func whatCannotBeSearchedIsRefusedBeforeAnythingIsBuilt() throws {
        let (root, commits) = try Self.repository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var nothing = BisectOptions(good: commits[0], bad: commits[2])
        nothing.filter = MeasurementFilter(pattern: "no-such-measurement")
        var existing = BisectOptions(good: commits[0], bad: commits[2])
        existing.outputDirectory = root
        let cases: [(BisectOptions, String)] = [
            (BisectOptions(good: "no-such-revision", bad: commits[2]), "bench: unknown revision 'no-such-revision': not a commit of \(root)"),
            (BisectOptions(good: commits[2], bad: commits[0]), "bench: GOOD '\(commits[2])' is not an ancestor of BAD '\(commits[0])'"),
            (BisectOptions(good: commits[1], bad: commits[1]), "bench: GOOD '\(commits[1])' and BAD '\(commits[1])' are one commit: nothing lies between"),
            (nothing, "bench: no measurement matches --filter 'no-such-measurement' for the shapes asked (bench --list names them)"),
            (existing, "bench: '\(root)' exists; bisect writes a new directory, name another with --out"),
        ]
        for (options, line) in cases {
            let refused = Self.refusal(options, root: root)
            #expect(refused?.line == line)
            #expect(refused?.status == .usageOrInputError)
        }
        #expect(!FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(".build")), "nothing built, no worktree made")
    }

    @Test func theFirstParentPathRunsFromGoodToBad() throws {
        let (root, commits) = try Self.repository()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try BisectRepository(root: root).path(from: commits[0], to: commits[2], named: ("a", "b"))
        #expect(path == commits)
        let described = BisectRepository(root: root).describe(commits)
        #expect(described[commits[1]]?.subject == "commit 2" && described[commits[1]]?.short == String(commits[1].prefix(7)))
    }
}
