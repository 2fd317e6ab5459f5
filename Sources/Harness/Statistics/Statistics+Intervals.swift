import SeededRandom

// MARK: - Confidence intervals

extension Statistics {
    /// A distribution-free confidence interval of the median from order statistics.
    ///
    /// The number of samples below the true median is Binomial(n, ½); with its normal approximation the
    /// interval runs from the sorted sample at rank `⌊n/2 - z√n/2⌋` to the one at `⌈n/2 + z√n/2⌉`
    /// (1-based, clamped to the samples). Cheap enough to recompute after every round, it is what the
    /// sampler's adaptive stop watches; results report the bootstrap interval.
    ///
    /// - Parameters:
    ///   - values: At least one sample.
    ///   - level: 0.95 or 0.99; the normal quantile for other levels is not tabulated here.
    public static func orderStatisticMedianInterval(_ values: [Double], level: Double = 0.95) -> ConfidenceInterval {
        precondition(!values.isEmpty, "interval of no samples")
        return orderStatisticMedianInterval(ofSorted: values.sorted(), level: level)
    }

    static func orderStatisticMedianInterval(ofSorted sorted: [Double], level: Double) -> ConfidenceInterval {
        let quantile: Double
        switch level {
        case 0.95: quantile = 1.959_963_984_540_054
        case 0.99: quantile = 2.575_829_303_548_901
        default: preconditionFailure("order-statistic interval supports levels 0.95 and 0.99")
        }
        let count = Double(sorted.count)
        let reach = quantile * count.squareRoot() / 2
        let lowerRank = Swift.max(1, Int((count / 2 - reach).rounded(.down)))
        let upperRank = Swift.min(sorted.count, Int((count / 2 + reach).rounded(.up)) + 1)
        return ConfidenceInterval(
            lower: sorted[lowerRank - 1],
            upper: sorted[upperRank - 1],
            level: level,
            method: "order statistics, normal approximation to Binomial(n, 1/2)"
        )
    }

    /// A 95 % percentile-bootstrap confidence interval of the median.
    ///
    /// Draws `resamples` resamples of the same size with replacement from a `SplitMix64` seeded with
    /// `seed`, takes each one's median, and returns the type-7 percentiles at `(1 - level) / 2` and
    /// `(1 + level) / 2` of those medians. Equal inputs and seed give an identical interval, so a
    /// results file can be checked from its raw samples.
    ///
    /// - Parameters:
    ///   - values: At least one sample.
    ///   - level: The confidence level, in `0<..<1`.
    ///   - resamples: How many bootstrap resamples to draw.
    ///   - seed: The seed of the resampling stream.
    /// - Complexity: O(*n* log *n* + `resamples` × *n*): each resample's median is found by counting
    ///   how often each sorted sample was drawn, not by sorting the resample.
    public static func bootstrapMedianInterval(
        _ values: [Double],
        level: Double = 0.95,
        resamples: Int = 2000,
        seed: UInt64 = 0x5EED
    ) -> ConfidenceInterval {
        precondition(!values.isEmpty, "bootstrap of no samples")
        precondition(resamples > 0, "bootstrap needs at least one resample")
        var generator = SplitMix64(seed: seed)
        var resampler = MedianResampler(sorted: values.sorted())
        var medians: [Double] = []
        medians.reserveCapacity(resamples)
        for _ in 0..<resamples {
            medians.append(resampler.resampledMedian(using: &generator))
        }
        return ConfidenceInterval(percentilesOf: medians, level: level, resamples: resamples, seed: seed)
    }

    /// A percentile-bootstrap confidence interval of `median(numerator) / median(denominator)`.
    ///
    /// Each resample draws both groups independently from one seeded stream; the interval is the
    /// type-7 percentiles of the resampled ratios. For comparing two runs: an interval that excludes 1
    /// says the medians differ at that level.
    ///
    /// - Parameters:
    ///   - numerator: At least one sample.
    ///   - denominator: At least one sample; its resampled medians must not be zero.
    ///   - level: The confidence level, in `0<..<1`.
    ///   - resamples: How many bootstrap resamples to draw.
    ///   - seed: The seed of the resampling stream.
    public static func bootstrapMedianRatioInterval(
        _ numerator: [Double],
        _ denominator: [Double],
        level: Double = 0.95,
        resamples: Int = 2000,
        seed: UInt64 = 0x5EED
    ) -> ConfidenceInterval {
        precondition(!numerator.isEmpty && !denominator.isEmpty, "bootstrap of no samples")
        precondition(resamples > 0, "bootstrap needs at least one resample")
        var generator = SplitMix64(seed: seed)
        var top = MedianResampler(sorted: numerator.sorted())
        var bottom = MedianResampler(sorted: denominator.sorted())
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            let ratio = top.resampledMedian(using: &generator) / bottom.resampledMedian(using: &generator)
            ratios.append(ratio)
        }
        return ConfidenceInterval(percentilesOf: ratios, level: level, resamples: resamples, seed: seed)
    }
}

/// Finds a resample's median in O(*n*) by counting draws per sorted position.
///
/// A resample is a multiset of the sorted samples; walking the cumulative counts finds the values at
/// the two middle ranks without building or sorting the resample.
struct MedianResampler {
    let sorted: [Double]
    private var draws: [Int]

    init(sorted: [Double]) {
        self.sorted = sorted
        draws = Array(repeating: 0, count: sorted.count)
    }

    mutating func resampledMedian(using generator: inout SplitMix64) -> Double {
        let count = sorted.count
        for index in draws.indices { draws[index] = 0 }
        for _ in 0..<count {
            draws[generator.next(below: count)] += 1
        }
        return Self.median(of: draws, count: count, sorted: sorted)
    }

    /// The type-7 median of a resample given as draws per sorted position: ranks ⌊(n-1)/2⌋ and
    /// ⌈(n-1)/2⌉ of the `count` draws, averaged.
    static func median(of draws: [Int], count: Int, sorted: [Double]) -> Double {
        let lowerRank = (count - 1) / 2
        let upperRank = count / 2
        var lowerValue = 0.0
        var seen = 0
        for (position, drawn) in draws.enumerated() where drawn > 0 {
            let next = seen + drawn
            if lowerRank >= seen && lowerRank < next { lowerValue = sorted[position] }
            if upperRank >= seen && upperRank < next { return (lowerValue + sorted[position]) / 2 }
            seen = next
        }
        preconditionFailure("the resample holds \(count) draws, so its middle rank exists")
    }
}
