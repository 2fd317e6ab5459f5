/// Which measurements of two results files a comparison needs counted under other hash seeds, on which
/// side: those whose fixed-seed count moved, and whose spread a file lacks.
///
/// The seeds say how far a count that moved can be believed (`ComparisonRule`); a count that did not
/// move at the fixed seed needs none (`InstructionsDecision`). A side needs seeds for a measurement when
/// the count moved by more than `MeasurementRecord.hashSensitivity` between the files, that side's
/// count is short enough to be counted again (`MeasurementRecord.longestCountedAgain`), and it has fewer
/// than the schedule of `bench --instructions --seeds 6` gives it: two, then six where the count moved
/// a little under those two (over `movedSpreadFloor`, at most `ComparisonRule.widestDecidingSpread`).
/// None is needed where the other side's seeds already show the count wandering (past the widest
/// deciding spread): wall time decides there whatever more seeds would show.
struct SeedNeeds: Sendable, Equatable {
    /// OLD's measurements to count, in OLD's order.
    var old: [MeasurementKey]
    /// NEW's measurements to count, in NEW's order.
    var new: [MeasurementKey]

    /// Whether nothing needs counting.
    var isEmpty: Bool { old.isEmpty && new.isEmpty }

    /// The least spread under the first two seeds that sends a count to six: 0.01 %, past a count's
    /// own rounding. `InstructionPass.Counts.needsMoreSeeds` is the same test.
    static let movedSpreadFloor = 0.0001

    /// How many other seeds a count is first counted under: 2.
    static let firstSeeds = 2

    /// What the comparison of `old` with `new` needs counted; nothing where the files counted by
    /// different methods, since wall time decides there (`InstructionsDecision.Doubt.countingMethodChanged`).
    init(old: ResultsFile, new: ResultsFile, rule: ComparisonRule = ComparisonRule()) {
        guard old.countingMethod == new.countingMethod else {
            self.old = []
            self.new = []
            return
        }
        let newByKey = Dictionary(new.measurements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var oldKeys: Set<MeasurementKey> = []
        var newKeys: Set<MeasurementKey> = []
        for record in old.measurements {
            guard let other = newByKey[record.key] else { continue }
            let (countOld, countNew) = Self.sides(old: record, new: other, rule: rule)
            if countOld { oldKeys.insert(record.key) }
            if countNew { newKeys.insert(record.key) }
        }
        self.old = old.measurements.map(\.key).filter(oldKeys.contains)
        self.new = new.measurements.map(\.key).filter(newKeys.contains)
    }

    /// Whether OLD's and NEW's records of one measurement need counting under other seeds.
    static func sides(old: MeasurementRecord, new: MeasurementRecord, rule: ComparisonRule) -> (old: Bool, new: Bool) {
        guard let before = old.instructionsPerOperation, let after = new.instructionsPerOperation, before > 0,
            abs(after / before - 1) > MeasurementRecord.hashSensitivity
        else { return (false, false) }
        let wanders = [old, new].contains { record in
            (record.instructionsUnderOtherHashSeeds?.count ?? 0) >= Self.firstSeeds
                && (record.instructionsHashSpread ?? 0) > rule.widestDecidingSpread
        }
        guard !wanders else { return (false, false) }
        return (before <= MeasurementRecord.longestCountedAgain && needsMore(old, rule: rule),
                after <= MeasurementRecord.longestCountedAgain && needsMore(new, rule: rule))
    }

    /// Whether `record` has fewer seeds than the schedule gives its count.
    static func needsMore(_ record: MeasurementRecord, rule: ComparisonRule) -> Bool {
        needsMore(fixed: record.instructionsPerOperation ?? 0, others: record.instructionsUnderOtherHashSeeds ?? [], rule: rule)
    }

    /// Whether a count of `fixed` at the fixed seed, counted under other seeds as `others`, has fewer
    /// of them than the schedule gives it.
    static func needsMore(fixed: Double, others: [Double], rule: ComparisonRule) -> Bool {
        guard others.count >= Self.firstSeeds, let spread = MeasurementRecord.hashSpread(fixed: fixed, others: others) else { return true }
        return others.count < rule.leastSeedsToDecide && spread > Self.movedSpreadFloor && spread <= rule.widestDecidingSpread
    }
}
