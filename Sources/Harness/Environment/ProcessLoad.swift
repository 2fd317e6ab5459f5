#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What this process and the machine had been through up to one moment: the counters from which the
/// load over an interval is read, as the difference of two readings.
///
/// A timing taken while other work competes for the cores is slower and noisier, and nothing in the
/// timing itself says so. The kernel keeps the evidence: how long this process's threads waited on a
/// run queue while runnable, how often they were switched out against their will, how long some task
/// on the machine waited for a CPU (pressure stall information), and how long a hypervisor ran another
/// guest on this one's CPUs (steal). Each is a counter since boot or since the thread started, so one
/// reading means nothing alone; `ForkLoadRecord` turns two into shares of the time between them.
///
/// Fields are `nil` where the kernel does not provide them (`OperatingSystem` reads them): `/proc` is
/// Linux's, `/proc/pressure` needs a kernel built with PSI (and booted without `psi=0`), and `schedstat`
/// needs scheduler statistics.
public struct ProcessLoad: Sendable, Equatable {
    /// When the reading was taken, `MonotonicClock.now()`, in nanoseconds.
    public var monotonicNanoseconds: UInt64
    /// Nanoseconds this process's threads have run on a CPU, summed over the threads alive at the
    /// reading (`/proc/self/task/*/schedstat`, first field).
    ///
    /// A thread that has ended takes its time with it, so the sum can go down between two readings;
    /// the threads of a fork's measurement live through it.
    public var onCPUNanoseconds: UInt64?
    /// Nanoseconds this process's threads have spent runnable but waiting on a run queue for a CPU,
    /// summed as `onCPUNanoseconds` is (`schedstat`'s second field): time the process wanted a core
    /// and another task had it.
    public var runQueueNanoseconds: UInt64?
    /// Times the process's threads were switched out while still runnable, when their time slice ended
    /// or a task of higher priority woke (`getrusage`'s `ru_nivcsw`), over the process's life.
    public var involuntarySwitches: Int
    /// Times the process's threads gave up their CPU themselves, to wait for I/O, a lock or a sleep
    /// (`ru_nvcsw`), over the process's life.
    public var voluntarySwitches: Int
    /// Microseconds in which at least one task on the machine waited for a CPU, since boot: the
    /// `total=` of the `some` line of `/proc/pressure/cpu`. It counts every task, not only this
    /// process's.
    public var cpuPressureSomeMicroseconds: UInt64?
    /// Clock ticks (`USER_HZ`, usually 100 a second per CPU) that a hypervisor gave this machine's
    /// CPUs to someone else, summed over CPUs since boot: the 8th number of `/proc/stat`'s `cpu` line.
    public var stealTicks: UInt64?
    /// Every clock tick of every CPU since boot, the first 8 numbers of `/proc/stat`'s `cpu` line
    /// summed (user, nice, system, idle, iowait, irq, softirq, steal; guest time is already in user
    /// and nice), so that a difference of `stealTicks` over a difference of these is a share.
    public var allTicks: UInt64?
    /// The 1-minute load average of `/proc/loadavg`: runnable (and uninterruptible) tasks, averaged
    /// with exponential decay; compare it with the core count.
    public var loadAverage: Double?

    /// A reading of the given figures, for tests and for readings made elsewhere.
    public init(
        monotonicNanoseconds: UInt64, onCPUNanoseconds: UInt64?, runQueueNanoseconds: UInt64?, involuntarySwitches: Int,
        voluntarySwitches: Int, cpuPressureSomeMicroseconds: UInt64?, stealTicks: UInt64?, allTicks: UInt64?, loadAverage: Double?
    ) {
        self.monotonicNanoseconds = monotonicNanoseconds
        self.onCPUNanoseconds = onCPUNanoseconds
        self.runQueueNanoseconds = runQueueNanoseconds
        self.involuntarySwitches = involuntarySwitches
        self.voluntarySwitches = voluntarySwitches
        self.cpuPressureSomeMicroseconds = cpuPressureSomeMicroseconds
        self.stealTicks = stealTicks
        self.allTicks = allTicks
        self.loadAverage = loadAverage
    }

    /// Reads every counter now.
    ///
    /// It reads a handful of small `/proc` files (one per thread, `OperatingSystem`) and calls `getrusage` once: well under
    /// a millisecond for a process of a few threads, even in a debug build, so it can be read at a
    /// fork's start and end without a cost worth counting. The clock is read first, so a reading's time
    /// is when it began.
    ///
    /// - Complexity: O(threads) files read.
    public static func read() -> ProcessLoad {
        let now = MonotonicClock.now()
        let threads = OperatingSystem.threadSchedstats()
        var usage = rusage()
        #if canImport(Glibc)
            let this = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
            let this = RUSAGE_SELF
        #endif
        let switches = getrusage(this, &usage) == 0 ? (Int(usage.ru_nivcsw), Int(usage.ru_nvcsw)) : (0, 0)
        let ticks = OperatingSystem.cpuTicks()
        return ProcessLoad(
            monotonicNanoseconds: now,
            onCPUNanoseconds: threads?.onCPU,
            runQueueNanoseconds: threads?.runQueue,
            involuntarySwitches: switches.0,
            voluntarySwitches: switches.1,
            cpuPressureSomeMicroseconds: OperatingSystem.cpuPressureSomeMicroseconds(),
            stealTicks: ticks?.steal,
            allTicks: ticks?.all,
            loadAverage: OperatingSystem.loadAverage()
        )
    }
}
