/// What the clock costs to read and how finely it ticks, measured at start-up and kept with results.
///
/// A sample's batch time includes one clock reading's worth of overhead (the end reading's call before
/// it sampled the time, plus the start reading's return after); the sampler subtracts `overhead` once
/// per batch. Batches are sized so that this correction is a small fraction of a sample anyway.
public struct TimerCharacteristics: Sendable, Equatable, Codable {
    /// The median cost of one `MonotonicClock.now()`, in nanoseconds, from back-to-back readings.
    public var overheadNanoseconds: Double
    /// The smallest non-zero difference seen between back-to-back readings, in nanoseconds.
    public var observedResolutionNanoseconds: UInt64
    /// The resolution `clock_getres(CLOCK_MONOTONIC)` reports, in nanoseconds.
    public var reportedResolutionNanoseconds: UInt64
    /// How many back-to-back differences the figures above come from.
    public var readings: Int
    /// The clock the figures describe.
    public var clock: String
    /// What timing an empty batch adds on the thread's CPU clock (`ThreadCPUClock`), in nanoseconds:
    /// the median of the CPU time between two CPU readings with the batch's two monotonic readings
    /// between them, as `Measurement` times a batch; subtracted from every batch's CPU time. Nil in a
    /// file written before batches were timed on both clocks.
    public var threadCPUOverheadNanoseconds: Double?

    /// Creates characteristics from known figures; `measure()` is the way to obtain real ones.
    ///
    /// - Parameters:
    ///   - overheadNanoseconds: The cost of one clock reading.
    ///   - observedResolutionNanoseconds: The smallest non-zero difference observed.
    ///   - reportedResolutionNanoseconds: What `clock_getres` reports.
    ///   - readings: How many differences were taken.
    public init(
        overheadNanoseconds: Double,
        observedResolutionNanoseconds: UInt64,
        reportedResolutionNanoseconds: UInt64,
        readings: Int,
        threadCPUOverheadNanoseconds: Double? = nil
    ) {
        self.threadCPUOverheadNanoseconds = threadCPUOverheadNanoseconds
        self.overheadNanoseconds = overheadNanoseconds
        self.observedResolutionNanoseconds = observedResolutionNanoseconds
        self.reportedResolutionNanoseconds = reportedResolutionNanoseconds
        self.readings = readings
        self.clock = "clock_gettime(CLOCK_MONOTONIC)"
    }

    /// Measures the clock on this machine now.
    ///
    /// Takes `readings` pairs of back-to-back readings in rounds of 1000; the overhead is the median of
    /// each round's mean difference, so the figure stays meaningful when the clock ticks more coarsely
    /// than one reading costs (a single pair would then read 0 or one tick). The resolution is the
    /// smallest non-zero single difference.
    ///
    /// - Parameter readings: How many back-to-back differences to take; at least 1000.
    public static func measure(readings: Int = 200_000) -> TimerCharacteristics {
        precondition(readings >= 1000, "measure the clock over at least 1000 readings")
        let roundLength = 1000
        var roundMeans: [Double] = []
        var smallest = UInt64.max
        for _ in 0..<(readings / roundLength) {
            let roundStart = MonotonicClock.now()
            var previous = roundStart
            for _ in 0..<roundLength {
                let current = MonotonicClock.now()
                let difference = current &- previous
                if difference > 0 && difference < smallest { smallest = difference }
                previous = current
            }
            roundMeans.append(Double(previous - roundStart) / Double(roundLength))
        }
        return TimerCharacteristics(
            overheadNanoseconds: Statistics.median(roundMeans),
            observedResolutionNanoseconds: smallest == .max ? 0 : smallest,
            reportedResolutionNanoseconds: MonotonicClock.reportedResolution(),
            readings: roundMeans.count * roundLength,
            threadCPUOverheadNanoseconds: measureThreadCPUOverhead(readings: max(1000, readings / 20))
        )
    }

    /// The CPU time an empty batch reads, timed as a batch is: a CPU reading, two monotonic readings,
    /// a CPU reading; the median over `readings`.
    static func measureThreadCPUOverhead(readings: Int) -> Double {
        var differences: [Double] = []
        differences.reserveCapacity(readings)
        for _ in 0..<readings {
            let start = ThreadCPUClock.now()
            blackHole(MonotonicClock.now())
            blackHole(MonotonicClock.now())
            let end = ThreadCPUClock.now()
            differences.append(Double(end &- start))
        }
        return Statistics.median(differences)
    }
}
