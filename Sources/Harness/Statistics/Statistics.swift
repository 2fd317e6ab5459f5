/// Pure descriptive statistics on samples, the figures every measurement reports.
///
/// Every function takes the samples in any order and leaves them untouched. Percentiles (and so the
/// median and quartiles) use linear interpolation between closest ranks — Hyndman and Fan's type 7,
/// the default of R, NumPy and spreadsheets — so a reader can reproduce any figure with the tool
/// at hand. Empty input is a programming error and traps: no statistic of nothing is honest.
public enum Statistics {
    // MARK: - Location

    /// The arithmetic mean.
    ///
    /// - Parameter values: At least one sample.
    public static func mean(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "mean of no samples")
        return values.reduce(0, +) / Double(values.count)
    }

    /// The median: the type-7 percentile at 0.5, which is the middle value, or the mean of the two
    /// middle values for an even count.
    ///
    /// - Parameter values: At least one sample.
    public static func median(_ values: [Double]) -> Double {
        percentile(0.5, of: values)
    }

    /// The smallest sample.
    ///
    /// - Parameter values: At least one sample.
    public static func minimum(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "minimum of no samples")
        return values.min()!
    }

    /// The largest sample.
    ///
    /// - Parameter values: At least one sample.
    public static func maximum(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "maximum of no samples")
        return values.max()!
    }

    /// The percentile at `fraction`, linearly interpolated between closest ranks (type 7).
    ///
    /// With the samples sorted as `x[0] ... x[n-1]`, the position is `h = (n - 1) * fraction`, and the
    /// result is `x[⌊h⌋] + (h - ⌊h⌋) * (x[⌊h⌋ + 1] - x[⌊h⌋])`.
    ///
    /// - Parameters:
    ///   - fraction: In `0...1`; 0.9 is p90.
    ///   - values: At least one sample.
    /// - Complexity: O(*n* log *n*) for the sort.
    public static func percentile(_ fraction: Double, of values: [Double]) -> Double {
        precondition(!values.isEmpty, "percentile of no samples")
        return percentile(fraction, ofSorted: values.sorted())
    }

    // MARK: - Spread

    /// The sample standard deviation, with Bessel's correction (divides by `n - 1`).
    ///
    /// - Parameter values: At least two samples; one sample has no spread to estimate.
    public static func standardDeviation(_ values: [Double]) -> Double {
        precondition(values.count >= 2, "standard deviation needs at least two samples")
        let average = mean(values)
        let squares = values.reduce(0) { $0 + ($1 - average) * ($1 - average) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// Counts the samples outside Tukey's fences, `Q1 - 1.5 IQR` and `Q3 + 1.5 IQR`.
    ///
    /// Outliers are counted, never removed: a timing distribution's tail is part of what was measured.
    /// Quartiles are type-7 percentiles; a sample exactly on a fence is not an outlier.
    ///
    /// - Parameter values: At least one sample.
    /// - Returns: The fences and how many samples fall below the low one and above the high one.
    public static func outliers(_ values: [Double]) -> Outliers {
        precondition(!values.isEmpty, "outliers of no samples")
        return outliers(ofSorted: values.sorted())
    }

    // MARK: - Sorted-input helpers

    /// The type-7 percentile of samples already sorted ascending; shared so a summary sorts once.
    static func percentile(_ fraction: Double, ofSorted sorted: [Double]) -> Double {
        precondition((0...1).contains(fraction), "percentile fraction must be within 0...1")
        let position = Double(sorted.count - 1) * fraction
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        return sorted[lower] + (position - Double(lower)) * (sorted[upper] - sorted[lower])
    }

    static func outliers(ofSorted sorted: [Double]) -> Outliers {
        let firstQuartile = percentile(0.25, ofSorted: sorted)
        let thirdQuartile = percentile(0.75, ofSorted: sorted)
        let reach = 1.5 * (thirdQuartile - firstQuartile)
        let lowFence = firstQuartile - reach
        let highFence = thirdQuartile + reach
        return Outliers(
            lowFence: lowFence,
            highFence: highFence,
            low: sorted.count { $0 < lowFence },
            high: sorted.count { $0 > highFence }
        )
    }
}

/// The samples beyond Tukey's fences, counted on each side.
public struct Outliers: Sendable, Equatable, Codable {
    /// `Q1 - 1.5 IQR`.
    public var lowFence: Double
    /// `Q3 + 1.5 IQR`.
    public var highFence: Double
    /// Samples strictly below the low fence.
    public var low: Int
    /// Samples strictly above the high fence.
    public var high: Int
}
