#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bench's time source: `clock_gettime(CLOCK_MONOTONIC)`, in nanoseconds.
///
/// Named for what it reads rather than `Clock`, which would shadow the standard library's `Clock`
/// protocol in every file that imports the harness. It is a bare function call, inlined into the
/// sampling loop, so the only cost between two readings is the vDSO call that `TimerCharacteristics`
/// measures and the sampler subtracts.
public enum MonotonicClock {
    /// Nanoseconds since an unspecified fixed point; only differences mean anything.
    ///
    /// CLOCK_MONOTONIC is not stepped by NTP or the user, unlike the wall clock; it is slewed, which
    /// changes rates by at most parts per million.
    @inline(__always)
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// The resolution the kernel reports for CLOCK_MONOTONIC (`clock_getres`), in nanoseconds.
    ///
    /// This is the clock's nominal tick; the smallest difference two readings actually show is measured
    /// by `TimerCharacteristics.measure()`.
    public static func reportedResolution() -> UInt64 {
        var spec = timespec()
        clock_getres(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
