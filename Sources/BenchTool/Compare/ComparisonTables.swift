import Foundation
import Harness

/// The tables of a comparison, built once for both text and markdown.
struct ComparisonTables {
    /// Every measurement both files have.
    var measurements: Table
    /// Measurements both files counted instructions for; `nil` when there are none.
    var instructions: Table?
    /// Measurements whose allocations per operation differ; `nil` when none do.
    var allocations: Table?
    /// Counts that differ; `nil` when none do.
    var counts: Table?
    /// One line on allocations: how many were compared, how many changed.
    var allocationsLine: String
    /// One line on counts: how many were compared, how many changed.
    var countsLine: String

    init(comparison: ResultsComparison, markdown: Bool = false) {
        let rule = comparison.rule
        measurements = Table(
            headers: ["measurement", "old", "new", "new/old [\(FigureText.compactPercent(rule.confidenceLevel)) CI]", "p (Holm)", "verdict"],
            rows: comparison.measurements.map { item in
                let threshold = item.basis == .instructions ? rule.instructionsThreshold : rule.threshold
                return [
                    item.key.label,
                    FigureText.duration(item.old.median, interval: item.old.medianInterval),
                    FigureText.duration(item.new.median, interval: item.new.medianInterval),
                    Self.ratio(item.ratio, interval: item.ratioInterval),
                    Self.pValue(item.adjustedPValue),
                    Self.verdict(item.verdict, item.basis, item.reason, threshold: threshold, rule: rule, markdown: markdown),
                ]
            })

        let counted = comparison.measurements.filter { $0.instructionsRatio != nil }
        instructions = counted.isEmpty ? nil : Table(
            headers: ["measurement", "old", "new", "new/old", "under other hash seeds", "verdict by time"],
            rows: counted.map { item in
                [
                    item.key.label,
                    item.old.instructionsPerOperation.map(FigureText.number) ?? "n/a",
                    item.new.instructionsPerOperation.map(FigureText.number) ?? "n/a",
                    Self.ratio(item.instructionsRatio, interval: nil),
                    Self.hashSpread(item),
                    Self.verdict(item.timeVerdict, ComparisonBasis(item.clock), item.timeReason, threshold: rule.threshold, rule: rule, markdown: markdown)
                        + Self.decides(item.instructionsDoubt, rule: rule),
                ]
            })

        (allocationsLine, allocations) = Self.allocations(comparison)

        let countsCompared = comparison.changedCounts.count + comparison.equalCounts
        countsLine = comparison.changedCounts.isEmpty
            ? "body re-runs: \(countsCompared) counts compared, all equal"
            : "body re-runs: \(comparison.changedCounts.count) of \(countsCompared) counts changed (each a regression)"
        counts = comparison.changedCounts.isEmpty ? nil : Table(
            headers: ["scenario", "strategy", "body", "old", "new"],
            rows: comparison.changedCounts.map {
                [$0.scenario, $0.strategy.rawValue, $0.body, FigureText.count($0.old), FigureText.count($0.new)]
            })
    }

    /// A verdict in words: `same (within +5%)`, `cannot tell (...)`, `slower by instructions`; in
    /// markdown a change found, or what keeps a gate from passing, in bold.
    private static func verdict(
        _ verdict: ComparisonVerdict, _ basis: ComparisonBasis, _ reason: ComparisonReason, threshold: Double, rule: ComparisonRule, markdown: Bool
    ) -> String {
        let text: String
        switch (verdict, reason) {
        case (.same, _): text = "same (within +\(FigureText.compactPercent(threshold)))"
        case (.cannotTell, .reachesPastTheThreshold): text = "cannot tell (interval past +\(FigureText.compactPercent(threshold)))"
        case (.cannotTell, _): text = "cannot tell (\(reason.rawValue))"
        case (.slower, .slowerInTimeAlone): text = "slower by \(basis.rawValue), instructions unmoved: memory, kernel or waiting"
        default: text = verdict.rawValue
        }
        let by = verdict == .cannotTell || reason == .slowerInTimeAlone ? "" : " by \(basis.rawValue)"
        // Bold is for a change found, and for what keeps a gate from passing.
        let marked = verdict != .same
        return markdown && marked ? "**\(text)\(by)**" : text + by
    }

    /// The line on allocations per operation, and the table of those that changed (nil when none did).
    private static func allocations(_ comparison: ResultsComparison) -> (String, Table?) {
        let allocationsCompared = comparison.measurements.filter { $0.allocations != nil }.count
        let changedAllocations = comparison.allocationChanges
        let line = changedAllocations.isEmpty
            ? "allocations per operation: \(allocationsCompared) compared, all equal"
            : "allocations per operation: \(changedAllocations.count) of \(allocationsCompared) changed"
        return (line, changedAllocations.isEmpty ? nil : Table(
            headers: ["measurement", "old", "new", "operations counted", "gates"],
            rows: changedAllocations.compactMap { item in
                item.allocations.map { change in
                    [
                        item.key.label, FigureText.perOperation(change.old), FigureText.perOperation(change.new),
                        "\(change.oldOperations) / \(change.newOperations)",
                        change.isExact ? (change.isRegression ? "yes: more" : "no: fewer") : "no: passes of unequal length",
                    ]
                }
            }))
    }

    /// `1.20× [1.18, 1.22]`, or `n/a` without a ratio.
    static func ratio(_ ratio: Double?, interval: ConfidenceInterval?) -> String {
        guard let ratio else { return "n/a" }
        guard let interval else { return FigureText.ratio(ratio) }
        return "\(FigureText.ratio(ratio)) [\(FigureText.number(interval.lower)), \(FigureText.number(interval.upper))]"
    }

    /// How far the counts moved under other hash seeds, the larger of the two files': `±9.4%`, `±0.22%`
    /// (two significant figures under 1 %, where the margin over it decides), `same` when neither moved
    /// past 0.1 %, `not probed` when neither counted again.
    static func hashSpread(_ item: MeasurementComparison) -> String {
        guard let widest = item.instructionsSpread else { return "not probed" }
        guard item.instructionsVaryWithHashing == true else { return "same" }
        return "±" + String(format: widest < 0.01 ? "%.2f" : "%.1f", widest * 100) + "%"
    }

    /// Why time's verdict is the one that stands, when the counts left it to time.
    static func decides(_ doubt: InstructionsDecision.Doubt?, rule: ComparisonRule) -> String {
        switch doubt {
        case nil: ""
        case .countsWander: " (decides: counts wander)"
        case .withinTheSpread: " (decides: change within \(rule.marginText) the spread)"
        case .tooFewSeeds: " (decides: spread under fewer than \(rule.leastSeedsToDecide) seeds)"
        case .countingMethodChanged: " (decides: counting method changed)"
        case .noSpread: " (decides: moved, no spread under other seeds)"
        }
    }

    /// Three decimals, or `<0.001`: a p-value's further digits carry no information here.
    static func pValue(_ p: Double) -> String {
        p < 0.001 ? "<0.001" : String(format: "%.3f", p)
    }
}
