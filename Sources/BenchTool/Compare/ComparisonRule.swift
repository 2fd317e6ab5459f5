/// When `bench compare` calls a measurement slower, faster, the same, or cannot tell: the one decision
/// rule, with its numbers.
///
/// By time, on the thread's CPU clock where both files recorded it (load on the machine stretches wall
/// time, not the time the thread ran), else on the monotonic clock; each fork's median is one vote:
///
/// - **slower** only when all three hold, and **faster** only when all three hold the other way:
///   1. Moses's interval of the Hodges-Lehmann ratio of the forks' medians (`RatioOfProcesses`, at
///      `confidenceLevel`) lies wholly above 1 (below 1 for faster);
///   2. the two-sided Mann-Whitney U test of the forks' medians gives `p < significanceLevel` after
///      Holm's adjustment for every measurement of the comparison tested at once;
///   3. the ratio is beyond the threshold: above `1 + threshold` (below `1 - threshold`);
/// - **the same** when the interval reaches no higher than `1 + threshold`: no slowdown past the
///   threshold hides in it (a speed-up it does not show is still the same for a gate);
/// - **cannot tell** otherwise: the interval reaches past the threshold and the rule calls no change,
///   or too few forks reach the level, or a side took the measurement in one process (two processes of
///   one build differ here by up to a fifth in a median while each one's samples agree within a few
///   percent: docs/sampling-in-forks.md). More forks may tell; the release gate runs them.
///
/// Both tests must agree for a change because the runs compared come from shared, noisy machines and a
/// false "slower" costs a release; the adjustment keeps the chance of any false call across all the
/// measurements at the level, not each one's; the threshold keeps a real but immaterial shift from
/// failing a release. "The same" rests on the interval alone: a slowdown past the threshold hides in
/// it with at most half the interval's error.
///
/// By instructions, when both files counted them, unless the counts wander under other hash seeds. Counts
/// that moved decide slower or faster alone; counts that did not move cannot clear what the clock
/// shows: a time slower by its own tests is slower (memory stalls, system calls, page faults and
/// waiting cost time and no instructions), and "the same" is the time's to show. A
/// count is run again in processes with random hash seeds (`instructionsUnderOtherHashSeeds`), and its
/// *spread* is the larger of the two files' widest move there:
///
/// - at most `MeasurementRecord.hashSensitivity` (0.1 %, what two runs of one build repeat to), or not
///   probed: the count is deterministic, so no test is needed, and the change is judged against
///   `instructionsThreshold` alone;
/// - up to `widestDecidingSpread`, each file's count having been made under at least
///   `leastSeedsToDecide` other seeds: the count decides where the change is beyond `instructionsThreshold`
///   *and* beyond `seedSpreadMargin` times the spread (slower or faster), or where the change plus that
///   margin stays within the threshold (the same, which time must not contradict); in between, time decides;
/// - wider: the count wanders (work that hashes object identities and key paths, as Observation's
///   tracking does, moves as much with any change to the build, which places code and heap elsewhere),
///   and time decides.
///
/// The margin stands for what a seed spread of a few processes does not show: another build lands the
/// hashed values elsewhere again, so a count is trusted only for a change well clear of how far it was
/// seen to move, and only where each file saw it move under enough seeds, since two seeds can badly
/// understate a spread. `InstructionPass` counts a count that moved a little under six; a file with
/// two leaves such a count's verdict to time. The runs behind these numbers are in
/// docs/instruction-counting.md.
public struct ComparisonRule: Sendable, Equatable, Codable {
    /// The relative change in time within which a measurement is the same: 0.05 is 5 %.
    public var threshold: Double
    /// The relative change in instructions per operation within which the counts say the same: 0.01 is 1 %.
    var instructionsThreshold: Double
    /// How many times the spread under other hash seeds a change in instructions must exceed for the
    /// counts to call it: 3.
    var seedSpreadMargin: Double
    /// The widest spread under other hash seeds at which instructions can still decide: 1 %. Past it the
    /// count wanders, and time decides.
    var widestDecidingSpread: Double
    /// How many other hash seeds each file must have counted a measurement under for a spread past
    /// `MeasurementRecord.hashSensitivity` to let the count decide: 6.
    var leastSeedsToDecide: Int
    /// The largest Mann-Whitney p-value that counts as significant.
    var significanceLevel: Double
    /// The confidence level of the ratio's interval.
    var confidenceLevel: Double
    /// Bootstrap resamples for the ratio's interval.
    var resamples: Int
    /// The seed of the bootstrap, fixed so that comparing the same two files always prints the same.
    var seed: UInt64

    /// The default time threshold, 5 %.
    public static let defaultThreshold = 0.05
    /// The default instructions threshold, 1 %: ten times the 0.1 % two callgrind runs of one build
    /// must agree to, so a change it reports is not the counter's own spread.
    static let defaultInstructionsThreshold = 0.01
    /// The default margin over the seed spread, 3 times it.
    static let defaultSeedSpreadMargin = 3.0
    /// The default widest deciding spread, 1 %: the instructions threshold, so a count that moved by
    /// more under a seed than the change to be found cannot find it.
    static let defaultWidestDecidingSpread = 0.01
    /// The default least number of seeds, 6: what `bench --instructions` counts a count that moved under.
    static let defaultLeastSeedsToDecide = 6

    /// Creates a rule; every parameter but the thresholds is fixed by default.
    init(
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
    var sentence: String {
        "by time, on the thread's CPU clock where both files recorded it, each fork's median one vote: slower or faster "
            + "only when the \(FigureText.compactPercent(confidenceLevel)) interval of the ratio (Hodges-Lehmann, Moses) excludes 1, the "
            + "Mann-Whitney p (Holm-adjusted over all measurements) < \(significanceLevel), and the ratio is beyond "
            + "±\(FigureText.compactPercent(threshold)); the same when the interval reaches no higher than +\(FigureText.compactPercent(threshold)); else cannot tell. "
            + "By instructions (beyond ±\(FigureText.compactPercent(instructionsThreshold))) where both files counted them and the counts "
            + "do not move under other hash seeds, or the change is also beyond \(marginText) "
            + "their spread there (at most \(FigureText.compactPercent(widestDecidingSpread)), under \(leastSeedsToDecide) seeds or more); "
            + "counts that did not move never clear a time that is slower"
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
}
