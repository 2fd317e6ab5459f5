#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Time in the kernel that a process's instruction count does not show: system calls that do next to
/// nothing, each a few instructions of this process and the kernel's entry and exit, which callgrind
/// does not count and a wall clock does.
///
/// Nothing calls it in the runtime: `scripts/bisect-proof --time` compiles a call into the selection
/// walk at its culprit commit, to prove that a bisection by timed runs finds a change that counts
/// cannot (a system call is one of the causes of such a change, beside cache misses and locks).
enum KernelTime {
    /// Makes `calls` system calls (`getppid`, which no C library caches).
    @inline(never)
    static func spend(calls: Int) {
        for _ in 0..<calls { _ = getppid() }
    }
}
