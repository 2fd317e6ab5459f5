import Harness

/// One figure of the section "reads at Observation's floor": the model's read over Observation's own,
/// beside its goal.
///
/// A goal is not a limit: it is not in the limits file, it does not gate and moves no decision. Its
/// `verdict` says whether this run's figure meets it, in the terms a limit's would: `pass` when the
/// whole interval meets it (the value, for a count without one), `fail` when none does, `undecided`
/// when the interval straddles it, `indicative` in a `--quick` run, `notJudged` when the run lacks a
/// figure it needs or timed a debug build.
struct ReadFloorFigure: Sendable, Equatable, Codable {
    /// A stable identifier: `untracked-read`, `tracked-read`, `allocations-per-read`,
    /// `tracked-allocations-beyond-observable`, `walk-instructions-per-slot`.
    var id: String
    /// What is divided by what, in words.
    var description: String
    /// `ratio` for a quotient of two figures, `count` for allocations per read.
    var unit: LimitUnit
    /// The figure; nil when the run lacks what it needs.
    var value: Double?
    /// The figure's interval; nil for a count, and for instruction counts that were not counted again
    /// under other hash seeds.
    var interval: ConfidenceInterval?
    /// How the figure must compare with `goal`.
    var comparison: Comparison
    /// The goal, in `unit`.
    var goal: Double
    /// Whether this run's figure meets the goal.
    var verdict: LimitOutcome
    /// The figures behind it, or why there are none.
    var reason: String

    /// The goal as a report prints it: `≤ 1.50×`, `≤ 0`.
    var goalText: String { "\(comparison.symbol) \(FigureText.threshold(goal, unit: unit))" }

    /// The figure as a report prints it: `1.24× [1.22, 1.26]`, `0`, or `—`.
    var valueText: String {
        guard let value else { return "—" }
        let figure = unit == .ratio ? FigureText.ratio(value) : FigureText.perOperation(value)
        guard let interval else { return figure }
        return "\(figure) [\(FigureText.number(interval.lower)), \(FigureText.number(interval.upper))]"
    }
}
