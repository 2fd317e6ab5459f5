import Foundation

/// The median of a measurement over processes, each process one vote: the median of the forks'
/// medians, with the exact order-statistic interval over them.
///
/// A fork whose samples are noisy takes more of them, and a median of all the samples pooled weighs it
/// the more (a fork of 40 samples beside seven of 6 held 40 % of the pool in a run here, and moved
/// the pooled median 30 % from the forks'). The process is the unit of evidence: how much one process
/// differs from the next is what a comparison across runs must see. The interval runs from the `k`th
/// smallest fork median to the `k`th largest, for the largest `k` with `2 · P(B < k) ≤ 1 - level`,
/// `B ~ Binomial(n, ½)`: the chance that the true median of the processes' medians lies outside it is
/// at most `1 - level` for any continuous distribution of them, with no symmetry or bootstrap to trust
/// (`IntervalCoverageTests` measures it). With too few forks no interval reaches the level: 8 forks give
/// at most 99.2 % (`1 - 2 · 2⁻⁸`), and one process's samples stand in for forks.
public struct ForkMedians: Sendable, Equatable {
    /// The median of the forks' medians (of the samples, for one process).
    public var median: Double
    /// Its interval at the level asked for.
    public var interval: ConfidenceInterval
    /// Each fork's median, in fork order.
    public var forkMedians: [Double]

    /// The recipe every such interval carries.
    public static let method = "median of the forks' medians, exact order-statistic interval over them (Binomial(n, 1/2))"

    /// The median over `groups`, one a process, or nil when too few forks (or samples of one process)
    /// reach `level` (`ForkMedians.fewest(level:)`).
    ///
    /// - Parameters:
    ///   - groups: Each process's samples, none empty; one group is one process's samples, which are then
    ///     the units.
    ///   - level: The interval's two-sided level, in `0<..<1`.
    public init?(groups: [[Double]], level: Double) {
        precondition(!groups.isEmpty && groups.allSatisfy { !$0.isEmpty }, "a median of no samples")
        precondition(level > 0 && level < 1, "confidence level must be within 0<..<1")
        let medians = groups.map { Statistics.median($0) }
        let units = (groups.count == 1 ? groups[0] : medians).sorted()
        guard let kept = Self.rankFromEachEnd(units.count, level: level) else { return nil }
        median = Statistics.percentile(0.5, ofSorted: units)
        interval = ConfidenceInterval(lower: units[kept - 1], upper: units[units.count - kept], level: level, method: Self.method)
        forkMedians = medians
    }

    /// The median of the forks' medians alone, with no interval: the estimate every table reports.
    public static func median(of groups: [[Double]]) -> Double {
        groups.count == 1 ? Statistics.median(groups[0]) : Statistics.median(groups.map { Statistics.median($0) })
    }

    /// The fewest units whose interval can reach `level`.
    public static func fewest(level: Double) -> Int {
        (1...64).first { rankFromEachEnd($0, level: level) != nil } ?? 65
    }

    /// The rank, counted from each end, of the interval's ends among `n` sorted units: the largest `k`
    /// with `2 · P(B ≤ k - 1) ≤ 1 - level`; nil when even `k = 1` (`2 · 2⁻ⁿ`) is more.
    static func rankFromEachEnd(_ n: Int, level: Double) -> Int? {
        let tail = (1 - level) / 2
        // P(B ≤ j) summed in logarithms, so thousands of samples of one process do not underflow.
        let logHalf = Double(n) * log(0.5)
        var logChoose = 0.0
        var cumulative = 0.0
        var kept: Int?
        for j in 0..<((n + 1) / 2) {
            if j > 0 { logChoose += log(Double(n - j + 1)) - log(Double(j)) }
            cumulative += exp(logChoose + logHalf)
            // 1e-12: a tail that equals the budget in exact arithmetic is within it.
            guard cumulative <= tail * (1 + 1e-12) else { break }
            kept = j + 1
        }
        return kept
    }
}
