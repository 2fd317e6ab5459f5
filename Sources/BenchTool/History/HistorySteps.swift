import Foundation
import Harness

/// Where the history's measurements stepped, and where a series of comparable runs begins anew.
///
/// For each measurement and shape the history shows, and each basis:
///
/// - **Instructions** at the fixed hash seed: each run that counted them is set against the last earlier
///   run that counted them with the same toolchain and build configuration (`EnvironmentField.instructions`),
///   and `InstructionsDecision` judges the change, as `bench compare` does: beyond
///   `ComparisonRule.instructionsThreshold`, unless the counts wander under other hash seeds.
/// - **Time**: each run that took the measurement in forks is set against the last earlier such run on
///   the same machine, toolchain, allocator and build (`EnvironmentField.wallTime`), and judged by
///   `MeasurementComparison`'s time verdict, as `bench compare` judges it: on the thread's CPU clock
///   where both runs recorded it (load stretches the monotonic clock, not the time the thread ran),
///   else on the monotonic clock; the ratio's interval over the forks' medians, the Mann-Whitney test
///   of the forks' medians (Holm-adjusted over every measurement the two files share, as a comparison
///   of the two files adjusts it), and the threshold. A step says its clock (`ComparisonBasis`). A run
///   measured in one process is left out of the series, since compare cannot tell a change there.
///   The change points are over the series the history plots, the runs' medians on the monotonic clock.
///
/// Nothing is claimed across runs of different environments: the first run of a new one starts its
/// series again, and is said as a `HistoryBreak`.
struct HistorySteps: Sendable, Equatable {
    /// Every step, in the order of the runs they are at, then of the history's measurements and shapes,
    /// instructions before wall time.
    var steps: [HistoryStep]
    /// Each run and basis whose series begins anew after earlier runs of another environment.
    var breaks: [HistoryBreak]
    /// The rule the steps were judged by.
    var rule: ComparisonRule
    /// Where each measurement's series of wall-time medians changes level over the whole series of
    /// comparable runs, in run order: what the pairs' steps say, less the steps an outlier makes.
    var changePoints: [HistoryChangePoint]

    /// The chance that a series of wall-time medians with no change is split (`ChangePoints`).
    static let changePointFalseAlarm = 0.01
    /// The fewest runs on each side of a change point.
    static let changePointMinimumRuns = 3

    /// Finds the steps of `history`'s measurements.
    ///
    /// - Parameters:
    ///   - history: The runs in commit order, and the measurements shown.
    ///   - rule: `bench compare`'s rule; its defaults unless told.
    /// - Complexity: One bootstrap of the ratio for each measurement of each pair of runs that the
    ///   cheaper parts of the rule (the ratio against the threshold, the rank test) do not already call
    ///   no change; the rank tests of every measurement the two files share, once a pair.
    init(_ history: History, rule: ComparisonRule = ComparisonRule()) {
        self.rule = rule
        let keys = history.names.flatMap { name in history.strategies(name).map { MeasurementKey(name: name, strategy: $0) } }
        var steps: [HistoryStep] = []
        var breaks: [HistoryBreak] = []
        var changePoints: [HistoryChangePoint] = []
        for basis in [ComparisonBasis.instructions, .wallTime] {
            let fields = basis == .instructions ? EnvironmentField.instructions : EnvironmentField.wallTime
            var pairs: [Pair] = []
            // Per run: whether any of its series went on from an earlier run, and the first break met.
            var continued = Set<Int>()
            var firstBreak: [Int: HistoryBreak] = [:]
            for key in keys {
                let series = history.runs.indices.filter { Self.has(basis, history.runs[$0].measurement(key.name, key.strategy)) }
                for (position, run) in series.enumerated() {
                    let earlier = series[..<position]
                    let environment = history.runs[run].results.environment
                    if let since = earlier.last(where: {
                        EnvironmentField.firstDifference(in: fields, history.runs[$0].results.environment, environment) == nil
                    }) {
                        continued.insert(run)
                        pairs.append(Pair(key: key, since: since, run: run))
                    } else if let nearest = earlier.last, firstBreak[run] == nil,
                        let field = EnvironmentField.firstDifference(in: fields, history.runs[nearest].results.environment, environment)
                    {
                        firstBreak[run] = HistoryBreak(
                            run: run, basis: basis, since: nearest, field: field.name, text: "not compared: \(field.difference)")
                    }
                }
            }
            switch basis {
            case .instructions: steps += pairs.compactMap { Self.instructionsStep($0, history, rule: rule) }
            case .wallTime, .threadCPU:
                steps += Self.timeSteps(pairs, history, rule: rule)
                changePoints += Self.changePoints(pairs, history)
            }
            breaks += firstBreak.values.filter { !continued.contains($0.run) }
        }
        let order = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let basisOrder = { (basis: ComparisonBasis) in basis == .instructions ? 0 : 1 }
        let stepOrder = { (step: HistoryStep) in (step.run, order[step.key] ?? 0, basisOrder(step.basis)) }
        self.steps = steps.sorted { stepOrder($0) < stepOrder($1) }
        self.breaks = breaks.sorted { ($0.run, basisOrder($0.basis)) < ($1.run, basisOrder($1.basis)) }
        self.changePoints = changePoints.sorted { ($0.run, order[$0.key] ?? 0) < ($1.run, order[$1.key] ?? 0) }
    }

