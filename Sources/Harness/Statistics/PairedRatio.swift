import Foundation

/// The ratio of two measurements taken in the same processes, with an interval that sees how much
/// the ratio moves from one process to the next.
///
/// Process `i` measured both sides interleaved, so a process that ran slow (its layout, or the machine
/// while it ran) ran slow for both, and the ratio of its two medians, `r_i`, carries none of that. The
/// estimate is the geometric mean of the `r_i`; the interval is Student's t on their logarithms,
/// `mean ± t(1 - (1 - level)/2, n - 1) · s / √n`, taken back by `exp`. Each process is one
/// observation: its samples' own noise is inside its `r_i`, and a bootstrap of a few processes would
/// promise a precision they cannot give (with 8 it resamples too few to see its own tails). It needs
/// two processes at least; one process cannot say how much the next would differ.
public struct PairedRatio: Sendable, Equatable {
    /// The geometric mean of the processes' ratios of medians.
    public var ratio: Double
    /// The interval of `ratio` at the level asked for.
    public var interval: ConfidenceInterval
    /// Each process's median of the numerator over its median of the denominator, in process order.
    public var processRatios: [Double]

    /// The recipe every such interval carries.
    public static let method = "Student's t on the logarithms of each process's ratio of medians (processes paired: "
        + "both sides measured in the same process), taken back by exp"

    /// The paired ratio of `numerator` over `denominator`, or nil with fewer than two processes.
    ///
    /// - Parameters:
    ///   - numerator: Each process's samples of one measurement, none empty.
    ///   - denominator: The same processes' samples of the other, in the same order, all positive.
    ///   - level: The interval's confidence level, in `0<..<1`.
    public init?(groups numerator: [[Double]], over denominator: [[Double]], level: Double) {
        precondition(numerator.count == denominator.count, "paired processes: as many groups on each side")
        precondition(level > 0 && level < 1, "confidence level must be within 0<..<1")
        guard numerator.count >= 2 else { return nil }
        let ratios = zip(numerator, denominator).map { Statistics.median($0) / Statistics.median($1) }
        let logarithms = ratios.map { log($0) }
        let center = Statistics.mean(logarithms)
        let spread = Statistics.standardDeviation(logarithms)
        let reach = Statistics.studentTQuantile((1 + level) / 2, degreesOfFreedom: ratios.count - 1) * spread
            / Double(ratios.count).squareRoot()
        self.ratio = exp(center)
        self.interval = ConfidenceInterval(lower: exp(center - reach), upper: exp(center + reach), level: level, method: Self.method)
        self.processRatios = ratios
    }
}
