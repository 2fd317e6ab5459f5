/// A run's plain `@Observable` tracked read: the unit figures are given in so another machine can read
/// them.
///
/// A time is this machine's; machines here differ by 2.8× in Observation's own reads on one day. The
/// same figure over the same run's tracked read (a read per field in a row body of eight, median)
/// cancels most of that, since the model's costs are largely Observation's own work. `tracked reads`
/// are written with three significant digits: `3.02 tracked reads`.
struct TrackedReadUnit: Sendable, Equatable {
    /// One tracked read, in nanoseconds.
    var nanoseconds: Double

    /// A unit of `nanoseconds`, which must be positive.
    init(nanoseconds: Double) {
        precondition(nanoseconds > 0, "a tracked read takes time")
        self.nanoseconds = nanoseconds
    }

    /// The unit of `results`: the median of its tracked `@Observable` read (`KeyMeasurements.observableTracked`),
    /// or nil when the run did not measure it.
    init?(_ results: ResultsFile) {
        guard let median = results.strategyFreeMedian(KeyMeasurements.observableTracked), median > 0 else { return nil }
        self.init(nanoseconds: median)
    }

    /// `nanoseconds` in tracked reads.
    func reads(_ nanoseconds: Double) -> Double { nanoseconds / self.nanoseconds }

    /// `nanoseconds` in words: `3.02 tracked reads`.
    func text(_ nanoseconds: Double) -> String { Self.text(reads: reads(nanoseconds)) }

    /// A count of tracked reads in words.
    static func text(reads: Double) -> String {
        "\(FigureText.number(reads)) tracked read\(FigureText.number(reads) == "1.00" ? "" : "s")"
    }
}

extension ResultsFile {
    /// The median of a measurement that does not depend on the phase strategy: its strategy-free
    /// record, else the record of the first strategy that has it.
    func strategyFreeMedian(_ name: String) -> Double? {
        let candidates = measurements.filter { $0.name == name }
        return (candidates.first { $0.strategy == .unshaped } ?? candidates.min { $0.strategy < $1.strategy })?.summary.median
    }
}
