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
/// Where either file took a measurement's samples in one process (its record has no forks, whatever the
/// file's options say), wall time calls nothing: a change that passes all three is **cannot tell (one
/// process a side)**, never slower or faster, and fails nothing. Two processes of one build differ here
/// by up to a fifth in a median while each one's samples agree within a few percent
/// (docs/sampling-in-forks.md), so one process's samples cannot tell the code's change from the next
/// process's. Instruction counts, allocations and body re-run counts do not vary from process to
/// process that way, and decide there as everywhere.
///
/// By instructions, when both files counted them, unless the counts wander under other hash seeds. A
/// count is run again in processes with random hash seeds (`instructionsUnderOtherHashSeeds`), and its
/// *spread* is the larger of the two files' widest move there:
///
/// - at most `MeasurementRecord.hashSensitivity` (0.1 %, what two runs of one build repeat to), or not
///   probed: the count is deterministic, so no test is needed, and the change is judged against
///   `instructionsThreshold` alone;
/// - up to `widestDecidingSpread`, each file's count having been made under at least
///   `leastSeedsToDecide` other seeds: the count decides where the change is beyond `instructionsThreshold`
///   *and* beyond `seedSpreadMargin` times the spread (slower or faster), or where the change plus that
///   margin stays within the threshold (no change); in between, it cannot tell, and wall time decides;
/// - wider: the count wanders (work that hashes object identities and key paths, as Observation's
///   tracking does, moves as much with any change to the build, which places code and heap elsewhere),
///   and wall time decides.
///
/// The margin stands for what a seed spread of a few processes does not show: another build lands the
/// hashed values elsewhere again, so a count is trusted only for a change well clear of how far it was
/// seen to move, and only where each file saw it move under enough seeds, since two seeds can badly
/// understate a spread. `InstructionPass` counts a count that moved a little under six; a file with
/// two leaves such a count's verdict to wall time. The runs behind these numbers are in
/// docs/instruction-counting.md.
public struct ComparisonRule: Sendable, Equatable, Codable {
    /// The relative change in wall time below which a significant change is still "no change": 0.05 is 5 %.
    public var threshold: Double
    /// The relative change in instructions per operation below which it is "no change": 0.01 is 1 %.
    public var instructionsThreshold: Double
    /// How many times the spread under other hash seeds a change in instructions must exceed for the
    /// counts to call it: 3.
    public var seedSpreadMargin: Double
    /// The widest spread under other hash seeds at which instructions can still decide: 1 %. Past it the
    /// count wanders, and wall time decides.
    public var widestDecidingSpread: Double
    /// How many other hash seeds each file must have counted a measurement under for a spread past
    /// `MeasurementRecord.hashSensitivity` to let the count decide: 6.
    public var leastSeedsToDecide: Int
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
    /// The default margin over the seed spread, 3 times it.
    public static let defaultSeedSpreadMargin = 3.0
    /// The default widest deciding spread, 1 %: the instructions threshold, so a count that moved by
    /// more under a seed than the change to be found cannot find it.
    public static let defaultWidestDecidingSpread = 0.01
    /// The default least number of seeds, 6: what `bench --instructions` counts a count that moved under.
    public static let defaultLeastSeedsToDecide = 6

    /// Creates a rule; every parameter but the thresholds is fixed by default.
    public init(
        threshold: Double = defaultThreshold, instructionsThreshold: Double = defaultInstructionsThreshold,
        significanceLevel: Double = 0.05, confidenceLevel: Double = 0.95, resamples: Int = 10_000,
        seed: UInt64 = 0x5EED, seedSpreadMargin: Double = defaultSeedSpreadMargin,
        widestDecidingSpread: Double = defaultWidestDecidingSpread, leastSeedsToDecide: Int = defaultLeastSeedsToDecide
    ) {
        self.threshold = threshold
        self.instructionsThreshold = instructionsThreshold
        self.seedSpreadMargin = seedSpreadMargin
        self.widestDecidingSpread = widestDecidingSpread
        self.leastSeedsToDecide = leastSeedsToDecide
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
            + "do not move under other hash seeds, or the change is also beyond \(marginText) "
            + "their spread there (at most \(percent(widestDecidingSpread)), under \(leastSeedsToDecide) seeds or more)"
    }

    private enum CodingKeys: String, CodingKey {
        case threshold, instructionsThreshold, seedSpreadMargin, widestDecidingSpread, leastSeedsToDecide, significanceLevel,
            confidenceLevel, resamples, seed
    }

    public init(from decoder: any Decoder) throws {
        // A rule written before the seed-spread band has neither of its keys: it is read with the defaults.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        threshold = try container.decode(Double.self, forKey: .threshold)
        instructionsThreshold = try container.decode(Double.self, forKey: .instructionsThreshold)
        seedSpreadMargin = try container.decodeIfPresent(Double.self, forKey: .seedSpreadMargin) ?? Self.defaultSeedSpreadMargin
        widestDecidingSpread =
            try container.decodeIfPresent(Double.self, forKey: .widestDecidingSpread) ?? Self.defaultWidestDecidingSpread
        leastSeedsToDecide = try container.decodeIfPresent(Int.self, forKey: .leastSeedsToDecide) ?? Self.defaultLeastSeedsToDecide
        significanceLevel = try container.decode(Double.self, forKey: .significanceLevel)
        confidenceLevel = try container.decode(Double.self, forKey: .confidenceLevel)
        resamples = try container.decode(Int.self, forKey: .resamples)
        seed = try container.decode(UInt64.self, forKey: .seed)
    }

    /// The margin over the seed spread as written: `3×`, `2.5×`.
    var marginText: String {
        seedSpreadMargin == seedSpreadMargin.rounded() && abs(seedSpreadMargin) < 1e6
            ? "\(Int(seedSpreadMargin))×" : FigureText.ratio(seedSpreadMargin)
    }

    /// `5%`, `2.5%`, `0.5%`.
    func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        let whole = value.rounded()
        return abs(value - whole) < 1e-9 ? "\(Int(whole))%" : "\(FigureText.number(value))%"
    }
}
