/// A confidence interval with the recipe that produced it, so a reader can reproduce it.
public struct ConfidenceInterval: Sendable, Equatable, Codable {
    /// The lower bound.
    public var lower: Double
    /// The upper bound.
    public var upper: Double
    /// The confidence level, e.g. 0.95.
    public var level: Double
    /// How the interval was obtained, in words a results file can carry.
    public var method: String
    /// The number of bootstrap resamples, when the interval is a bootstrap one.
    public var resamples: Int?
    /// The seed of the resampling stream, when the interval is a bootstrap one.
    public var seed: UInt64?

    /// An interval with what reproduces it; `resamples` and `seed` are nil unless it is a bootstrap one.
    ///
    /// - Parameters:
    ///   - lower: The lower bound.
    ///   - upper: The upper bound.
    ///   - level: The confidence level.
    ///   - method: How the interval was computed.
    ///   - resamples: The bootstrap resample count, if any.
    ///   - seed: The bootstrap seed, if any.
    public init(
        lower: Double, upper: Double, level: Double, method: String, resamples: Int? = nil, seed: UInt64? = nil
    ) {
        self.lower = lower
        self.upper = upper
        self.level = level
        self.method = method
        self.resamples = resamples
        self.seed = seed
    }

    /// Half the interval's width divided by `center`: the precision the sampler's adaptive stop aims at.
    ///
    /// - Parameter center: The estimate the interval surrounds, usually the median.
    /// - Returns: `(upper - lower) / 2 / |center|`, or infinity when `center` is zero.
    public func relativeHalfWidth(around center: Double) -> Double {
        center == 0 ? .infinity : (upper - lower) / 2 / abs(center)
    }

    init(percentilesOf estimates: [Double], level: Double, resamples: Int, seed: UInt64) {
        precondition(level > 0 && level < 1, "confidence level must be within 0<..<1")
        let sorted = estimates.sorted()
        self.init(
            lower: Statistics.percentile((1 - level) / 2, ofSorted: sorted),
            upper: Statistics.percentile((1 + level) / 2, ofSorted: sorted),
            level: level,
            method: "percentile bootstrap, SplitMix64, type-7 percentiles of resampled estimates",
            resamples: resamples,
            seed: seed
        )
    }
}
