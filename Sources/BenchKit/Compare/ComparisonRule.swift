/// When `bench compare` calls a measurement slower or faster: the one decision rule, with its numbers.
///
/// By wall time, NEW is **slower** only when all three hold, and **faster** only when all three hold the
/// other way:
///
/// 1. the 95 % percentile-bootstrap interval of `median(NEW) / median(OLD)`, resampled from both files'
///    raw samples, lies wholly above 1 (below 1 for faster); when a file was measured in forks, the
///    bootstrap draws its forks first, then each drawn fork's samples;
/// 2. the two-sided Mann-Whitney U test gives `p < significanceLevel` after Holm's adjustment for every
///    measurement of the comparison tested at once; it ranks the forks' medians when both files were
///    measured in forks (each process one observation, since one process's samples do not show how
///    the next process differs), else the samples;
/// 3. the ratio of the medians is beyond the threshold: above `1 + threshold` (below `1 - threshold`).
///
/// Anything else is **no change**: inside the noise when (1) or (2) fails, under the threshold when only
/// (3) does. Both tests must agree because the runs compared come from shared, noisy machines and a
/// false "slower" costs a release; the adjustment keeps the chance of any false call across all the
/// measurements at the level, not each one's; the threshold keeps a real but immaterial shift from
/// failing a release.
///
/// By instructions, when both files counted them for a measurement and neither count moved under other
/// hash seeds: the count is deterministic, so no test is needed, and the change is judged against
/// `instructionsThreshold` alone. A count that moves under another seed (work that hashes object
/// identities and key paths, as Observation's tracking does) moves as much with any change to the
/// build, which places code and heap elsewhere; such a measurement is judged by wall time.
public struct ComparisonRule: Sendable, Equatable, Codable {
    /// The relative change in wall time below which a significant change is still "no change": 0.05 is 5 %.
    public var threshold: Double
    /// The relative change in instructions per operation below which it is "no change": 0.01 is 1 %.
    public var instructionsThreshold: Double
    /// The largest Mann-Whitney p-value that counts as significant.
    public var significanceLevel: Double
    /// The confidence level of the ratio's bootstrap interval.
    public var confidenceLevel: Double
    /// Bootstrap resamples for the ratio's interval.
    public var resamples: Int
    /// The seed of the bootstrap, fixed so that comparing the same two files always prints the same.
    public var seed: UInt64

    /// The default wall-time threshold, 5 %.
    public static let defaultThreshold = 0.05
    /// The default instructions threshold, 1 %: ten times the 0.1 % two callgrind runs of one build
    /// must agree to, so a change it reports is not the counter's own spread.
    public static let defaultInstructionsThreshold = 0.01

    /// Creates a rule; every parameter but the thresholds is fixed by default.
    public init(
        threshold: Double = defaultThreshold, instructionsThreshold: Double = defaultInstructionsThreshold,
        significanceLevel: Double = 0.05, confidenceLevel: Double = 0.95, resamples: Int = 10_000,
        seed: UInt64 = 0x5EED
    ) {
        self.threshold = threshold
        self.instructionsThreshold = instructionsThreshold
        self.significanceLevel = significanceLevel
        self.confidenceLevel = confidenceLevel
        self.resamples = resamples
        self.seed = seed
    }

    /// The rule in one sentence, for the head of every comparison.
    public var sentence: String {
        "slower or faster only when the \(percent(confidenceLevel)) bootstrap interval of the ratio of medians "
            + "excludes 1, the Mann-Whitney p (of the forks' medians where both files have forks; Holm-adjusted over "
            + "all measurements) < \(significanceLevel), and the ratio is beyond ±\(percent(threshold)); "
            + "by instructions (beyond ±\(percent(instructionsThreshold))) where both files counted them and the counts "
            + "do not move under other hash seeds"
    }

    /// `5%`, `2.5%`, `0.5%`.
    func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        let whole = value.rounded()
        return abs(value - whole) < 1e-9 ? "\(Int(whole))%" : "\(FigureText.number(value))%"
    }
}
