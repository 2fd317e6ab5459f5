import Harness

/// How far a limit's figure is from turning its verdict: from the far end of its interval (the value
/// itself, for a count) to the threshold, signed so that room to spare is positive and a miss is
/// negative.
///
/// The far end is the end a pass would lose first: the upper end of a limit that bounds from above,
/// the lower of one that bounds from below. A pass with a headroom of +2 % passes as long as the far
/// end does not move 2 % of the threshold; a fail of −40 % is 40 % of the threshold out.
struct Headroom: Sendable, Equatable, Codable {
    /// The threshold minus the far end (the far end minus the threshold, for a bound from below), in
    /// the limit's unit.
    var amount: Double
    /// `amount` over the threshold; nil when the threshold is 0 (a count of extra re-runs), whose
    /// headroom is said as `amount` alone.
    var fraction: Double?

    /// A headroom as recorded; `init(value:interval:threshold:comparison:)` works one out. `fraction` is
    /// `amount` over the threshold's size, nil only for a threshold of 0.
    init(amount: Double, fraction: Double?) {
        self.amount = amount
        self.fraction = fraction
    }

    /// The headroom of a figure against `threshold` under `comparison`.
    ///
    /// - Parameters:
    ///   - value: The figure judged.
    ///   - interval: Its interval, for a timing; nil for a count, whose value is exact.
    ///   - threshold: What the figure is held to.
    ///   - comparison: How it must compare.
    init(value: Double, interval: ConfidenceInterval?, threshold: Double, comparison: Comparison) {
        let lower = interval?.lower ?? value
        let upper = interval?.upper ?? value
        let amount: Double
        switch comparison {
        case .lessThan, .lessThanOrEqualTo: amount = threshold - upper
        case .greaterThan, .greaterThanOrEqualTo: amount = lower - threshold
        case .equalTo: amount = -Swift.max(abs(upper - threshold), abs(lower - threshold))
        }
        self.init(amount: amount, fraction: threshold == 0 ? nil : amount / abs(threshold))
    }

    /// The headroom as a report prints it: `+2.9 %` of the threshold, or the amount in the limit's unit
    /// where the threshold is 0 (`0 re-runs`).
    func text(unit: LimitUnit) -> String {
        if let fraction { return (fraction >= 0 ? "+" : "−") + "\(FigureText.number(abs(fraction) * 100)) %" }
        switch unit {
        case .count: return (amount > 0 ? "+" : amount < 0 ? "−" : "") + "\(FigureText.perOperation(abs(amount))) re-run\(abs(amount) == 1 ? "" : "s")"
        case .nanoseconds: return (amount >= 0 ? "+" : "−") + FigureText.duration(abs(amount))
        case .ratio: return (amount >= 0 ? "+" : "−") + FigureText.number(abs(amount))
        }
    }
}
