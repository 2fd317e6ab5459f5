import Foundation

@testable import BenchTool

/// A git repository of `count` commits on one line, each changing `file.txt`, in a fresh temporary
/// directory named after `prefix`: what the bisection's and `bench build`'s tests search and check out.
enum ScratchRepository {
    /// Makes the repository; its root and its commits' hashes, oldest first.
    static func make(commits count: Int, prefix: String) throws -> (root: String, commits: [String]) {
        let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try BisectShell.run(["git", "-C", root, "init", "--quiet"])
        var commits: [String] = []
        for index in 1...count {
            try Data("line \(index)\n".utf8).write(to: URL(fileURLWithPath: (root as NSString).appendingPathComponent("file.txt")))
            try BisectShell.run(["git", "-C", root, "add", "file.txt"])
            try BisectShell.run([
                "git", "-C", root, "-c", "user.name=\(prefix)", "-c", "user.email=\(prefix)@localhost", "commit", "--quiet", "-m", "commit \(index)",
            ])
            commits.append(try BisectShell.git(["rev-parse", "HEAD"], in: root))
        }
        return (root, commits)
    }
}
