import Foundation

/// How much slower one build's processes are than another's: the Hodges-Lehmann ratio of two sets of
/// per-process figures (each fork's median), with the exact distribution-free interval the
/// Mann-Whitney test inverts to (Moses's).
///
/// Each process is one vote: a process that ran slow, or took more samples, weighs no more than any
/// other. In logarithms, every pair of one new process and one old gives a difference; the estimate is
/// the median of those `n₁ · n₂` differences, and the interval runs from the `k`th smallest to the
/// `k`th largest, for the largest `k` with `P(U ≤ k - 1) ≤ (1 - level) / 2` under the rank test's null
/// distribution: exact over the `C(n₁ + n₂, n₁)` arrangements where both sides hold at most
/// `Statistics.exactLimit` processes, else its normal approximation. Where the new processes are the
/// old ones scaled by one factor (any continuous spread of processes, bimodal or not), the interval
/// holds that factor with at least the level's chance; it excludes 1 exactly when the two-sided rank
/// test of the same figures rejects at `1 - level` (exact case). With too few processes no interval
/// reaches the level: 3 against 3 give at most 90 %, 4 against 4 reach 97.1 %.
public struct RatioOfProcesses: Sendable, Equatable {
    /// The Hodges-Lehmann estimate: the median of every new-over-old ratio of one process each.
    public var ratio: Double
    /// Its interval at the level asked for.
    public var interval: ConfidenceInterval

    /// The recipe every such interval carries.
    public static let method =
        "Hodges-Lehmann ratio of the forks' medians, one fork one vote; Moses's distribution-free interval "
        + "(the Mann-Whitney test inverted), exact up to 25 forks a side"

    /// The ratio of `new` over `old`, or nil when a figure is not positive or too few processes reach
    /// `level`.
    ///
    /// - Parameters:
    ///   - new: One figure per process of the new build (each fork's median).
    ///   - old: The same of the old build.
    ///   - level: The interval's two-sided level, in `0<..<1`.
    public init?(new: [Double], old: [Double], level: Double) {
        precondition(level > 0 && level < 1, "confidence level must be within 0<..<1")
        guard !new.isEmpty, !old.isEmpty, (new + old).allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        let logNew = new.map { Foundation.log($0) }
        let logOld = old.map { Foundation.log($0) }
        var differences: [Double] = []
        differences.reserveCapacity(new.count * old.count)
        for a in logNew { for b in logOld { differences.append(a - b) } }
        differences.sort()
        guard let k = Self.rankFromEachEnd(new.count, old.count, level: level) else { return nil }
        ratio = Foundation.exp(Statistics.percentile(0.5, ofSorted: differences))
        interval = ConfidenceInterval(
            lower: Foundation.exp(differences[k - 1]), upper: Foundation.exp(differences[differences.count - k]), level: level,
            method: Self.method)
    }

    /// The rank, from each end, of the interval's ends among the `n1 · n2` sorted differences: the largest
    /// `k` with `P(U ≤ k - 1) ≤ (1 - level) / 2`; nil when even `k = 1` is more.
    static func rankFromEachEnd(_ n1: Int, _ n2: Int, level: Double) -> Int? {
        let tail = (1 - level) / 2
        let pairs = n1 * n2
        if n1 <= Statistics.exactLimit && n2 <= Statistics.exactLimit {
            let arrangements = Statistics.uArrangements(n1, n2)
            let total = arrangements.reduce(0, +)
            var cumulative = 0.0
            var kept: Int?
            for u in 0..<((pairs + 1) / 2) {
                cumulative += arrangements[u] / total
                // 1e-12: a tail that equals the budget in exact arithmetic is within it.
                guard cumulative <= tail * (1 + 1e-12) else { break }
                kept = u + 1
            }
            return kept
        }
        // The normal approximation with the continuity correction: P(U ≤ k - 1) ≈ Φ((k - ½ - μ) / σ).
        let mean = Double(pairs) / 2
        let deviation = (Double(pairs) * Double(n1 + n2 + 1) / 12).squareRoot()
        let z = Self.standardNormalQuantile(1 - tail)
        let k = Int((mean - z * deviation + 0.5).rounded(.down))
        return k >= 1 ? min(k, (pairs + 1) / 2) : nil
    }

    /// The standard normal quantile, by bisection on `erfc`: accurate to 1e-12, which is all an
    /// interval's rank needs.
    static func standardNormalQuantile(_ p: Double) -> Double {
        var low = -40.0
        var high = 40.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if 0.5 * erfc(-middle / 2.0.squareRoot()) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
