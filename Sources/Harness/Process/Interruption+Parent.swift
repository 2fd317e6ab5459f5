import CProcessControl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Interruption {
    /// The variable that tells a child which process started it: ten digits, whatever the number.
    public static let parentVariable = "BENCH_PARENT_PID"

    /// The variable for a child this process starts, to add to its environment.
    ///
    /// Ten digits whatever the id, so a counting child's environment, on the stack where its counts
    /// begin, keeps one length in every run.
    public static var parentEnvironment: [String: String] {
        var digits = String(getpid())
        digits = String(repeating: "0", count: max(0, 10 - digits.count)) + digits
        return [parentVariable: digits]
    }

    /// Ends this process, a child of the bench, when the bench ends, however it ends.
    ///
    /// A bench killed with `SIGKILL` cleans up nothing, and its forks would work on as orphans. On
    /// Linux the kernel sends this process `SIGTERM` when the thread that started it ends
    /// (`PR_SET_PDEATHSIG`, kept across `execve`), whose default action ends it: a child installs no
    /// handler, and its files are in its parent's directories. A parent that died before the request was made is caught by comparing
    /// `getppid()` with the process `BENCH_PARENT_PID` names: the child then exits at once, as the
    /// signal would have made it. The variable is taken out of the environment first, before anything
    /// reads the environment, so what a child counts is as it was without it. Call it first thing in
    /// `main`, in a child only. The sampled child is started by perf, and is told no parent: it only
    /// asks for the signal, which perf's end then sends. Elsewhere than Linux the request does nothing.
    public static func endWithParent() {
        let parent = getenv(parentVariable).map { strtol($0, nil, 10) }
        unsetenv(parentVariable)
        _ = cpc_set_parent_death_signal(SIGTERM)
        if let parent, parent > 0, getppid() != pid_t(parent) { _exit(128 + SIGTERM) }
    }
}
