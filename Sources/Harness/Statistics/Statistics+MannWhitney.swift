import Foundation

// MARK: - Rank test

extension Statistics {
    /// The two-sided Mann-Whitney U test that `first` and `second` come from the same distribution.
    ///
    /// Ranks the pooled samples (ties get their average rank), takes `U = R₁ - n₁(n₁ + 1)/2` for the
    /// first group, and compares it with its mean `n₁n₂/2` under the normal approximation, with the tie
    /// correction of the variance, `n₁n₂/12 · ((n + 1) - Σ(t³ - t) / (n(n - 1)))`, and a continuity
    /// correction of ½ (as R's `wilcox.test(correct = TRUE)` and SciPy's default). Meant for tens of
    /// samples or more, where the approximation holds.
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
        let variance = n1 * n2 / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
        guard variance > 0 else {
            // Every sample tied: nothing distinguishes the groups.
            return RankTest(u: u, z: 0, pValue: 1)
        }
        let distance = Swift.max(0, abs(u - expected) - 0.5)
        let z = distance / variance.squareRoot()
        let pValue = Swift.min(1, erfc(z / 2.0.squareRoot()))
        return RankTest(u: u, z: u < expected ? -z : z, pValue: pValue)
    }
}

/// The outcome of a two-sided rank test.
public struct RankTest: Sendable, Equatable, Codable {
    /// The Mann-Whitney U statistic of the first group.
    public var u: Double
    /// The continuity-corrected z score; negative when the first group ranks lower.
    public var z: Double
    /// The two-sided p-value under the normal approximation.
    public var pValue: Double
}
