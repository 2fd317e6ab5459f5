/// The figures a distribution of samples is reported by: location, spread, tail and precision.
///
/// Computed once from the raw samples, which results keep beside it, so every figure here can be
/// recomputed and checked. Percentiles are type 7 (see `Statistics`).
public struct Summary: Sendable, Equatable, Codable {
    /// How many samples the figures describe.
    public var count: Int
    /// The median of the samples: the figure every report leads with.
    public var median: Double
    /// The arithmetic mean.
    public var mean: Double
    /// The smallest sample.
    public var minimum: Double
    /// The largest sample.
    public var maximum: Double
    /// The 90th percentile.
    public var p90: Double
    /// The 99th percentile.
    public var p99: Double
    /// The sample standard deviation; zero for a single sample, which has no spread to estimate.
    public var standardDeviation: Double
    /// Samples beyond Tukey's fences, counted and kept.
    public var outliers: Outliers
    /// The percentile-bootstrap confidence interval of the median.
    public var medianInterval: ConfidenceInterval

    /// Summarizes `samples`.
    ///
    /// - Parameters:
    ///   - samples: At least one sample, in any order.
    ///   - level: The confidence level of the median's interval.
    ///   - resamples: The bootstrap's resample count.
    ///   - seed: The bootstrap's seed.
    public init(samples: [Double], level: Double = 0.95, resamples: Int = 2000, seed: UInt64 = 0x5EED) {
        precondition(!samples.isEmpty, "summary of no samples")
        let sorted = samples.sorted()
        count = sorted.count
        median = Statistics.percentile(0.5, ofSorted: sorted)
        mean = Statistics.mean(sorted)
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        p90 = Statistics.percentile(0.9, ofSorted: sorted)
        p99 = Statistics.percentile(0.99, ofSorted: sorted)
        standardDeviation = sorted.count >= 2 ? Statistics.standardDeviation(sorted) : 0
        outliers = Statistics.outliers(ofSorted: sorted)
        medianInterval = Statistics.bootstrapMedianInterval(
            sorted, level: level, resamples: resamples, seed: seed)
    }

    /// The median interval's half-width relative to the median: 0.01 means ±1 %.
    public var relativeHalfWidth: Double {
        medianInterval.relativeHalfWidth(around: median)
    }
}
