import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The bisection's worktree held by one command at a time.
///
/// `bench bisect`, `bench build` and the release gate (for as long as its baseline runs from there)
/// each check commits out in `.build/bisect/tree`; two at once would build, count or time one
/// another's commit. Each takes an exclusive `flock(2)` on `.build/bisect/lock` first, and a second is
/// refused at once, before it checks anything out, with the holder the file names. The lock ends with
/// `release()` or with the process, however it ends, so a killed holder never leaves it taken.
///
/// A script that holds the lock itself while it runs a bench that takes it (the release gate around
/// `bench build`) passes its descriptor down in `BENCH_WORKTREE_LOCK_FD`: a child that inherits that
/// open descriptor of the same file holds the same lock, and takes it through that descriptor.
final class WorktreeLock {
    /// The variable naming an inherited descriptor of the lock file that already holds the lock.
    static let inheritedVariable = "BENCH_WORKTREE_LOCK_FD"

    /// The lock file's path.
    let path: String
    private var descriptor: Int32
    /// Whether the descriptor is this process's own, to close on release (an inherited one stays open).
    private let owned: Bool

    private init(path: String, descriptor: Int32, owned: Bool) {
        self.path = path
        self.descriptor = descriptor
        self.owned = owned
    }

    deinit { release() }

    /// Takes the lock on `directory`'s worktree, creating the directory and its lock file if need be.
    ///
    /// - Parameters:
    ///   - directory: The bisection's directory (`BisectRepository.directory`).
    ///   - holder: What holds it, as a refused command is told (for example `bench build abc1234`).
    ///   - environment: Where an inherited descriptor is named (`inheritedVariable`).
    /// - Throws: `BenchError` (exit 2) naming the holder when another process holds the lock, or when
    ///   the lock file cannot be made.
    static func acquire(
        in directory: String, holder: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BenchError) -> WorktreeLock {
        let path = (directory as NSString).appendingPathComponent("lock")
        if let inherited = environment[inheritedVariable].flatMap(Int32.init), isDescriptor(inherited, of: path),
            flock(inherited, LOCK_EX | LOCK_NB) == 0
        {
            return WorktreeLock(path: path, descriptor: inherited, owned: false)
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BenchError("cannot open the bisection's lock \(path): \(String(cString: strerror(errno)))")
        }
        // A lock released a moment ago can still be held: a process spawned just then shares every open
        // descriptor of its parent, close-on-exec or not, until it execs. So a refusal waits that out.
        let deadline = Date().addingTimeInterval(0.5)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if Date() < deadline {
                usleep(20_000)
                continue
            }
            close(descriptor)
            let named = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw BenchError(
                "the bisection's worktree \((directory as NSString).appendingPathComponent("tree")) is in use by "
                    + "\(named.isEmpty ? "another process" : named) (it holds \(path)); wait for it to end")
        }
        let line = Array("pid \(getpid()): \(holder)\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return WorktreeLock(path: path, descriptor: descriptor, owned: true)
    }

    /// Ends the hold; the lock is free for the next command. Only the first call does anything.
    func release() {
        guard descriptor >= 0 else { return }
        if owned {
            _ = ftruncate(descriptor, 0)
            close(descriptor)
        }
        descriptor = -1
    }

    /// Whether `descriptor` is open on the file at `path` (the same device and inode).
    private static func isDescriptor(_ descriptor: Int32, of path: String) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }
}
