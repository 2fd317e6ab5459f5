import Harness

/// Two results files compared: OLD, a baseline, against NEW, what is judged.
///
/// Measurements are joined on name and strategy and judged by `ComparisonRule`; counts are joined on
/// scenario, strategy and body and compared exactly; allocations per operation are compared exactly
/// beside each measurement. What only one file has is listed, never judged. A comparison is a function
/// of the two files and the rule alone: the bootstrap is seeded, so it prints the same every time.
struct ResultsComparison: Sendable, Equatable, Encodable {
    /// What a comparison says about one of its files.
    struct FileDescription: Sendable, Equatable, Codable {
        /// The path as given.
        var path: String
        /// The commit the run measured.
        var commit: String
        /// Whether its tree was dirty.
        var dirtyTree: Bool?
        /// When it ran.
        var date: String
        /// `debug` or `release`.
        var buildConfiguration: String
        /// Whether it was a `--quick` run.
        var quick: Bool
        /// How many processes its measurements were taken in.
        var forks: Int

        init(path: String, results: ResultsFile) {
            self.path = path
            commit = results.environment.commit
            dirtyTree = results.environment.dirtyTree
            date = results.environment.date
            buildConfiguration = results.environment.buildConfiguration
            quick = results.options.quick
            forks = results.options.forks
        }
    }

    /// The file compared against (OLD): the baseline.
    var old: FileDescription
    /// The run judged against it.
    var new: FileDescription
    /// The rule the verdicts follow.
    var rule: ComparisonRule
    /// Why the two files may not be comparable, one line each; the comparison is made anyway.
    var warnings: [String]
    /// What was counted under other hash seeds for this comparison, and by which build, or why it
    /// could not be, one line each (`SeedNeeds`); empty when nothing needed it.
    var seedsCounted: [String] = []
    /// Every measurement both files have, in name order.
    var measurements: [MeasurementComparison]
    /// Measurements only NEW has, as labels.
    var addedMeasurements: [String]
    /// Measurements only OLD has, as labels.
    var removedMeasurements: [String]
    /// Counts both files have that differ.
    var changedCounts: [CountChange]
    /// How many counts both files have and agree on.
    var equalCounts: Int
    /// Counts only NEW has, as labels.
    var addedCounts: [String]
    /// Counts only OLD has, as labels.
    var removedCounts: [String]
    /// The speed probe's reading of a fast core over both files (`SlowCoreForks.fastCore(of:)`), against
    /// which forks of a slowed core were set aside; nil where neither file has readings.
    var fastCore: Double?

