#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The A/B switch aimed at one shape's commit: with `BENCH_AB_ROOT_COMMIT_WORK=F` (a fraction, such as
/// `0.10`), every commit that root's table settles costs `F` more, spent inside the settle.
///
/// The extra work is sized by the commit itself: when the settle's walks are done, it spins until
/// `F` times the CPU time the commit has taken since it began has been spent again, so the injected
/// cost is that fraction of root's commit on any machine, at any speed. It is measured and spent on the
/// thread's CPU clock (`CLOCK_THREAD_CPUTIME_ID`), the clock root's cost limits are judged on, so a
/// preemption during the commit neither lengthens the spin nor counts as spun.
/// `scripts/decision-proof` sizes `F` so that root's commit lands at 1.02x, 1.05x (the margin: root
/// must not ship) and 1.10x stored's on the machine it runs on. Off, it costs the commit one load and
/// a predictable branch. A spin reads the clock, so a count of instructions made with it on is not a
/// count of the code: the switch is for timed runs.
enum ExtraRootCommitWork {
    /// The fraction of root's commit added, or nil when the switch is off.
    static let fraction: Double? = {
        guard let value = getenv("BENCH_AB_ROOT_COMMIT_WORK"), let fraction = Double(String(cString: value)), fraction > 0,
            fraction.isFinite
        else { return nil }
        return fraction
    }()

    /// When the commit in progress began, in the thread's CPU nanoseconds; 0 when the switch is off.
    nonisolated(unsafe) private static var commitStarted: UInt64 = 0

    /// Notes that a commit begins.
    @inline(__always)
    static func commitBegins() {
        guard fraction != nil else { return }
        commitStarted = now()
    }

    /// Spins for `fraction` of the CPU time spent since the commit began.
    @inline(never)
    static func spend() {
        guard let fraction, commitStarted != 0 else { return }
        let start = now()
        let until = start &+ UInt64(Double(start &- commitStarted) * fraction)
        while now() < until {}
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

extension Store {
    /// The fraction the A/B switch aimed at root's commit (`BENCH_AB_ROOT_COMMIT_WORK`) adds to every
    /// commit root's table settles, or nil when it is off; a results file made with it on must say so.
    public static var rootCommitExtraWork: Double? { ExtraRootCommitWork.fraction }
}
