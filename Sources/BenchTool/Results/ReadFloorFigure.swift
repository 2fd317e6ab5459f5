import Harness

/// One figure of the section "reads at Observation's floor": the model's read over Observation's own,
/// beside its goal.
///
/// A goal is not a limit: it is not in the limits file, it does not gate and moves no decision. Its
/// `verdict` says whether this run's figure meets it, in the terms a limit's would: `pass` when the
/// whole interval meets it (the value, for a count without one), `fail` when none does, `undecided`
/// when the interval straddles it, `indicative` in a `--quick` run, `notJudged` when the run lacks a
/// figure it needs or timed a debug build.
public struct ReadFloorFigure: Sendable, Equatable, Codable {
    /// A stable identifier: `untracked-read`, `tracked-read`, `allocations-per-read`,
    /// `tracked-allocations-beyond-observable`, `walk-instructions-per-slot`.
    public var id: String
    /// What is divided by what, in words.
    public var description: String
    /// `ratio` for a quotient of two figures, `count` for allocations per read.
    public var unit: LimitUnit
    /// The figure; nil when the run lacks what it needs.
    public var value: Double?
    /// The figure's interval; nil for a count, and for instruction counts that were not counted again
    /// under other hash seeds.
    public var interval: ConfidenceInterval?
    /// How the figure must compare with `goal`.
    public var comparison: Comparison
    /// The goal, in `unit`.
    public var goal: Double
    /// Whether this run's figure meets the goal.
    public var verdict: LimitOutcome
    /// The figures behind it, or why there are none.
    public var reason: String

    /// A figure as `ReadFloor.figures` judges it against its goal; `value` and `interval` are nil where
    /// the run measured none of it.
    public init(
        id: String, description: String, unit: LimitUnit, value: Double?, interval: ConfidenceInterval?,
        comparison: Comparison, goal: Double, verdict: LimitOutcome, reason: String
    ) {
        self.id = id
        self.description = description
        self.unit = unit
        self.value = value
        self.interval = interval
        self.comparison = comparison
        self.goal = goal
        self.verdict = verdict
        self.reason = reason
    }

    /// The goal as a report prints it: `≤ 1.50×`, `≤ 0`.
    public var goalText: String { "\(comparison.symbol) \(FigureText.threshold(goal, unit: unit))" }

    /// The figure as a report prints it: `1.24× [1.22, 1.26]`, `0`, or `—`.
    public var valueText: String {
        guard let value else { return "—" }
        let figure = unit == .ratio ? FigureText.ratio(value) : FigureText.perOperation(value)
        guard let interval else { return figure }
        return "\(figure) [\(FigureText.number(interval.lower)), \(FigureText.number(interval.upper))]"
    }
}
