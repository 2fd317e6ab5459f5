import Harness

/// How the core's speed moved under a run, from the speed probe (`SpeedProbe`), in one line for a
/// report's header.
///
/// Each measurement in each process has one reading: the median of the probe over the rounds that
/// measurement was sampled in (`BatchRecord.speedProbeNanoseconds`). A reading over the run's fastest
/// says how much slower the core ran while that measurement was sampled there, whatever the
/// measurement is: the thread's CPU clock, which the cost ratios and the gate judge on, is stretched by
/// it as much as by a slower build.
struct CoreSpeedSummary: Sendable, Equatable {
    /// The readings summarized: one per measurement per process.
    var readings: Int
    /// The fastest reading, in nanoseconds: the speed the others are told against.
    var fastest: Double
    /// The median reading over the fastest.
    var medianSlowdown: Double
    /// The slowest reading over the fastest.
    var largestSlowdown: Double
    /// The share of readings more than `slowBeyond` over the fastest.
    var slowShare: Double

    /// A reading this far over the run's fastest counts as slow in the line: quiet runs of the bench
    /// read its probe within a few percent of their fastest; a shared core, 1.3x and more.
    static let slowBeyond = 1.2

    /// The summary of every probe reading of `measurements`; nil where none was read (a file made
    /// before schema 12).
    init?(_ measurements: [MeasurementRecord]) {
        let speeds = measurements.flatMap { $0.batches.speedProbeNanoseconds ?? [] }
        guard let fastest = speeds.min(), fastest > 0 else { return nil }
        let slowdowns = speeds.map { $0 / fastest }
        readings = speeds.count
        self.fastest = fastest
        medianSlowdown = Statistics.median(slowdowns)
        largestSlowdown = slowdowns.max()!
        slowShare = Double(slowdowns.filter { $0 > Self.slowBeyond }.count) / Double(speeds.count)
    }

    /// The summary as a report header's line, e.g. `core speed: the speed probe read a median 1.02×
    /// its fastest (1.84 µs), at most 1.85×; 18.0 % of 2048 readings (a measurement in a process)
    /// more than 1.20×`.
    var line: String {
        "core speed: the speed probe read a median \(FigureText.ratio(medianSlowdown)) its fastest (\(FigureText.duration(fastest))), "
            + "at most \(FigureText.ratio(largestSlowdown)); \(FigureText.percent(slowShare)) of \(readings) readings "
            + "(a measurement in a process) more than \(FigureText.ratio(Self.slowBeyond))"
    }
}
