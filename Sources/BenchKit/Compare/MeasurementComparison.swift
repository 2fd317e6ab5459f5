import Harness

/// One measurement of OLD against the same measurement of NEW: every figure the verdict rests on.
///
/// The wall-time figures are always computed, from the raw samples, even when instruction counts decide:
/// a reader sees both, and the JSON keeps both verdicts.
public struct MeasurementComparison: Sendable, Equatable, Codable {
    /// One side's figures, as its results file records them.
    public struct Side: Sendable, Equatable, Codable {
        /// The median, nanoseconds per operation.
        public var median: Double
        /// The file's own interval of that median.
        public var medianInterval: ConfidenceInterval
        /// How many samples the median is of.
        public var samples: Int
        /// How many processes the samples were taken in.
        public var forks: Int
        /// Instructions per operation, when counted.
        @ExplicitNull public var instructionsPerOperation: Double?
        /// How far that count moved under other hash seeds, when counted again (0.05 is 5 %).
        @ExplicitNull public var instructionsHashSpread: Double?

        init(_ record: MeasurementRecord) {
            median = record.summary.median
            medianInterval = record.summary.medianInterval
            samples = record.samples.count
            forks = record.sampleGroups.count
            instructionsPerOperation = record.instructionsPerOperation
            instructionsHashSpread = record.instructionsHashSpread
        }
    }

    /// The measurement compared.
    public var key: MeasurementKey
    /// OLD's figures.
    public var old: Side
    /// NEW's figures.
    public var new: Side
    /// `median(NEW) / median(OLD)`; `nil` when a sample is not positive.
    @ExplicitNull public var ratio: Double?
    /// The bootstrap interval of `ratio`, from both files' raw samples.
    @ExplicitNull public var ratioInterval: ConfidenceInterval?
    /// The two-sided Mann-Whitney U test of NEW against OLD: of the forks' medians when both files
    /// measured in several forks, else of the samples.
    public var rankTest: RankTest
    /// What `rankTest` ranked.
    public var rankTestOf: RankedUnit
    /// `rankTest`'s p-value adjusted for every measurement of the comparison being tested at once
    /// (Holm); the wall-time verdict rests on it. Equal to the raw p-value until
    /// `judge(adjustedPValue:rule:)` is given the comparison's adjustment.
    public var adjustedPValue: Double
    /// The verdict wall time alone gives: `cannotTell` in place of slower or faster where
    /// `isOneProcessASide`.
    public var wallTimeVerdict: ComparisonVerdict
    /// Why wall time gives that verdict.
    public var wallTimeReason: ComparisonReason
    /// `instructions(NEW) / instructions(OLD)`, when both files counted them and OLD's is positive.
    @ExplicitNull public var instructionsRatio: Double?
    /// Whether either file's count moved under other hash seeds by more than
    /// `MeasurementRecord.hashSensitivity` (`nil` when neither counted again): then the count could move
    /// with any change to the build, and decides only a change clearly beyond how far it moved.
    @ExplicitNull public var instructionsVaryWithHashing: Bool?
    /// The wider of the two files' spreads under other hash seeds (0.002 is ±0.2 %); `nil` when neither
    /// counted again.
    @ExplicitNull public var instructionsSpread: Double?
    /// How many other hash seeds the file with fewer of them counted this measurement under (0 when
    /// one did not count again); `nil` when neither did.
    @ExplicitNull public var instructionsSeeds: Int?
    /// Why the counts, though both files have them, left the verdict to wall time; `nil` when they
    /// decided or either file lacks them.
    @ExplicitNull public var instructionsDoubt: InstructionsDecision.Doubt?
    /// The verdict: by instructions when `instructionsRatio` exists and `InstructionsDecision` lets the
    /// counts decide, else by wall time.
    public var verdict: ComparisonVerdict
    /// Which figure `verdict` rests on.
    public var basis: ComparisonBasis
    /// Why `verdict` is what it is.
    public var reason: ComparisonReason
    /// Allocations per operation in both files, when both counted them.
    @ExplicitNull public var allocations: AllocationChange?
    /// Whether the files counted instructions by different ways (`CountingMethod`), so the counts do
    /// not decide (`instructionsDoubt` says so).
    public var countingMethodChanged: Bool

    /// Whether either file took this measurement's samples in one process, whatever its options say:
    /// then wall time cannot tell a change from how much one process differs from the next.
    public var isOneProcessASide: Bool { old.forks < 2 || new.forks < 2 }

