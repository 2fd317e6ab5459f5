/// Where a fitted cost reaches a budget, as a size of the curve's `x`, with the interval the fit's
/// bootstrap gives it.
///
/// The line `cost = intercept + slope × N` reaches `budget` at `N = (budget − intercept) / slope` when
/// it grows; a line that does not grow never reaches it from below (`+∞`), and one already over it
/// never leaves it (`−∞`). What the report says follows from the estimate:
/// - at or below the smallest measured N: the budget is already spent there;
/// - past `horizon` (10,000) or never: "not within N = 10,000", which is what a curve flat within its
///   interval gives;
/// - otherwise the N, marked "extrapolated" when it lies past 10× the largest measured N.
public struct BudgetCrossing: Sendable, Equatable {
    /// What the crossing says, in words a report prints.
    public enum Finding: String, Sendable, Equatable {
        /// The fitted cost is at or over the budget at the smallest measured N already.
        case spentAtSmallest = "spent-at-smallest"
        /// The fitted cost reaches the budget at an N between the smallest measured and the horizon.
        case reached
        /// The fitted cost does not reach the budget by the horizon, or never does.
        case notWithinHorizon = "not-within-horizon"
    }

    /// An interval of crossings; either bound may be `±∞`.
    public struct Interval: Sendable, Equatable {
        /// The lower bound.
        public var lower: Double
        /// The upper bound.
        public var upper: Double
    }

    /// The largest N the report looks to: past it a crossing is "not within N = 10,000".
    public static let horizon = 10_000.0
    /// How far past the largest measured N a crossing may lie before it is called extrapolated.
    public static let extrapolationFactor = 10.0

    /// The budget reached.
    public var budget: FrameBudget
    /// Where the fit through the points' medians reaches it: `+∞` never, `−∞` over it everywhere.
    public var estimate: Double
    /// The percentile interval of the crossing over the bootstrap's fits, bounds `±∞` where resampled
    /// lines never reach the budget or are over it everywhere; nil when the points' samples were not
    /// at hand (a file that does not hold a point's measurement).
    public var interval: Interval?
    /// The smallest and largest N measured.
    public var measured: ClosedRange<Double>

    /// A crossing as `CurveHeadroom` works it out: `estimate` and `interval` are sizes N, `±∞` allowed
    /// (`crossing(slope:intercept:budget:)`), and `measured` spans the fit's points.
    public init(budget: FrameBudget, estimate: Double, interval: Interval?, measured: ClosedRange<Double>) {
        self.budget = budget
        self.estimate = estimate
        self.interval = interval
        self.measured = measured
    }

    /// Where `cost = intercept + slope × N` reaches `budget`: `+∞` when it never does from below,
    /// `−∞` when it is at or over the budget for every N.
    public static func crossing(slope: Double, intercept: Double, budget: Double) -> Double {
        if slope > 0 { return (budget - intercept) / slope }
        return intercept >= budget ? -.infinity : .infinity
    }

    /// What the estimate says.
    public var finding: Finding {
        if estimate <= measured.lowerBound { return .spentAtSmallest }
        if estimate > Self.horizon { return .notWithinHorizon }
        return .reached
    }

    /// Whether a reached crossing lies past 10× the largest measured N, where the line is extrapolated.
    public var isExtrapolated: Bool {
        finding == .reached && estimate > Self.extrapolationFactor * measured.upperBound
    }

    /// The crossing in words: `33.3 [31.0, 35.9]`, `2417 [1903, > 10000] (extrapolated)`,
    /// `not within 10000`, `spent at 1.00 [≤ 1.00, 1.40]`, `spent at 1.00` when the whole interval is too.
    public var text: String {
        let bounds = interval.map { " [\(Self.bound($0.lower, measured)), \(Self.bound($0.upper, measured))]" } ?? ""
        switch finding {
        case .spentAtSmallest:
            // An interval wholly at or below the smallest N adds nothing to the words either.
            let upperBelow = interval.map { $0.upper <= measured.lowerBound } ?? true
            return "spent at \(FigureText.number(measured.lowerBound))" + (upperBelow ? "" : bounds)
        case .notWithinHorizon:
            // An interval wholly past the horizon adds nothing to the words.
            let lowerPast = interval.map { $0.lower > Self.horizon } ?? true
            return "not within \(FigureText.number(Self.horizon))" + (lowerPast ? "" : bounds)
        case .reached:
            return FigureText.number(estimate) + bounds + (isExtrapolated ? " (extrapolated)" : "")
        }
    }

    private static func bound(_ value: Double, _ measured: ClosedRange<Double>) -> String {
        if value <= measured.lowerBound { return "≤ \(FigureText.number(measured.lowerBound))" }
        if value > horizon { return "> \(FigureText.number(horizon))" }
        return FigureText.number(value)
    }
}
