import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a signal that ends the bench must undo: the children it started and the temporary files and
/// directories it made.
///
/// A supervisor's `SIGTERM`, a terminal's `SIGINT` or a closed session's `SIGHUP` reaches the bench
/// alone when it is sent to the bench's process and not to its group; left to its default, the bench
/// would die and its forks (under `--instructions`, callgrind processes minutes long) would work on as
/// orphans, and its temporary directories would stay for good. Once `install(program:)` has run,
/// such a signal is written to a pipe by a handler that does nothing else, and a thread of its own
/// reads it and does the rest: sends every child still running `SIGTERM` (and `SIGKILL` to one that
/// has not ended ten seconds later), waits for them, removes every temporary path still registered,
/// says in one line what was interrupted, and exits with 128 + the signal. A thread that starts a
/// child or registers a path after that point waits for the exit instead: nothing new begins once
/// the process is ending.
///
/// Children end with the bench even when it cannot clean up (`kill -9`): see `endWithParent()`.
public enum Interruption {
    /// The signals the bench ends on and cleans up after.
    public static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Installs the handlers; later calls do nothing.
    ///
    /// - Parameter program: The name the closing line begins with, as every other line of the program does.
    public static func install(program: String) {
        let first = state.withLock { state -> Bool in
            guard !state.installed else { return false }
            state.installed = true
            state.program = program
            return true
        }
        guard first else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        signalPipe = ends[1]
        let reading = ends[0]
        let watcher = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(reading, &byte, 1)
                if count == 1 { end(signal: Int32(byte)) }
                if count < 0 && errno != EINTR { return }
            }
        }
        watcher.name = "interruption"
        watcher.start()
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = noteSignal
            #else
                action.__sigaction_u.__sa_handler = noteSignal
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
    }

    /// What the process is doing, for the closing line: "measuring, fork 2 of 8", say.
    public static var activity: String {
        get { state.withLock { $0.activity } }
        set { state.withLock { $0.activity = newValue } }
    }

    /// Whether a signal has been received and the process is ending.
    public static var isUnderway: Bool { state.withLock { $0.underway } }

    // MARK: - Children

    /// Starts `process` as a child the bench ends if it is interrupted; `ended(_:)` forgets it.
    ///
    /// - Throws: What `Process.run()` throws. Once the process is ending, it waits for the exit instead.
    public static func start(_ process: Process) throws {
        let child = Child(process: process)
        let underway = try state.withLock { state -> Bool in
            guard !state.underway else { return true }
            try process.run()
            state.children[ObjectIdentifier(process)] = child
            return false
        }
        if underway { waitForExit() }
    }

    /// Forgets a child started by `start(_:)`, once it has exited.
    public static func ended(_ process: Process) {
        state.withLock { _ = $0.children.removeValue(forKey: ObjectIdentifier(process)) }
        if isUnderway { waitForExit() }
    }

    /// Starts `process` as by `start(_:)` and waits for it to exit.
    ///
    /// - Throws: What `Process.run()` throws.
    public static func run(_ process: Process) throws {
        try start(process)
        process.waitUntilExit()
        ended(process)
    }

    // MARK: - Temporary paths

    /// Registers a temporary file or directory to remove if the process is interrupted before
    /// `forget(_:)`; call it before the path is made.
    public static func remove(onInterrupt path: String) {
        let underway = state.withLock { state -> Bool in
            guard !state.underway else { return true }
            state.paths.append(path)
            return false
        }
        if underway { waitForExit() }
    }

    /// Stops tracking `path`: it has been removed, or it is kept on purpose.
    public static func forget(_ path: String) {
        state.withLock { state in
            if let index = state.paths.lastIndex(of: path) { state.paths.remove(at: index) }
        }
    }

    /// Makes a fresh directory under the temporary directory (`$TMPDIR`, else `/tmp`), runs `body`
    /// with its path, and removes it and everything in it afterwards, or when interrupted.
    ///
    /// - Parameter prefix: The directory's name before six random characters.
    /// - Throws: What `body` throws; `POSIXError` when the directory cannot be made.
    public static func withTemporaryDirectory<Result>(prefix: String, _ body: (String) throws -> Result) throws -> Result {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array(((base as NSString).appendingPathComponent(prefix + "XXXXXX")).utf8CString)
        let path: String = try template.withUnsafeMutableBufferPointer { buffer in
            guard let made = mkdtemp(buffer.baseAddress!) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            return String(cString: made)
        }
        remove(onInterrupt: path)
        defer {
            try? FileManager.default.removeItem(atPath: path)
            forget(path)
        }
        return try body(path)
    }

    // MARK: - Ending

    /// Waits, on a thread that has nothing left to do, for the interruption to end the process.
    public static func waitForExit() -> Never {
        while true { sleep(60) }
    }

    private static func end(signal: Int32) {
        let (children, paths, program, activity) = state.withLock { state in
            state.underway = true
            return (Array(state.children.values), state.paths, state.program, state.activity)
        }
        for child in children where child.process.isRunning { kill(child.process.processIdentifier, SIGTERM) }
        let ended = waitFor(children, seconds: 10)
        if !ended {
            for child in children where child.process.isRunning { kill(child.process.processIdentifier, SIGKILL) }
            _ = waitFor(children, seconds: 2)
        }
        var removed = 0
        for path in paths.reversed() where FileManager.default.fileExists(atPath: path) {
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
        }
        let clear = isatty(STDERR_FILENO) == 1 ? "\r\u{1B}[2K" : ""
        let line = clear + Self.line(program: program, signal: signal, activity: activity, children: children.count, removed: removed) + "\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        _exit(128 + signal)
    }

    /// The closing line: which signal, during what, and what was undone.
    static func line(program: String, signal: Int32, activity: String, children: Int, removed: Int) -> String {
        let during = activity.isEmpty ? "" : " while \(activity)"
        func count(_ number: Int, _ one: String, _ many: String) -> String { "\(number) \(number == 1 ? one : many)" }
        return "\(program): interrupted by \(name(of: signal))\(during): ended \(count(children, "child process", "child processes")), "
            + "removed \(count(removed, "temporary path", "temporary paths")); no results file written"
    }

    /// `SIGTERM`, `SIGINT`, `SIGHUP`, or `signal N`.
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    private static func waitFor(_ children: [Child], seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while children.contains(where: { $0.process.isRunning }) {
            guard Date() < deadline else { return false }
            usleep(20_000)
        }
        return true
    }

    // MARK: - State

    private static let state = Mutex(State())

    private struct State {
        var installed = false
        var underway = false
        var program = ""
        var activity = ""
        var children: [ObjectIdentifier: Child] = [:]
        var paths: [String] = []
    }

    /// A started process, touched only under the state's lock or once the process is ending.
    private struct Child: @unchecked Sendable {
        let process: Process
    }
}

/// The write end of the pipe the signal handler writes to; set once, before any handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// The handler itself: async-signal-safe, it writes the signal's number and returns.
private func noteSignal(_ signal: Int32) {
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(signalPipe, &byte, 1)
}