    /// Compares two records of the same measurement.
    ///
    /// - Parameters:
    ///   - old: The measurement in OLD.
    ///   - new: The measurement in NEW, with the same name and strategy.
    ///   - rule: The decision rule.
    ///   - countingMethodChanged: Whether the files counted instructions by different ways
    ///     (`CountingMethod`): the counts are then shown, and wall time decides.
    public init(old: MeasurementRecord, new: MeasurementRecord, rule: ComparisonRule, countingMethodChanged: Bool = false) {
        key = old.key
        self.countingMethodChanged = countingMethodChanged
        self.old = Side(old)
        self.new = Side(new)
        let oldGroups = old.sampleGroups
        let newGroups = new.sampleGroups
        (rankTest, rankTestOf) = Self.rankTest(old: old, new: new)
        adjustedPValue = rankTest.pValue
        allocations = AllocationChange(old: old.allocations, new: new.allocations)
        // A ratio of medians is only meaningful on positive figures; a resampled median of samples that
        // are not all positive could be zero or change sign.
        if old.samples.allSatisfy({ $0 > 0 }) && new.samples.allSatisfy({ $0 > 0 }) {
            ratio = new.summary.median / old.summary.median
            ratioInterval = Statistics.bootstrapMedianRatioInterval(
                groups: newGroups, oldGroups, level: rule.confidenceLevel, resamples: rule.resamples, seed: rule.seed)
        } else {
            ratio = nil
            ratioInterval = nil
        }
        let varies = [old.instructionsVaryWithHashing, new.instructionsVaryWithHashing].compactMap { $0 }
        instructionsVaryWithHashing = varies.isEmpty ? nil : varies.contains(true)
        instructionsSpread = InstructionsDecision.spread(old: old, new: new)
        instructionsSeeds = InstructionsDecision.seeds(old: old, new: new)
        if let oldInstructions = old.instructionsPerOperation, let newInstructions = new.instructionsPerOperation,
            oldInstructions > 0
        {
            instructionsRatio = newInstructions / oldInstructions
        } else {
            instructionsRatio = nil
        }
        instructionsDoubt = nil
        (basis, wallTimeVerdict, wallTimeReason, verdict, reason) = (.wallTime, .noChange, .noRatio, .noChange, .noRatio)
        judge(adjustedPValue: rankTest.pValue, rule: rule)
    }

    /// Reaches the verdicts again with the rank test's p-value adjusted for the other measurements
    /// tested at once.
    ///
    /// - Parameters:
    ///   - adjustedPValue: `rankTest.pValue` after the comparison's adjustment; never below it.
    ///   - rule: The decision rule.
    public mutating func judge(adjustedPValue: Double, rule: ComparisonRule) {
        self.adjustedPValue = adjustedPValue
        if let ratio, let ratioInterval {
            (wallTimeVerdict, wallTimeReason) = Self.wallTimeVerdict(
                ratio: ratio, interval: ratioInterval, pValue: adjustedPValue, oneProcessASide: isOneProcessASide, rule: rule)
        } else {
            (wallTimeVerdict, wallTimeReason) = (.noChange, .noRatio)
        }
        let decision = instructionsRatio.map { ratio in
            countingMethodChanged
                ? .leavesItToWallTime(.countingMethodChanged)
                : InstructionsDecision(
                    ratio: ratio, spread: instructionsSpread, seeds: instructionsSeeds ?? 0, rule: rule,
                    tooLongToCountAgain: min(old.instructionsPerOperation ?? 0, new.instructionsPerOperation ?? 0)
                        > MeasurementRecord.longestCountedAgain)
        }
        instructionsDoubt = decision?.doubt
        if let byInstructions = decision?.verdict {
            basis = .instructions
            (verdict, reason) = byInstructions
        } else {
            basis = .wallTime
            (verdict, reason) = (wallTimeVerdict, wallTimeReason)
        }
    }

    // MARK: - The rule

    /// The two-sided Mann-Whitney U test of NEW against OLD, and what it ranked: the forks' medians when
    /// both records were measured in several forks, else the samples.
    ///
    /// Samples of one process are not independent draws of what the next process will show: with forks
    /// on both sides, each process is one observation.
    static func rankTest(old: MeasurementRecord, new: MeasurementRecord) -> (RankTest, RankedUnit) {
        let oldGroups = old.sampleGroups
        let newGroups = new.sampleGroups
        guard oldGroups.count > 1 && newGroups.count > 1 else {
            return (Statistics.mannWhitneyU(new.samples, old.samples), .samples)
        }
        return (Statistics.mannWhitneyU(newGroups.map(Statistics.median), oldGroups.map(Statistics.median)), .forkMedians)
    }

    static func wallTimeVerdict(
        ratio: Double, interval: ConfidenceInterval, pValue: Double, oneProcessASide: Bool, rule: ComparisonRule
    ) -> (ComparisonVerdict, ComparisonReason) {
        let excludesOne = interval.lower > 1 || interval.upper < 1
        guard excludesOne, pValue < rule.significanceLevel else { return (.noChange, .insideTheNoise) }
        let (verdict, reason) = beyond(ratio: ratio, threshold: rule.threshold)
        // The interval and the point ratio could in principle sit on opposite sides of 1 (a lopsided
        // resampling); a change the two do not agree on the direction of is not one.
        let agrees = verdict == .slower ? interval.lower > 1 : verdict == .faster ? interval.upper < 1 : true
        guard agrees else { return (.noChange, .insideTheNoise) }
        // Two processes of one build differ here by up to a fifth in a median while each one's samples
        // agree within a few percent: a change one process's samples pass may be the processes'.
        // A difference they do not call stays no change, which claims nothing and fails nothing.
        guard verdict == .noChange || !oneProcessASide else { return (.cannotTell, .oneProcessASide) }
        return (verdict, reason)
    }

    static func beyond(ratio: Double, threshold: Double) -> (ComparisonVerdict, ComparisonReason) {
        if ratio > 1 + threshold { return (.slower, .changed) }
        if ratio < 1 - threshold { return (.faster, .changed) }
        return (.noChange, .underTheThreshold)
    }
}
