#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time of the calling thread: `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, in nanoseconds.
///
/// Beside `MonotonicClock`, every sampled batch is timed on this clock too. It advances only while the
/// thread runs, so the time the thread spent preempted by another process, waiting on a run queue, is
/// not in it: on a machine with a busy loop on each core a fork's own ratio of two commits went from
/// about ±2 % to about ±100 % on the monotonic clock, which counts that waiting. What the other process
/// leaves behind in the caches is still in it. On Linux a reading is a system call (about 0.5 µs on
/// the machines of record), made outside the monotonic clock's readings so that the wall figures do not
/// carry it; `TimerCharacteristics.threadCPUOverheadNanoseconds` is what it adds to a CPU figure.
public enum ThreadCPUClock {
    /// The calling thread's CPU time, in nanoseconds since it started.
    @inline(__always)
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
