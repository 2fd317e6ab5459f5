import Foundation

/// The ratio of two measurements taken in the same processes, with an interval that sees how much
/// the ratio moves from one process to the next.
///
/// Process `i` measured both sides interleaved, so a process that ran slow (its layout, or the machine
/// while it ran) ran slow for both, and the ratio of its two medians, `r_i`, carries none of that. Each
/// process is one observation: its samples' own noise is inside its `r_i`. The estimate is the
/// Hodges-Lehmann estimate of the `r_i`'s centre (on their logarithms: the median of every pairwise
/// mean `(log r_i + log r_j) / 2`, `i ≤ j`, taken back by `exp`), and the interval is the one Wilcoxon's
/// signed-rank test gives for it: the pairwise means' order statistics at the test's exact critical
/// value, so the level is met for any distribution of the `r_i` symmetric about its centre. A fork
/// whose few samples met a hiccup of the machine (four of 32 strayed by 20-30 % in a run here) moves
/// it little, where it widens a t interval by the whole of its stray. With too few processes no
/// interval reaches the level (`2^-n` must be at most half its error: 7 processes at 98.3 %), and one
/// process cannot say how much the next would differ.
public struct PairedRatio: Sendable, Equatable {
    /// The Hodges-Lehmann estimate of the processes' ratio of medians.
    public var ratio: Double
    /// The interval of `ratio` at the level asked for.
    public var interval: ConfidenceInterval
    /// Each process's median of the numerator over its median of the denominator, in process order.
    public var processRatios: [Double]

    /// The recipe every such interval carries.
    public static let method = "Hodges-Lehmann estimate and Wilcoxon signed-rank interval of the logarithms of each "
        + "process's ratio of medians (processes paired: both sides measured in the same process), taken back by exp"

    /// The paired ratio of `numerator` over `denominator`, or nil when too few processes give an
    /// interval at `level` (`PairedRatio.fewestProcesses(level:)`).
    ///
    /// - Parameters:
    ///   - numerator: Each process's samples of one measurement, none empty.
    ///   - denominator: The same processes' samples of the other, in the same order, all positive.
    ///   - level: The interval's confidence level, in `0<..<1`.
    /// - Complexity: O(*n*³) for *n* processes (the exact null distribution), a few microseconds at 64.
    public init?(groups numerator: [[Double]], over denominator: [[Double]], level: Double) {
        precondition(numerator.count == denominator.count, "paired processes: as many groups on each side")
        precondition(level > 0 && level < 1, "confidence level must be within 0<..<1")
        let count = numerator.count
        guard count >= 1, let dropped = Self.droppedFromEachEnd(count, level: level) else { return nil }
        let ratios = zip(numerator, denominator).map { Statistics.median($0) / Statistics.median($1) }
        let logarithms = ratios.map { log($0) }
        var means: [Double] = []
        means.reserveCapacity(count * (count + 1) / 2)
        for i in 0..<count {
            for j in i..<count { means.append((logarithms[i] + logarithms[j]) / 2) }
        }
        means.sort()
        self.ratio = exp(Statistics.percentile(0.5, ofSorted: means))
        self.interval = ConfidenceInterval(
            lower: exp(means[dropped]), upper: exp(means[means.count - 1 - dropped]), level: level, method: Self.method)
        self.processRatios = ratios
    }

    /// The fewest processes whose interval can reach `level`.
    public static func fewestProcesses(level: Double) -> Int {
        (1...64).first { droppedFromEachEnd($0, level: level) != nil } ?? 65
    }

    /// How many of the `n(n+1)/2` pairwise means the interval leaves out at each end: the largest `d`
    /// with `P(W⁺ ≤ d) ≤ (1 - level) / 2` under the signed-rank statistic's exact null distribution
    /// (each of the `2^n` signs alike); nil when even `P(W⁺ ≤ 0) = 2^-n` is more.
    static func droppedFromEachEnd(_ n: Int, level: Double) -> Int? {
        let most = n * (n + 1) / 2
        // ways[s]: how many sets of the ranks 1...n add up to s.
        var ways = [Double](repeating: 0, count: most + 1)
        ways[0] = 1
        for rank in 1...n {
            for sum in stride(from: most, through: rank, by: -1) { ways[sum] += ways[sum - rank] }
        }
        let all = pow(2, Double(n))
        let tail = (1 - level) / 2
        var cumulative = 0.0
        var dropped: Int?
        for sum in 0...most {
            cumulative += ways[sum]
            guard cumulative / all <= tail else { break }
            dropped = sum
        }
        return dropped
    }
}