    /// Compares two results files.
    ///
    /// - Parameters:
    ///   - old: The baseline, and the path it was read from.
    ///   - new: The run judged, and its path.
    ///   - rule: The decision rule.
    ///   - setsAsideSlowCore: Whether forks whose speed probe read a slowed core are set aside from time
    ///     (`SlowCoreForks`), as every comparison does; false judges every fork, as before the probe, for a
    ///     replay to show what the rule changes.
    init(
        old: (path: String, results: ResultsFile), new: (path: String, results: ResultsFile), rule: ComparisonRule,
        setsAsideSlowCore: Bool = true
    ) {
        self.old = FileDescription(path: old.path, results: old.results)
        self.new = FileDescription(path: new.path, results: new.results)
        self.rule = rule

        let oldMeasurements = Dictionary(old.results.measurements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newMeasurements = Dictionary(new.results.measurements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let methodChanged = Self.countingMethodChanged(old: old.results, new: new.results)
        let fastCore = setsAsideSlowCore ? SlowCoreForks.fastCore(of: old.results.measurements + new.results.measurements) : nil
        self.fastCore = fastCore
        let measurements = MeasurementComparison.judgedTogether(
            oldMeasurements.keys.sorted().compactMap { key in
                newMeasurements[key].map {
                    MeasurementComparison(
                        old: oldMeasurements[key]!, new: $0, rule: rule, countingMethodChanged: methodChanged, fastCore: fastCore)
                }
            }, rule: rule)
        self.measurements = measurements
        warnings = Self.warnings(old: old.results, new: new.results, rule: rule, measurements: measurements)
        addedMeasurements = newMeasurements.keys.filter { oldMeasurements[$0] == nil }.sorted().map(\.label)
        removedMeasurements = oldMeasurements.keys.filter { newMeasurements[$0] == nil }.sorted().map(\.label)

        // A scenario about another operation in each file counts other bodies of other data: not compared.
        let moved = Self.movedSubjects(old: old.results, new: new.results)
        let compared = { (count: CountRecord) in !moved.contains { $0.role == JudgedSubject.role(of: count.scenario) } }
        for subject in moved {
            let skipped = Set(new.results.counts.filter { JudgedSubject.role(of: $0.scenario) == subject.role }.map(\.scenario)).count
            warnings.append(
                "the subjects differ: \(subject.role) is \(subject.old) (old) vs \(subject.new) (new): "
                    + "its \(skipped) scenario\(skipped == 1 ? "" : "s") count another operation, and their re-runs are not compared")
        }
        let oldCounts = Dictionary(old.results.counts.filter(compared).map { (CountKey($0), $0.reruns) }, uniquingKeysWith: { first, _ in first })
        let newCounts = Dictionary(new.results.counts.filter(compared).map { (CountKey($0), $0.reruns) }, uniquingKeysWith: { first, _ in first })
        let shared = oldCounts.keys.filter { newCounts[$0] != nil }.sorted()
        changedCounts = shared.compactMap { key in
            let (before, after) = (oldCounts[key]!, newCounts[key]!)
            guard before != after else { return nil }
            return CountChange(scenario: key.scenario, strategy: key.strategy, body: key.body, old: before, new: after)
        }
        equalCounts = shared.count - changedCounts.count
        addedCounts = newCounts.keys.filter { oldCounts[$0] == nil }.sorted().map(\.label)
        removedCounts = oldCounts.keys.filter { newCounts[$0] == nil }.sorted().map(\.label)
    }

    /// The roles both files picked an operation for, where the operations differ.
    static func movedSubjects(old: ResultsFile, new: ResultsFile) -> [(role: String, old: String, new: String)] {
        new.subjects.compactMap { subject in
            guard let before = old.subjects.first(where: { $0.role == subject.role }), before.operation != subject.operation else { return nil }
            return (subject.role, before.operation, subject.operation)
        }
    }

    // MARK: - Conclusions

    /// Measurements judged slower.
    var slower: [MeasurementComparison] { measurements.filter { $0.verdict == .slower } }

    /// Measurements judged faster.
    var faster: [MeasurementComparison] { measurements.filter { $0.verdict == .faster } }

    /// Measurements shown to be the same.
    var same: [MeasurementComparison] { measurements.filter { $0.verdict == .same } }

    /// Measurements that show neither a change nor the same: more forks may tell. Not a regression, but
    /// `--fail-on-regression` does not pass on them.
    var cannotTell: [MeasurementComparison] { measurements.filter { $0.verdict == .cannotTell } }

    /// Measurements whose allocations per operation differ, exact or not.
    var allocationChanges: [MeasurementComparison] {
        measurements.filter { $0.allocations?.isChanged == true }
    }

    /// Every regression `--fail-on-regression` fails on, one line each: a slower measurement, a changed
    /// count, more allocations per operation over passes of equal length.
    var regressions: [String] {
        slower.map { "\($0.key.label): " + ($0.isSlowerInTimeAlone ? ComparisonReason.slowerInTimeAlone.rawValue : "slower by \($0.basis.rawValue)") }
            + changedCounts.map { "\($0.label): re-runs \($0.old) -> \($0.new)" }
            + measurements.filter { $0.allocations?.isRegression == true }.map { "\($0.key.label): more allocations per operation" }
    }

    /// The exit status: with `failOnRegression`, 1 on a regression, else 3 where a measurement cannot
    /// tell (nothing is shown slower, and not everything is shown the same), else 0. Without it, 0.
    /// Improvements, additions and removals never fail.
    func exitStatus(failOnRegression: Bool) -> ExitStatus {
        guard failOnRegression else { return .success }
        return !regressions.isEmpty ? .failure : !cannotTell.isEmpty ? .tooNoisy : .success
    }

    private enum CodingKeys: String, CodingKey {
        case old, new, rule, warnings, seedsCounted, measurements, addedMeasurements, removedMeasurements, changedCounts,
            equalCounts, addedCounts, removedCounts, fastCore, regressions, cannotTell, cannotTellMeasurements
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(old, forKey: .old)
        try container.encode(new, forKey: .new)
        try container.encode(rule, forKey: .rule)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(seedsCounted, forKey: .seedsCounted)
        try container.encode(measurements, forKey: .measurements)
        try container.encode(addedMeasurements, forKey: .addedMeasurements)
        try container.encode(removedMeasurements, forKey: .removedMeasurements)
        try container.encode(changedCounts, forKey: .changedCounts)
        try container.encode(equalCounts, forKey: .equalCounts)
        try container.encode(addedCounts, forKey: .addedCounts)
        try container.encode(removedCounts, forKey: .removedCounts)
        try container.encodeIfPresent(fastCore, forKey: .fastCore)
        // Derived, written so a reader of the JSON need not re-derive it.
        try container.encode(regressions, forKey: .regressions)
        // How many measurements' verdict is "cannot tell", and which: what a gate runs again.
        try container.encode(cannotTell.count, forKey: .cannotTell)
        try container.encode(cannotTell.map(\.key), forKey: .cannotTellMeasurements)
    }
}
