// MARK: - Many tests at once

extension Statistics {
    /// Holm's step-down adjustment of p-values from tests made together.
    ///
    /// A comparison of two runs tests every measurement at once; at 5 % each, thirty tests of
    /// unchanged code would call one of them changed more often than not. Holm's adjustment keeps the
    /// chance of any false call at most the level, whatever the tests' dependence, and is uniformly
    /// more powerful than Bonferroni's: sort the m p-values, multiply the i-th smallest (1-based) by
    /// `m - i + 1`, carry the running maximum upward, cap at 1.
    ///
    /// - Parameter pValues: The p-values, in any order.
    /// - Returns: The adjusted p-values, in the same order; compare each with the level.
    public static func holmAdjusted(_ pValues: [Double]) -> [Double] {
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var adjusted = pValues
        var running = 0.0
        for (rank, index) in order.enumerated() {
            running = Swift.max(running, Swift.min(1, Double(pValues.count - rank) * pValues[index]))
            adjusted[index] = running
        }
        return adjusted
    }
}
