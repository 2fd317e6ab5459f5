import Harness

/// One measurement of OLD against the same measurement of NEW: every figure the verdict rests on.
///
/// Time is judged on the thread's CPU clock where both files recorded it, since load on the machine
/// stretches wall time and not the time the thread ran, else on the monotonic clock; each fork's median
/// is one vote. The time figures are always computed, even when instruction counts decide: a reader
/// sees both, and the JSON keeps both verdicts.
struct MeasurementComparison: Sendable, Equatable, Codable {
    /// One side's figures, as its results file records them.
    struct Side: Sendable, Equatable, Codable {
        /// The median on the judged clock, nanoseconds per operation: of the forks' medians where the
        /// file measured in forks, else of the samples.
        var median: Double
        /// That median's interval: the file's own on the monotonic clock, the forks' order-statistic
        /// interval on the CPU clock (or the file's own where too few forks reach 95 %).
        var medianInterval: ConfidenceInterval
        /// How many samples the median is of.
        var samples: Int
        /// How many processes the samples were taken in.
        var forks: Int
        /// Instructions per operation, when counted.
        @ExplicitNull var instructionsPerOperation: Double?
        /// How far that count moved under other hash seeds, when counted again (0.05 is 5 %).
        @ExplicitNull var instructionsHashSpread: Double?

        /// The side of `record` on `clock`, judged on `kept`, the groups of the forks left once those of a
        /// slowed core are set aside (every fork's when nil): with forks set aside, the median and
        /// interval are the kept forks' on that clock, as the CPU clock's always are.
        init(_ record: MeasurementRecord, clock: TimingClock, kept: [[Double]]? = nil) {
            let groups = kept ?? record.sampleGroups(on: clock) ?? record.sampleGroups
            let setAside = kept != nil
            median = setAside ? ForkMedians.median(of: groups) : Self.median(of: record, on: clock)
            if clock == .wall && !setAside {
                medianInterval = record.summary.medianInterval
            } else {
                medianInterval =
                    ForkMedians(groups: groups, level: 0.95)?.interval
                    ?? Statistics.bootstrapMedianInterval(groups: groups, level: 0.95, resamples: 2000, seed: 0x5EED)
            }
            samples = groups.reduce(0) { $0 + $1.count }
            forks = groups.count
            instructionsPerOperation = record.instructionsPerOperation
            instructionsHashSpread = record.instructionsHashSpread
        }

        /// The median a side takes on `clock`, without its interval: the file's own on the monotonic
        /// clock, else the median of the forks' medians on that clock (the monotonic one's where the
        /// record lacks it).
        static func median(of record: MeasurementRecord, on clock: TimingClock) -> Double {
            clock == .wall ? record.summary.median : ForkMedians.median(of: record.sampleGroups(on: clock) ?? record.sampleGroups)
        }
    }

