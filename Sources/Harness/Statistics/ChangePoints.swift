import SeededRandom

/// Where a series of figures changes level: E-divisive means (Matteson and James, 2014, with α = 1),
/// each split tested by permutation, as Apache Otava finds change points in a benchmark's history.
///
/// A series is split where the energy distance between the figures before and after, weighted by how
/// many lie on each side, is greatest; the split is a change point only when a permutation test finds
/// that distance greater than the same series shuffled gives in all but `falseAlarm` of its
/// shuffles. Each side is then searched again, until a split is not significant or a side is too
/// short. A series with no change is split wrongly with a chance of at most `falseAlarm`: the first
/// test is the only one a series without change must pass to be split at all.
///
/// Each side of a split holds at least `minimumSegment` figures, so a lone outlier (one noisy run in
/// the middle of a series) is no level of its own, and a change is not claimed at either end of the
/// series from fewer figures than that.
public struct ChangePoints: Sendable, Equatable {
    /// The first index of each new level, rising.
    public var indices: [Int]
    /// The permutation test's p-value of each split, in the order of `indices`.
    public var pValues: [Double]

    /// The change points of `values`.
    ///
    /// - Parameters:
    ///   - values: The series, in order; a change is a change of level, so pass the logarithms of
    ///     figures whose changes are ratios.
    ///   - falseAlarm: The chance of splitting a series that has no change.
    ///   - minimumSegment: The fewest figures on each side of a split; at least 2.
    ///   - permutations: Shuffles for each test.
    ///   - seed: The shuffles' seed, so the same series gives the same points.
    public init(_ values: [Double], falseAlarm: Double = 0.01, minimumSegment: Int = 3, permutations: Int = 999, seed: UInt64 = 0x0CE1_1A) {
        precondition(minimumSegment >= 2, "a side of one has no spread within it")
        var random = SplitMix64(seed: seed)
        var found: [(index: Int, p: Double)] = []
        var pending = [0..<values.count]
        while let segment = pending.popLast() {
            let part = Array(values[segment])
            guard part.count >= 2 * minimumSegment, let best = Self.bestSplit(part, minimumSegment: minimumSegment) else { continue }
            var exceeded = 0
            var shuffled = part
            for _ in 0..<permutations {
                for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
                    shuffled.swapAt(index, random.next(below: index + 1))
                }
                if let other = Self.bestSplit(shuffled, minimumSegment: minimumSegment), other.statistic >= best.statistic { exceeded += 1 }
            }
            let p = Double(exceeded + 1) / Double(permutations + 1)
            guard p <= falseAlarm else { continue }
            let at = segment.lowerBound + best.index
            found.append((at, p))
            pending += [segment.lowerBound..<at, at..<segment.upperBound]
        }
        found.sort { $0.index < $1.index }
        indices = found.map(\.index)
        pValues = found.map(\.p)
    }

    /// The split of `values` whose weighted energy distance is greatest: the first index of the second
    /// side, and the statistic `m·n/(m+n) · (2/(m·n) Σ|x−y| − Σ|x−x′|/C(m,2) − Σ|y−y′|/C(n,2))`.
    ///
    /// - Complexity: O(n²): the sums within and between the sides move with the split.
    static func bestSplit(_ values: [Double], minimumSegment: Int) -> (index: Int, statistic: Double)? {
        let count = values.count
        guard count >= 2 * minimumSegment else { return nil }
        var total = 0.0
        // Each figure's distances to those before it and after it.
        var before = [Double](repeating: 0, count: count)
        var after = [Double](repeating: 0, count: count)
        for i in 0..<count {
            for j in (i + 1)..<count {
                let distance = abs(values[i] - values[j])
                total += distance
                after[i] += distance
                before[j] += distance
            }
        }
        var left = 0.0  // within the first `split` figures
        var right = total  // within the rest
        var best: (index: Int, statistic: Double)?
        for split in 1..<count {
            // Figure split-1 moves from the right side to the left.
            left += before[split - 1]
            right -= after[split - 1]
            guard split >= minimumSegment, count - split >= minimumSegment else { continue }
            let m = Double(split)
            let n = Double(count - split)
            let between = total - left - right
            let energy = 2 * between / (m * n) - left / (m * (m - 1) / 2) - right / (n * (n - 1) / 2)
            let statistic = m * n / (m + n) * energy
            if best == nil || statistic > best!.statistic { best = (split, statistic) }
        }
        return best
    }
}
