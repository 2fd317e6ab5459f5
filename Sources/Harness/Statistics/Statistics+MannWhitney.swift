import Foundation
import Synchronization

// MARK: - Rank test

extension Statistics {
    /// The two-sided Mann-Whitney U test that `first` and `second` come from the same distribution.
    ///
    /// Ranks the pooled samples (ties get their average rank) and takes `U = R₁ - n₁(n₁ + 1)/2` for the
    /// first group. When both groups hold at most `exactLimit` values and none ties, the p-value is
    /// exact: `2 · min(P(U' ≤ U), P(U' ≥ U))` over the `C(n₁ + n₂, n₁)` equally likely arrangements
    /// (as R's `wilcox.test(exact = TRUE)` and SciPy's `method="exact"`); that is the case of a
    /// handful of processes' medians, where the normal curve would misstate the tail. Otherwise U is
    /// compared with its mean `n₁n₂/2` under the normal approximation, with the tie correction of the
    /// variance, `n₁n₂/12 · ((n + 1) - Σ(t³ - t) / (n(n - 1)))`, and a continuity correction of ½
    /// (R's `wilcox.test(exact = FALSE, correct = TRUE)`, SciPy's `method="asymptotic"`).
    ///
    /// - Parameters:
    ///   - first: At least one sample.
    ///   - second: At least one sample.
    /// - Returns: U for the first group, the z score and the two-sided p-value.
    public static func mannWhitneyU(_ first: [Double], _ second: [Double]) -> RankTest {
        precondition(!first.isEmpty && !second.isEmpty, "rank test of no samples")
        let pooled = (first.map { ($0, true) } + second.map { ($0, false) }).sorted { $0.0 < $1.0 }
        let total = Double(pooled.count)
        var firstRankSum = 0.0
        var tieTerm = 0.0
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count && pooled[end + 1].0 == pooled[start].0 { end += 1 }
            // 1-based ranks start + 1 ... end + 1 share their average.
            let averageRank = Double(start + end + 2) / 2
            let tied = Double(end - start + 1)
            tieTerm += tied * tied * tied - tied
            for index in start...end where pooled[index].1 { firstRankSum += averageRank }
            start = end + 1
        }
        let n1 = Double(first.count)
        let n2 = Double(second.count)
        let u = firstRankSum - n1 * (n1 + 1) / 2
        let expected = n1 * n2 / 2
        if tieTerm == 0, first.count <= exactLimit, second.count <= exactLimit {
            let pValue = exactTwoSidedPValue(u: Int(u), first.count, second.count)
            return RankTest(u: u, z: nil, pValue: pValue, method: .exact)
        }
        let variance = n1 * n2 / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
        guard variance > 0 else {
            // Every sample tied: nothing distinguishes the groups.
            return RankTest(u: u, z: 0, pValue: 1, method: .normalApproximation)
        }
        let distance = Swift.max(0, abs(u - expected) - 0.5)
        let z = distance / variance.squareRoot()
        let pValue = Swift.min(1, erfc(z / 2.0.squareRoot()))
        return RankTest(u: u, z: u < expected ? -z : z, pValue: pValue, method: .normalApproximation)
    }

    /// The largest group the exact test is computed for; beyond it, the normal approximation is close.
    public static let exactLimit = 25

    /// `2 · min(P(U' ≤ u), P(U' ≥ u))`, capped at 1, for U' the statistic of `n1` values ranked among
    /// `n1 + n2` with no ties, every arrangement equally likely.
    ///
    /// - Complexity: that of `uArrangements(_:_:)`.
    public static func exactTwoSidedPValue(u: Int, _ n1: Int, _ n2: Int) -> Double {
        let distribution = uArrangements(n1, n2)
        let largest = n1 * n2
        let total = distribution.reduce(0, +)
        let atMost = distribution[0...min(u, largest)].reduce(0, +)
        let atLeast = distribution[max(0, u)...largest].reduce(0, +)
        return Swift.min(1, 2 * Swift.min(atMost, atLeast) / total)
    }

    /// How many of the `C(n1 + n2, n1)` equally likely arrangements of `n1` values among `n1 + n2`, with
    /// no ties, give each U from 0 to `n1 · n2`.
    ///
    /// - Complexity: O(`n1` · `n2` · `n1 · n2`) time: the count of arrangements by U, built one value at a
    ///   time with `N(i, j, u) = N(i - 1, j, u - j) + N(i, j - 1, u)`.
    static func uArrangements(_ n1: Int, _ n2: Int) -> [Double] {
        let key = n1 << 32 | n2
        if let known = arrangementsByGroupSizes.withLock({ $0[key] }) { return known }
        let arrangements = countArrangements(n1, n2)
        arrangementsByGroupSizes.withLock { $0[key] = arrangements }
        return arrangements
    }

    /// Every distribution counted so far, by group sizes: a comparison of a hundred measurements of
    /// the same forks counts one, and a replay of a thousand gates a handful.
    private static let arrangementsByGroupSizes = Mutex<[Int: [Double]]>([:])

    private static func countArrangements(_ n1: Int, _ n2: Int) -> [Double] {
        let largest = n1 * n2
        let none = [Double](repeating: 0, count: largest + 1)
        // arrangements[j][u]: orderings of i first-group values and j second-group ones whose U is u,
        // for i = 0 to start with. The largest value is either a first-group one, which beats all j
        // others (u - j from the orderings of one value less), or a second-group one, which adds nothing.
        var arrangements = Array(repeating: none, count: n2 + 1)
        for j in 0...n2 { arrangements[j][0] = 1 }
        for _ in 0..<n1 {
            var next = Array(repeating: none, count: n2 + 1)
            next[0][0] = 1
            for j in stride(from: 1, through: n2, by: 1) {
                for value in 0...largest {
                    next[j][value] = next[j - 1][value] + (value >= j ? arrangements[j][value - j] : 0)
                }
            }
            arrangements = next
        }
        return arrangements[n2]
    }
}

/// The outcome of a two-sided rank test.
public struct RankTest: Sendable, Equatable, Codable {
    /// How the p-value was found.
    public enum Method: String, Sendable, Equatable, Codable {
        /// From the exact distribution of U: small groups, no ties.
        case exact
        /// From the normal approximation, tie- and continuity-corrected.
        case normalApproximation = "normal approximation"
    }

    /// The Mann-Whitney U statistic of the first group.
    public var u: Double
    /// The continuity-corrected z score, negative when the first group ranks lower; `nil` for an
    /// exact test, which has none.
    @ExplicitNull public var z: Double?
    /// The two-sided p-value.
    public var pValue: Double
    /// How `pValue` was found.
    public var method: Method

    /// An outcome as `Statistics.mannWhitneyU(_:_:)` makes it: `z` nil exactly when `method` is `.exact`,
    /// `pValue` in 0...1.
    public init(u: Double, z: Double?, pValue: Double, method: Method) {
        self.u = u
        self.z = z
        self.pValue = pValue
        self.method = method
    }
}