    /// The measurement compared.
    var key: MeasurementKey
    /// The clock time is judged on: the thread's CPU clock where both records have it, else the
    /// monotonic clock.
    var clock: TimingClock
    /// OLD's figures.
    var old: Side
    /// NEW's figures.
    var new: Side
    /// NEW over OLD on `clock`: the Hodges-Lehmann ratio of the forks' medians where both files
    /// measured in forks (`RatioOfProcesses`), else the ratio of the medians; `nil` when a figure is
    /// not positive.
    @ExplicitNull var ratio: Double?
    /// The interval of `ratio` at the rule's level: Moses's over the forks' medians where both files
    /// measured in forks, else a bootstrap of the samples (which decides nothing); `nil` when there is
    /// no ratio, or too few forks reach the level.
    @ExplicitNull var ratioInterval: ConfidenceInterval?
    /// The two-sided Mann-Whitney U test of NEW against OLD on `clock`: of the forks' medians when both
    /// files measured in several forks, else of the samples.
    var rankTest: RankTest
    /// What `rankTest` ranked.
    var rankTestOf: RankedUnit
    /// `rankTest`'s p-value adjusted for every measurement of the comparison being tested at once
    /// (Holm); the time verdict rests on it. Equal to the raw p-value until
    /// `judge(adjustedPValue:rule:)` is given the comparison's adjustment.
    var adjustedPValue: Double
    /// The verdict time alone gives, on `clock`.
    var timeVerdict: ComparisonVerdict
    /// Why time gives that verdict.
    var timeReason: ComparisonReason
    /// `instructions(NEW) / instructions(OLD)`, when both files counted them and OLD's is positive.
    @ExplicitNull var instructionsRatio: Double?
    /// Whether either file's count moved under other hash seeds by more than
    /// `MeasurementRecord.hashSensitivity` (`nil` when neither counted again): then the count could move
    /// with any change to the build, and decides only a change clearly beyond how far it moved.
    @ExplicitNull var instructionsVaryWithHashing: Bool?
    /// The wider of the two files' spreads under other hash seeds (0.002 is ±0.2 %); `nil` when neither
    /// counted again.
    @ExplicitNull var instructionsSpread: Double?
    /// How many other hash seeds the file with fewer of them counted this measurement under (0 when
    /// one did not count again); `nil` when neither did.
    @ExplicitNull var instructionsSeeds: Int?
    /// What the counts alone say, where they can say it (`InstructionsDecision`); `nil` when either
    /// file lacks them or they leave it to time.
    @ExplicitNull var instructionsVerdict: ComparisonVerdict?
    /// Why the counts, though both files have them, left the verdict to time; `nil` when they decided
    /// or either file lacks them.
    @ExplicitNull var instructionsDoubt: InstructionsDecision.Doubt?
    /// The verdict. Counts that moved decide slower or faster alone; a time that is slower by its own
    /// tests is slower whatever the counts say; otherwise time's verdict stands, so "same" is shown by
    /// the time's interval and never by counts alone.
    var verdict: ComparisonVerdict
    /// Which figure `verdict` rests on.
    var basis: ComparisonBasis
    /// Why `verdict` is what it is.
    var reason: ComparisonReason
    /// Allocations per operation in both files, when both counted them.
    @ExplicitNull var allocations: AllocationChange?
    /// Whether the files counted instructions by different ways (`CountingMethod`), so the counts do
    /// not decide (`instructionsDoubt` says so).
    var countingMethodChanged: Bool
    /// The forks set aside from the time figures because the core ran slow while they sampled; nil
    /// where none was (and always for files without speed probe readings).
    var slowCore: SlowCoreForks?
    /// Whether setting aside the forks of a slow core would leave a side fewer than two: then nothing is
    /// set aside from the figures, and time cannot tell (`ComparisonReason.slowCore`).
    var slowCoreLeftTooFew: Bool { slowCore?.leavesTooFew ?? false }

    /// Whether either file took this measurement's samples in one process, whatever its options say:
    /// then wall time cannot tell a change from how much one process differs from the next.
    var isOneProcessASide: Bool { old.forks < 2 || new.forks < 2 }

    /// Compares two records of the same measurement.
    ///
    /// - Parameters:
    ///   - old: The measurement in OLD.
    ///   - new: The measurement in NEW, with the same name and strategy.
    ///   - rule: The decision rule.
    ///   - countingMethodChanged: Whether the files counted instructions by different ways
    ///     (`CountingMethod`): the counts are then shown, and time decides.
    ///   - clock: The clock to judge time on; nil judges on the thread's CPU clock where both records
    ///     have it, else on the monotonic clock.
    ///   - fastCore: The speed probe's reading of a fast core over the whole comparison
    ///     (`SlowCoreForks.fastCore(of:)`): forks whose core ran slower than it allows are set aside
    ///     from the time figures. Nil sets nothing aside.
    init(
        old: MeasurementRecord, new: MeasurementRecord, rule: ComparisonRule, countingMethodChanged: Bool = false,
        clock: TimingClock? = nil, fastCore: Double? = nil
    ) {
        key = old.key
        self.countingMethodChanged = countingMethodChanged
        let judged = clock ?? Self.clock(old: old, new: new)
        self.clock = judged
        let oldAll = old.sampleGroups(on: judged) ?? old.sampleGroups
        let newAll = new.sampleGroups(on: judged) ?? new.sampleGroups
        var oldKept = fastCore.map { SlowCoreForks.kept(old, fastCore: $0) }
        var newKept = fastCore.map { SlowCoreForks.kept(new, fastCore: $0) }
        let setAside = (old: oldKept.map { $0.filter { !$0 }.count } ?? 0, new: newKept.map { $0.filter { !$0 }.count } ?? 0)
        let slowCore =
            setAside.old + setAside.new > 0
            ? SlowCoreForks(old: setAside.old, oldForks: oldAll.count, new: setAside.new, newForks: newAll.count) : nil
        self.slowCore = slowCore
        // A side left with fewer than two forks cannot be judged on what is left: its figures stay
        // every fork's, and the verdict says the core was slow (`slowCoreLeftTooFew`).
        if slowCore?.leavesTooFew == true { (oldKept, newKept) = (nil, nil) }
        // Only a side that lost forks is judged on fewer; one that lost none keeps its file's own figures.
        let oldSetAside = oldKept.flatMap { $0.contains(false) ? SlowCoreForks.keeping(oldAll, $0) : nil }
        let newSetAside = newKept.flatMap { $0.contains(false) ? SlowCoreForks.keeping(newAll, $0) : nil }
        self.old = Side(old, clock: judged, kept: oldSetAside)
        self.new = Side(new, clock: judged, kept: newSetAside)
        let oldGroups = oldSetAside ?? oldAll
        let newGroups = newSetAside ?? newAll
        (rankTest, rankTestOf) = Self.rankTest(old: oldGroups, new: newGroups)
        adjustedPValue = rankTest.pValue
        allocations = AllocationChange(old: old.allocations, new: new.allocations)
        (ratio, ratioInterval) = Self.ratio(old: oldGroups, new: newGroups, rule: rule)
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
        instructionsVerdict = nil
        instructionsDoubt = nil
        (basis, timeVerdict, timeReason, verdict, reason) = (.wallTime, .cannotTell, .noRatio, .cannotTell, .noRatio)
        judge(adjustedPValue: rankTest.pValue, rule: rule)
    }