    /// The steps at `run`.
    func steps(at run: Int) -> [HistoryStep] { steps.filter { $0.run == run } }

    // MARK: - Judging

    /// One measurement of a run set against the same measurement of an earlier run.
    private struct Pair {
        var key: MeasurementKey
        var since: Int
        var run: Int
    }

    /// Whether `record` has a figure of `basis` that a step can be judged on.
    private static func has(_ basis: ComparisonBasis, _ record: MeasurementRecord?) -> Bool {
        guard let record else { return false }
        switch basis {
        case .instructions: return record.instructionsPerOperation != nil
        case .wallTime, .threadCPU: return record.sampleGroups.count > 1
        }
    }

    private static func instructionsStep(_ pair: Pair, _ history: History, rule: ComparisonRule) -> HistoryStep? {
        guard let old = history.runs[pair.since].measurement(pair.key.name, pair.key.strategy),
            let new = history.runs[pair.run].measurement(pair.key.name, pair.key.strategy),
            let verdict = InstructionsDecision(old: old, new: new, rule: rule)?.verdict?.0,
            verdict == .slower || verdict == .faster,
            let before = old.instructionsPerOperation, let after = new.instructionsPerOperation
        else { return nil }
        return HistoryStep(
            key: pair.key, basis: .instructions, verdict: verdict, run: pair.run, since: pair.since, before: before, after: after,
            ratio: after / before, ratioInterval: nil)
    }

    /// The change points of each measurement's series of comparable runs: the runs `pairs` chains
    /// together, one series from each run no pair continues, over the logarithms of their medians.
    private static func changePoints(_ pairs: [Pair], _ history: History) -> [HistoryChangePoint] {
        var found: [HistoryChangePoint] = []
        let byKey = Dictionary(grouping: pairs, by: \.key)
        for (key, keyPairs) in byKey {
            let next = Dictionary(keyPairs.map { ($0.since, $0.run) }, uniquingKeysWith: { first, _ in first })
            let continued = Set(keyPairs.map(\.run))
            for start in next.keys.filter({ !continued.contains($0) }).sorted() {
                var series = [start]
                while let following = next[series.last!] { series.append(following) }
                let medians = series.map { history.runs[$0].measurement(key.name, key.strategy)!.summary.median }
                guard medians.allSatisfy({ $0 > 0 }) else { continue }
                let logs = medians.map { log($0) }
                let points = ChangePoints(logs, falseAlarm: changePointFalseAlarm, minimumSegment: changePointMinimumRuns)
                let bounds = [0] + points.indices + [series.count]
                func level(_ range: Range<Int>) -> Double { exp(logs[range].reduce(0, +) / Double(range.count)) }
                for (position, index) in points.indices.enumerated() {
                    found.append(
                        HistoryChangePoint(
                            key: key, run: series[index], since: series[index - 1], before: level(bounds[position]..<index),
                            after: level(index..<bounds[position + 2]), pValue: points.pValues[position]))
                }
            }
        }
        return found
    }

