/// Whether instructions per operation decide one comparison, and what they say when they do.
///
/// The counts decide unless their spread under other hash seeds leaves the change in doubt; the bands
/// are `ComparisonRule`'s. A function of the two counts, the spread and the rule alone: no sample and no
/// test enters it, since a count does not vary between runs of one build the way a timing does.
enum InstructionsDecision: Sendable, Equatable {
    /// The counts decide: this verdict, for this reason.
    case decides(ComparisonVerdict, ComparisonReason)
    /// The counts cannot tell, and wall time decides.
    case leavesItToWallTime(Doubt)

    /// Why a count cannot decide.
    enum Doubt: String, Sendable, Equatable, Codable {
        /// The spread under other hash seeds is wider than `ComparisonRule.widestDecidingSpread`.
        case countsWander = "the counts wander under other hash seeds"
        /// The change is neither clearly beyond the threshold nor clearly within it, given the spread.
        case withinTheSpread = "the change is within the margin of the spread under other hash seeds"
        /// The count moved under other seeds, and a file counted it under fewer than
        /// `ComparisonRule.leastSeedsToDecide` of them: too few to trust how far it moves.
        case tooFewSeeds = "a file counted it under too few other hash seeds"
        /// The files counted by different ways (`CountingMethod`), which move a count by themselves.
        case countingMethodChanged = "counting method changed"
        /// The count moved at the fixed seed, and neither file counted it under other hash seeds, so
        /// nothing says how far it moves with where hashed values land: neither build was at hand to
        /// count them on demand (`SeedsOnDemand`), or the comparison was told to count none.
        case noSpread = "the count moved, and neither file counted it under other hash seeds"
    }

    /// Decides a change in instructions against the threshold and the seed spread.
    ///
    /// A count that did not move at the fixed seed (by at most `MeasurementRecord.hashSensitivity`,
    /// what two runs of one build repeat to) is the same by instructions, whatever its spread (time
    /// still has its say: `MeasurementComparison`): the seeds say how far a count that moved can be
    /// believed, and no comparison needs them for one that did not. A count
    /// that moved is judged against its spread; with none, by the threshold alone only where it is too
    /// long to be counted again (`MeasurementRecord.longestCountedAgain`), else wall time decides.
    ///
    /// - Parameters:
    ///   - ratio: `instructions(NEW) / instructions(OLD)`.
    ///   - spread: The wider of the two files' spreads under other hash seeds (0.002 is ±0.2 %); `nil`
    ///     when neither file counted again.
    ///   - seeds: How many other seeds the file with fewer of them counted under (0 for a file that
    ///     did not count again).
    ///   - rule: The decision rule.
    ///   - tooLongToCountAgain: Whether both counts are past `MeasurementRecord.longestCountedAgain`,
    ///     which no file counts under other seeds; where only one is, the other could have been.
    init(ratio: Double, spread: Double?, seeds: Int, rule: ComparisonRule, tooLongToCountAgain: Bool = false) {
        let change = abs(ratio - 1)
        let (verdict, reason) = MeasurementComparison.beyond(ratio: ratio, threshold: rule.instructionsThreshold)
        guard change > MeasurementRecord.hashSensitivity else {
            self = .decides(.same, .withinTheThreshold)
            return
        }
        guard let spread else {
            self = tooLongToCountAgain ? .decides(verdict, reason) : .leavesItToWallTime(.noSpread)
            return
        }
        // At most what two runs of one build repeat to, the count is as deterministic as it gets: the
        // threshold alone judges it, as it always has (so files with such counts compare as before).
        guard spread > MeasurementRecord.hashSensitivity else {
            self = .decides(verdict, reason)
            return
        }
        guard spread <= rule.widestDecidingSpread else {
            self = .leavesItToWallTime(.countsWander)
            return
        }
        // Each build lands its hashed values in its own places, so each file's spread must rest on
        // enough seeds. Files counted before the band have two, and compare as they always did.
        guard seeds >= rule.leastSeedsToDecide else {
            self = .leavesItToWallTime(.tooFewSeeds)
            return
        }
        let margin = rule.seedSpreadMargin * spread
        if change > rule.instructionsThreshold && change > margin {
            self = .decides(verdict, reason)
        } else if change + margin <= rule.instructionsThreshold {
            self = .decides(.same, .withinTheThreshold)
        } else {
            self = .leavesItToWallTime(.withinTheSpread)
        }
    }

    /// Decides the change between two records' counts at the fixed hash seed, with their spreads under
    /// other seeds: what `MeasurementComparison` decides by instructions, without its wall-time figures.
    ///
    /// - Returns: `nil` unless both records counted instructions and OLD's count is positive.
    init?(old: MeasurementRecord, new: MeasurementRecord, rule: ComparisonRule) {
        guard let before = old.instructionsPerOperation, let after = new.instructionsPerOperation, before > 0 else { return nil }
        self.init(
            ratio: after / before, spread: Self.spread(old: old, new: new), seeds: Self.seeds(old: old, new: new) ?? 0, rule: rule,
            tooLongToCountAgain: min(before, after) > MeasurementRecord.longestCountedAgain)
    }

    /// The wider of two records' spreads under other hash seeds; `nil` when neither counted again.
    static func spread(old: MeasurementRecord, new: MeasurementRecord) -> Double? {
        [old.instructionsHashSpread, new.instructionsHashSpread].compactMap { $0 }.max()
    }

    /// How many other hash seeds the record with fewer of them counted under (0 for one that did not
    /// count again); `nil` when neither did.
    static func seeds(old: MeasurementRecord, new: MeasurementRecord) -> Int? {
        let seeds = [old, new].map { $0.instructionsUnderOtherHashSeeds?.count }
        return seeds.allSatisfy { $0 == nil } ? nil : seeds.map { $0 ?? 0 }.min()
    }

    /// The verdict and its reason, when the counts decide.
    var verdict: (ComparisonVerdict, ComparisonReason)? {
        if case .decides(let verdict, let reason) = self { return (verdict, reason) }
        return nil
    }

    /// Why wall time decides, when it does.
    var doubt: Doubt? {
        if case .leavesItToWallTime(let doubt) = self { return doubt }
        return nil
    }
}
