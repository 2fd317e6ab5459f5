import Harness

/// What one fork's process saw of other load on the machine, from a reading at its start to one at
/// its end.
///
/// On a machine with other work on every core a fork's timings are slower and far noisier, and the
/// timings alone do not say why. These figures do: the share of its time the fork's threads waited on
/// a run queue for a CPU, how often they were switched out against their will, the share of the time
/// some task on the machine waited for a CPU, and the share of the machine's CPU time a hypervisor
/// gave to another guest. Shares are of the fork's wall time, so forks of different lengths compare.
///
/// Every key is always written, `null` where the kernel gave no figure (or the figure could not be
/// told, as when a counter went backwards), so a reader never has to tell a missing key from a
/// missing figure.
struct ForkLoadRecord: Sendable, Equatable, Codable {
    /// The fork's number, from 1.
    var fork: Int
    /// Wall time between the two readings, in seconds.
    var seconds: Double
    /// Time the fork's threads waited on a run queue while runnable, over wall time. On a quiet
    /// machine with a core free it stays under a few percent; with other work on every core it nears
    /// the share of the cores the fork could not have.
    @ExplicitNull var runQueueShare: Double?
    /// Time the fork's threads ran on a CPU, over wall time: near 1 for one busy thread, more for
    /// several.
    @ExplicitNull var onCPUShare: Double?
    /// Times the fork's threads were switched out while still runnable, between the readings.
    var involuntarySwitches: Int
    /// Times the fork's threads gave up their CPU themselves (I/O, locks, sleeps), between the
    /// readings.
    var voluntarySwitches: Int
    /// Time in which some task on the machine, this fork's or another's, waited for a CPU, over wall
    /// time (`/proc/pressure/cpu`, the `some` line).
    @ExplicitNull var cpuPressureShare: Double?
    /// Steal ticks over all ticks of every CPU between the readings: the share of the machine's CPU
    /// time its hypervisor ran something else. `/proc/stat` counts in ticks of 10 ms, so over a short
    /// fork this is coarse; `nil` when no tick passed or the kernel gave no figure.
    @ExplicitNull var stealShare: Double?
    /// The 1-minute load average at the start reading.
    @ExplicitNull var loadAverageAtStart: Double?
    /// The 1-minute load average at the end reading.
    @ExplicitNull var loadAverageAtEnd: Double?

    /// A record of the given figures.
    init(
        fork: Int, seconds: Double, runQueueShare: Double?, onCPUShare: Double?, involuntarySwitches: Int, voluntarySwitches: Int,
        cpuPressureShare: Double?, stealShare: Double?, loadAverageAtStart: Double?, loadAverageAtEnd: Double?
    ) {
        self.fork = fork
        self.seconds = seconds
        self.runQueueShare = runQueueShare
        self.onCPUShare = onCPUShare
        self.involuntarySwitches = involuntarySwitches
        self.voluntarySwitches = voluntarySwitches
        self.cpuPressureShare = cpuPressureShare
        self.stealShare = stealShare
        self.loadAverageAtStart = loadAverageAtStart
        self.loadAverageAtEnd = loadAverageAtEnd
    }

    /// The load between two readings of one process.
    ///
    /// A share is `nil` where either reading lacks its counter, where no time passed, or where the
    /// counter went down: the thread sums of `ProcessLoad` lose a thread's time when it ends, and a
    /// figure made from what is left would understate the load without saying so.
    ///
    /// - Parameters:
    ///   - fork: The fork's number, from 1.
    ///   - start: The reading at the fork's start.
    ///   - end: The reading at its end, of the same process.
    init(fork: Int, from start: ProcessLoad, to end: ProcessLoad) {
        let wallNanoseconds = end.monotonicNanoseconds >= start.monotonicNanoseconds
            ? Double(end.monotonicNanoseconds - start.monotonicNanoseconds) : 0
        // `end - start` over `whole`; nil when either is unknown, the counter went down or `whole` is 0.
        func share(_ start: UInt64?, _ end: UInt64?, over whole: Double, scale: Double = 1) -> Double? {
            guard let start, let end, end >= start, whole > 0 else { return nil }
            return Double(end - start) * scale / whole
        }
        let allTicks = start.allTicks.flatMap { first in end.allTicks.map { Double($0) - Double(first) } } ?? 0
        self.init(
            fork: fork,
            seconds: wallNanoseconds / 1e9,
            runQueueShare: share(start.runQueueNanoseconds, end.runQueueNanoseconds, over: wallNanoseconds),
            onCPUShare: share(start.onCPUNanoseconds, end.onCPUNanoseconds, over: wallNanoseconds),
            involuntarySwitches: end.involuntarySwitches - start.involuntarySwitches,
            voluntarySwitches: end.voluntarySwitches - start.voluntarySwitches,
            cpuPressureShare: share(
                start.cpuPressureSomeMicroseconds, end.cpuPressureSomeMicroseconds, over: wallNanoseconds, scale: 1000),
            stealShare: share(start.stealTicks, end.stealTicks, over: allTicks),
            loadAverageAtStart: start.loadAverage,
            loadAverageAtEnd: end.loadAverage
        )
    }
}