    /// The time steps of `pairs`: each pair of runs' p-values Holm-adjusted over every measurement the
    /// two files share, as `ResultsComparison` adjusts them, then compare's time verdict, each on the
    /// clock compare judges it on.
    private static func timeSteps(_ pairs: [Pair], _ history: History, rule: ComparisonRule) -> [HistoryStep] {
        var adjusted: [[Int]: [MeasurementKey: Double]] = [:]
        // The speed probe's fast core of each pair of runs, nil inside where they have no readings.
        var fastCores: [[Int]: Double?] = [:]
        var steps: [HistoryStep] = []
        for pair in pairs {
            guard let old = history.runs[pair.since].measurement(pair.key.name, pair.key.strategy),
                let new = history.runs[pair.run].measurement(pair.key.name, pair.key.strategy)
            else { continue }
            let clock = MeasurementComparison.clock(old: old, new: new)
            let runs = [pair.since, pair.run]
            if fastCores[runs] == nil {
                fastCores[runs] = .some(
                    SlowCoreForks.fastCore(of: history.runs[pair.since].results.measurements + history.runs[pair.run].results.measurements))
            }
            let fastCore = fastCores[runs]!
            let medians = [old, new].map { record in
                fastCore.map { ForkMedians.median(of: SlowCoreForks.judgedGroups(record, on: clock, fastCore: $0)) }
                    ?? MeasurementComparison.Side.median(of: record, on: clock)
            }
            guard medians[0] > 0 else { continue }
            // The interval is the costly part: it is drawn only where the medians' ratio is beyond the
            // threshold and the adjusted rank test significant, since the verdict is no change otherwise.
            guard abs(medians[1] / medians[0] - 1) > rule.threshold else { continue }
            if adjusted[runs] == nil {
                adjusted[runs] = adjustedPValues(old: history.runs[pair.since].results, new: history.runs[pair.run].results, fastCore: fastCore)
            }
            guard let pValue = adjusted[runs]?[pair.key], pValue < rule.significanceLevel else { continue }
            var comparison = MeasurementComparison(old: old, new: new, rule: rule, clock: clock, fastCore: fastCore)
            comparison.judge(adjustedPValue: pValue, rule: rule)
            let verdict = comparison.timeVerdict
            guard verdict == .slower || verdict == .faster, let ratio = comparison.ratio else { continue }
            steps.append(
                HistoryStep(
                    key: pair.key, basis: ComparisonBasis(clock), verdict: verdict, run: pair.run, since: pair.since,
                    before: comparison.old.median, after: comparison.new.median, ratio: ratio, ratioInterval: comparison.ratioInterval))
        }
        return steps
    }

    /// Each measurement both files have, with its rank test's p-value Holm-adjusted over all of them,
    /// the forks of a slowed core set aside (`SlowCoreForks`) where `fastCore` is given.
    private static func adjustedPValues(old: ResultsFile, new: ResultsFile, fastCore: Double?) -> [MeasurementKey: Double] {
        let oldRecords = Dictionary(old.measurements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let newRecords = Dictionary(new.measurements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let shared = oldRecords.keys.filter { newRecords[$0] != nil }.sorted()
        let pValues = shared.map { key in
            let (old, new) = (oldRecords[key]!, newRecords[key]!)
            let clock = MeasurementComparison.clock(old: old, new: new)
            return MeasurementComparison.rankTest(
                old: SlowCoreForks.judgedGroups(old, on: clock, fastCore: fastCore),
                new: SlowCoreForks.judgedGroups(new, on: clock, fastCore: fastCore)
            ).0.pValue
        }
        return Dictionary(uniqueKeysWithValues: zip(shared, Statistics.holmAdjusted(pValues)))
    }
}