    /// `comparisons` judged as one comparison judges them: tested at once, so each rank test's p-value
    /// is Holm-adjusted over all of them before the verdicts are reached. `bench compare`, the timed
    /// bisection and the release gate's replay judge this way.
    static func judgedTogether(_ comparisons: [MeasurementComparison], rule: ComparisonRule) -> [MeasurementComparison] {
        zip(comparisons, Statistics.holmAdjusted(comparisons.map(\.rankTest.pValue))).map { comparison, pValue in
            var comparison = comparison
            comparison.judge(adjustedPValue: pValue, rule: rule)
            return comparison
        }
    }

    /// Reaches the verdicts again with the rank test's p-value adjusted for the other measurements
    /// tested at once.
    ///
    /// - Parameters:
    ///   - adjustedPValue: `rankTest.pValue` after the comparison's adjustment; never below it.
    ///   - rule: The decision rule.
    mutating func judge(adjustedPValue: Double, rule: ComparisonRule) {
        self.adjustedPValue = adjustedPValue
        (timeVerdict, timeReason) =
            slowCoreLeftTooFew
            ? (.cannotTell, .slowCore)
            : Self.timeVerdict(
                ratio: ratio, interval: ratioInterval, pValue: adjustedPValue, oneProcessASide: isOneProcessASide, rule: rule)
        let decision = instructionsRatio.map { ratio in
            countingMethodChanged
                ? .leavesItToWallTime(.countingMethodChanged)
                : InstructionsDecision(
                    ratio: ratio, spread: instructionsSpread, seeds: instructionsSeeds ?? 0, rule: rule,
                    tooLongToCountAgain: min(old.instructionsPerOperation ?? 0, new.instructionsPerOperation ?? 0)
                        > MeasurementRecord.longestCountedAgain)
        }
        instructionsDoubt = decision?.doubt
        instructionsVerdict = decision?.verdict?.0
        let byTime = ComparisonBasis(clock)
        switch (instructionsVerdict, timeVerdict) {
        case (.slower?, _), (.faster?, .same), (.faster?, .faster), (.faster?, .cannotTell):
            // Counts that moved past the threshold (and past their spread) decide a change alone.
            basis = .instructions
            (verdict, reason) = decision!.verdict!
        case (_, .slower):
            // Counts cannot clear what the clock shows: memory stalls, system calls, page faults and
            // waiting cost time and no instructions.
            basis = byTime
            verdict = .slower
            reason = instructionsVerdict == .same ? .slowerInTimeAlone : timeReason
        default:
            basis = byTime
            (verdict, reason) = (timeVerdict, timeReason)
        }
    }

    /// Whether the verdict is slower in time while the instruction counts did not move past the
    /// threshold: the report says so in words, since callgrind cannot see where that time goes.
    var isSlowerInTimeAlone: Bool { reason == .slowerInTimeAlone }

    // MARK: - The rule

