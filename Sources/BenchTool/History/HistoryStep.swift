import Harness

/// A commit where a measurement's series stepped: its figure in one run differs, by `bench compare`'s
/// rule, from the figure of the last earlier run it can be set against.
///
/// A step is at the later run's commit, though the change may have come with any commit after the
/// earlier run's: the history holds only the commits someone ran the bench on. `bench bisect` narrows a
/// step in instructions to one commit.
struct HistoryStep: Sendable, Equatable {
    /// The measurement that stepped.
    var key: MeasurementKey
    /// What stepped: instructions per operation at the fixed hash seed, or the time median on the clock
    /// compare judged it on (CPU time where both runs recorded it, else wall time).
    var basis: ComparisonBasis
    /// `slower` (more instructions, or more time) or `faster`.
    var verdict: ComparisonVerdict
    /// The run the step is at, as an index into `History.runs`.
    var run: Int
    /// The earlier run it was set against, as an index into `History.runs`.
    var since: Int
    /// The figure in the earlier run: instructions per operation, or nanoseconds.
    var before: Double
    /// The figure in the later run.
    var after: Double
    /// `after / before`.
    var ratio: Double
    /// The interval of `ratio`, for a step in time.
    var ratioInterval: ConfidenceInterval?

    /// The change as the history writes it: `1.20× [1.15, 1.26] slower` in time, `1.05× slower`
    /// in instructions.
    var changeText: String {
        let interval = ratioInterval.map { " [\(FigureText.number($0.lower)), \(FigureText.number($0.upper))]" } ?? ""
        return "\(FigureText.ratio(ratio))\(interval) \(verdict.rawValue)"
    }

    /// A figure of this step's basis as the history writes it: a duration, or a count of instructions.
    func figureText(_ value: Double) -> String {
        basis == .instructions ? FigureText.number(value) : FigureText.duration(value)
    }
}
