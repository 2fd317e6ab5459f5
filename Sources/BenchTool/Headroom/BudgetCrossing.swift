/// Where a fitted cost reaches a budget, as a size of the curve's `x`, with the interval the fit's
/// bootstrap gives it, said within what was measured.
///
/// The line `cost = intercept + slope × N` reaches `budget` at `N = (budget − intercept) / slope` when
/// it grows; a line that does not grow never reaches it from below (`+∞`), and one already over it
/// never leaves it (`−∞`). What the report says follows from the estimate and the sizes measured:
/// - at or below the smallest measured N: the budget is already spent there;
/// - within the sizes measured: the N, with its interval;
/// - past the largest measured N: no frame spent within what was measured, and how much of the budget
///   the largest N measured took; and only where the line reaches the budget within 10× the largest N
///   measured, that N too, said as an extrapolation and how far. A near-flat line carried further says
///   nothing a reader can trust, so no figure is given for it.
struct BudgetCrossing: Sendable, Equatable {
    /// What the crossing says, in words a report prints.
    enum Finding: String, Sendable, Equatable {
        /// The fitted cost is at or over the budget at the smallest measured N already.
        case spentAtSmallest = "spent-at-smallest"
        /// The fitted cost reaches the budget between the smallest and the largest N measured.
        case reached
        /// The fitted cost does not reach the budget within the sizes measured, or never does.
        case beyondMeasured = "beyond-measured"
    }

    /// An interval of crossings; either bound may be `±∞`.
    struct Interval: Sendable, Equatable {
        /// The lower bound.
        var lower: Double
        /// The upper bound.
        var upper: Double
    }

    /// How far past the largest measured N a crossing may be extrapolated, at most.
    static let extrapolationFactor = 10.0

    /// The budget reached.
    var budget: FrameBudget
    /// Where the fit through the points' medians reaches it: `+∞` never, `−∞` over it everywhere.
    var estimate: Double
    /// The percentile interval of the crossing over the bootstrap's fits, bounds `±∞` where resampled
    /// lines never reach the budget or are over it everywhere; nil when the points' samples were not
    /// at hand (a file that does not hold a point's measurement).
    var interval: Interval?
    /// The smallest and largest N measured.
    var measured: ClosedRange<Double>
    /// The median cost measured at the largest N, in nanoseconds; nil when the file does not hold it.
    var costAtLargest: Double?

    /// Where `cost = intercept + slope × N` reaches `budget`: `+∞` when it never does from below,
    /// `−∞` when it is at or over the budget for every N.
    static func crossing(slope: Double, intercept: Double, budget: Double) -> Double {
        if slope > 0 { return (budget - intercept) / slope }
        return intercept >= budget ? -.infinity : .infinity
    }

    /// What the estimate says.
    var finding: Finding {
        if estimate <= measured.lowerBound { return .spentAtSmallest }
        if estimate > measured.upperBound { return .beyondMeasured }
        return .reached
    }

    /// The furthest N a crossing is extrapolated to: 10× the largest N measured.
    var extrapolationLimit: Double { Self.extrapolationFactor * measured.upperBound }

    /// Whether the crossing lies past the sizes measured but within 10× the largest, where it is given
    /// as an extrapolation.
    var isExtrapolated: Bool {
        finding == .beyondMeasured && estimate <= extrapolationLimit
    }

    /// The crossing in words: `33.3 [31.0, 35.9]`, `82.8 [71.0, > 100]`, `spent at 1.00 [≤ 1.00, 1.40]`,
    /// `spent at 1.00` when the whole interval is too, `not within the 100 measured (22 % of the frame
    /// at 100)`, and past that `; extrapolated 5.88× past it: 588 [271, > 1000]`.
    var text: String {
        switch finding {
        case .spentAtSmallest:
            // An interval wholly at or below the smallest N adds nothing to the words either.
            let upperBelow = interval.map { $0.upper <= measured.lowerBound } ?? true
            return "spent at \(FigureText.number(measured.lowerBound))" + (upperBelow ? "" : bounds(upTo: measured.upperBound))
        case .reached:
            return FigureText.number(estimate) + bounds(upTo: measured.upperBound)
        case .beyondMeasured:
            return "not within the \(FigureText.number(measured.upperBound)) measured" + (shareText.map { " (\($0))" } ?? "")
                + (extrapolationText.map { "; \($0)" } ?? "")
        }
    }

    /// `22.0 % of the frame at 100`: how much of the budget the largest N measured took, for a crossing
    /// beyond what was measured; nil otherwise, or when the file does not hold that N's median.
    var shareText: String? {
        guard finding == .beyondMeasured, let costAtLargest else { return nil }
        return "\(FigureText.percent(costAtLargest / budget.nanoseconds)) of the frame at \(FigureText.number(measured.upperBound))"
    }

    /// `extrapolated 5.88× past it: 588 [271, > 1000]`: the crossing beyond what was measured, within 10×
    /// the largest N measured; nil for any other.
    var extrapolationText: String? {
        guard isExtrapolated else { return nil }
        return "extrapolated \(FigureText.ratio(estimate / measured.upperBound)) past it: \(FigureText.number(estimate))"
            + bounds(upTo: extrapolationLimit)
    }

    /// ` [71.0, > 100]`: the interval, its bounds held to the smallest N measured and to `top`.
    private func bounds(upTo top: Double) -> String {
        guard let interval else { return "" }
        func bound(_ value: Double) -> String {
            if value <= measured.lowerBound { return "≤ \(FigureText.number(measured.lowerBound))" }
            if value > top { return "> \(FigureText.number(top))" }
            return FigureText.number(value)
        }
        return " [\(bound(interval.lower)), \(bound(interval.upper))]"
    }

    /// `22 %`, `0.4 %`.
}