    /// The two-sided Mann-Whitney U test of NEW against OLD, and what it ranked: the forks' medians when
    /// both sides were measured in several forks, else the samples.
    ///
    /// Samples of one process are not independent draws of what the next process will show: with forks
    /// on both sides, each process is one observation.
    static func rankTest(old oldGroups: [[Double]], new newGroups: [[Double]]) -> (RankTest, RankedUnit) {
        guard oldGroups.count > 1 && newGroups.count > 1 else {
            return (Statistics.mannWhitneyU(newGroups.flatMap { $0 }, oldGroups.flatMap { $0 }), .samples)
        }
        return (Statistics.mannWhitneyU(newGroups.map(Statistics.median), oldGroups.map(Statistics.median)), .forkMedians)
    }

    /// The clock a comparison of two records judges time on: the thread's CPU clock where both have
    /// it, else the monotonic clock.
    static func clock(old: MeasurementRecord, new: MeasurementRecord) -> TimingClock {
        old.threadCPUSamples != nil && new.threadCPUSamples != nil ? .threadCPU : .wall
    }

    /// The rank test of two records on `clock`.
    static func rankTest(old: MeasurementRecord, new: MeasurementRecord, clock: TimingClock) -> (RankTest, RankedUnit) {
        rankTest(old: old.sampleGroups(on: clock) ?? old.sampleGroups, new: new.sampleGroups(on: clock) ?? new.sampleGroups)
    }

    /// NEW over OLD and its interval: over the forks' medians where both sides have several
    /// (`RatioOfProcesses`, nil interval where too few reach the level), else the medians' ratio with a
    /// two-stage bootstrap of the samples, shown but deciding nothing.
    static func ratio(old: [[Double]], new: [[Double]], rule: ComparisonRule) -> (Double?, ConfidenceInterval?) {
        let all = old.flatMap { $0 } + new.flatMap { $0 }
        guard !all.isEmpty, all.allSatisfy({ $0 > 0 }) else { return (nil, nil) }
        guard old.count > 1 && new.count > 1 else {
            return (
                Statistics.median(new.flatMap { $0 }) / Statistics.median(old.flatMap { $0 }),
                Statistics.bootstrapMedianRatioInterval(
                    groups: new, old, level: rule.confidenceLevel, resamples: rule.resamples, seed: rule.seed)
            )
        }
        let newMedians = new.map(Statistics.median)
        let oldMedians = old.map(Statistics.median)
        if let processes = RatioOfProcesses(new: newMedians, old: oldMedians, level: rule.confidenceLevel) {
            return (processes.ratio, processes.interval)
        }
        return (Statistics.median(newMedians) / Statistics.median(oldMedians), nil)
    }

    /// What time alone says.
    ///
    /// Slower (faster) when the interval lies wholly above (below) 1, the Holm-adjusted rank test is
    /// significant and the ratio is beyond the threshold; the same when the interval shows no slowdown
    /// past the threshold (its upper end at most `1 + threshold`); else cannot tell. A side measured in
    /// one process, or too few forks for the level, cannot tell.
    static func timeVerdict(
        ratio: Double?, interval: ConfidenceInterval?, pValue: Double, oneProcessASide: Bool, rule: ComparisonRule
    ) -> (ComparisonVerdict, ComparisonReason) {
        guard let ratio else { return (.cannotTell, .noRatio) }
        // Two processes of one build differ here by up to a fifth in a median while each one's samples
        // agree within a few percent: one process's samples show neither a change nor its absence.
        guard !oneProcessASide else { return (.cannotTell, .oneProcessASide) }
        guard let interval else { return (.cannotTell, .tooFewForks) }
        let excludesOne = interval.lower > 1 || interval.upper < 1
        if excludesOne, pValue < rule.significanceLevel {
            let (verdict, reason) = beyond(ratio: ratio, threshold: rule.threshold)
            // The interval and the point could in principle sit on opposite sides of 1; a change the
            // two do not agree on the direction of is not one.
            let agrees = verdict == .slower ? interval.lower > 1 : verdict == .faster ? interval.upper < 1 : false
            if agrees { return (verdict, reason) }
        }
        // One-sided: what a gate must see is that no slowdown past the threshold hides in the interval.
        if interval.upper <= 1 + rule.threshold { return (.same, .withinTheThreshold) }
        return (.cannotTell, .reachesPastTheThreshold)
    }

    /// Slower or faster beyond `threshold`, else the same.
    static func beyond(ratio: Double, threshold: Double) -> (ComparisonVerdict, ComparisonReason) {
        if ratio > 1 + threshold { return (.slower, .changed) }
        if ratio < 1 - threshold { return (.faster, .changed) }
        return (.same, .withinTheThreshold)
    }
}
