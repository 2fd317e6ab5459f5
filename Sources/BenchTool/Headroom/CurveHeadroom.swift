import Foundation
import Harness

/// How far one fitted curve of one shape carries before it spends a frame: where its fitted cost
/// reaches each of `FrameBudget.reported`, and the fitted cost's interval along the way, for plots.
///
/// The interval comes from the points' own samples: a two-stage bootstrap over the curve's forks
/// (`Statistics.bootstrapMedians(ofGroups:resamples:seed:)`, the same forks drawn for every point, as
/// the bench measures a curve's points in each fork), a line fitted through each resample's medians,
/// and the percentiles of where those lines reach the budget. The seed is fixed, so a report of one
/// results file is the same every time it is rendered.
struct CurveHeadroom: Sendable, Equatable {
    /// The fitted cost's interval at one size, for the plot's band.
    struct BandPoint: Sendable, Equatable, Encodable {
        /// The size, in the curve's unit.
        var x: Double
        /// The fitted cost there, in nanoseconds.
        var fitted: Double
        /// The interval's bounds over the bootstrap's lines, in nanoseconds.
        var lower: Double
        var upper: Double
    }

    /// The curve and its fit.
    var fit: FitRecord
    /// Where the fit reaches each reported budget, in `FrameBudget.reported`'s order.
    var crossings: [BudgetCrossing]
    /// The fitted cost and its interval from the smallest measured size to 10× the largest (as far as a
    /// crossing is extrapolated), at sizes evenly spaced on a log scale; empty when the points' samples
    /// were not at hand.
    var band: [BandPoint]

    /// The interval's confidence level.
    static let level = 0.95
    /// How many sizes the band is given at.
    static let bandSizes = 33

    /// The headroom of `fit`, its points' samples read from `results`.
    ///
    /// - Parameters:
    ///   - fit: A fit of `results`, at least two distinct sizes.
    ///   - results: The file the fit's points were measured in.
    ///   - resamples: How many bootstrap resamples the interval rests on.
    ///   - seed: The resampling stream's seed.
    init(_ fit: FitRecord, in results: ResultsFile, resamples: Int = 2000, seed: UInt64 = 0x5EED) {
        let groups = fit.points.map { results.measurement(of: $0, in: fit)?.sampleGroups }
        self.init(fit, sampleGroups: groups.contains { $0 == nil } ? nil : groups.map { $0! }, resamples: resamples, seed: seed)
    }

    /// The headroom of `fit`, given each point's samples by fork (in the fit's point order), or nil
    /// for a crossing without an interval.
    init(_ fit: FitRecord, sampleGroups: [[[Double]]]?, resamples: Int = 2000, seed: UInt64 = 0x5EED) {
        self.fit = fit
        let xs = fit.points.map(\.x)
        let measured = xs.min()!...xs.max()!
        let costAtLargest = fit.points.last { $0.x == measured.upperBound }?.y
        let lines: [LinearFit]? = sampleGroups.map { groups in
            Statistics.bootstrapMedians(ofGroups: groups, resamples: resamples, seed: seed)
                .map { Statistics.linearFit(x: xs, y: $0) }
        }
        let tail = (1 - Self.level) / 2
        crossings = FrameBudget.reported.map { budget in
            let estimate = BudgetCrossing.crossing(slope: fit.slope, intercept: fit.intercept, budget: budget.nanoseconds)
            let interval = lines.map { lines in
                let resampled = lines.map { BudgetCrossing.crossing(slope: $0.slope, intercept: $0.intercept, budget: budget.nanoseconds) }.sorted()
                return BudgetCrossing.Interval(
                    lower: Self.percentile(tail, ofSorted: resampled), upper: Self.percentile(1 - tail, ofSorted: resampled))
            }
            return BudgetCrossing(budget: budget, estimate: estimate, interval: interval, measured: measured, costAtLargest: costAtLargest)
        }
        guard let lines, measured.lowerBound > 0 else {
            band = []
            return
        }
        let top = crossings[0].extrapolationLimit
        band = (0..<Self.bandSizes).map { index in
            let x = measured.lowerBound * pow(top / measured.lowerBound, Double(index) / Double(Self.bandSizes - 1))
            let costs = lines.map { $0.intercept + $0.slope * x }.sorted()
            return BandPoint(
                x: x, fitted: fit.intercept + fit.slope * x, lower: Self.percentile(tail, ofSorted: costs),
                upper: Self.percentile(1 - tail, ofSorted: costs))
        }
    }

    /// The type-7 percentile of sorted values that may be `±∞`: between two equal values it is that
    /// value, so two infinities of one sign give that infinity, not `∞ − ∞`.
    static func percentile(_ fraction: Double, ofSorted sorted: [Double]) -> Double {
        let position = Double(sorted.count - 1) * fraction
        let low = Int(position.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        if sorted[low] == sorted[high] || !sorted[low].isFinite || !sorted[high].isFinite {
            return position - Double(low) < 0.5 ? sorted[low] : sorted[high]
        }
        return sorted[low] + (position - Double(low)) * (sorted[high] - sorted[low])
    }

    /// The headroom of every fit of `results`, in the file's order.
    static func all(in results: ResultsFile) -> [CurveHeadroom] {
        results.fits.map { CurveHeadroom($0, in: results) }
    }
}
