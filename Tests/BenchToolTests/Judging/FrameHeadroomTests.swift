import Foundation
import Harness
import SeededRandom
import Testing

@testable import BenchTool

/// Where a fitted curve spends a frame, on synthetic fits whose answer is known, and the figures in
/// tracked reads against a synthetic run.
struct FrameHeadroomTests {
    private static let frame120 = 1e9 / 120

    /// A curve of `strategy` measured at `sizes` in `forks` forks: at size N each fork's samples lie
    /// around `cost(N)` times that fork's speed, which strays by up to `spread` either way.
    private func curve(
        _ name: String = "commit.example by distinct roots", sizes: [Double] = [1, 10, 100], strategy: FigureStrategy = .root,
        forks: Int = 8, spread: Double = 0.02, xUnit: String = "distinct root", cost: (Double) -> Double
    ) -> (fit: FitRecord, measurements: [MeasurementRecord]) {
        // Speeds spread evenly about 1, so the pooled medians lie near the costs themselves.
        let speeds = (0..<forks).map { 1 + spread * (2 * Double($0) / Double(max(1, forks - 1)) - 1) }
        let measurements = sizes.map { size in
            Synthetic.forked("\(name)(\(size))", strategy, speeds.map { speed in
                (0..<5).map { sample in cost(size) * speed * (1 + 0.002 * Double(sample - 2)) }
            })
        }
        let fit = FitRecord(
            fitting: zip(sizes, measurements).map { FitRecord.Point(x: $0, y: $1.summary.median, measurement: $1.name) },
            name: name, strategy: strategy, xUnit: xUnit)
        return (fit, measurements)
    }

    private func headroom(_ made: (fit: FitRecord, measurements: [MeasurementRecord])) -> CurveHeadroom {
        var results = Synthetic.results()
        results.measurements += made.measurements
        results.fits = [made.fit]
        return CurveHeadroom(made.fit, in: results, resamples: 400)
    }

    // MARK: - The arithmetic of one line

    @Test func aGrowingLineReachesTheBudgetWhereItsCostIsTheBudget() {
        #expect(BudgetCrossing.crossing(slope: 100_000, intercept: 1_000_000, budget: 8_500_000) == 75)
    }

    @Test func aLineThatDoesNotGrowNeverReachesABudgetAboveIt() {
        #expect(BudgetCrossing.crossing(slope: 0, intercept: 600, budget: Self.frame120) == .infinity)
        #expect(BudgetCrossing.crossing(slope: -0.01, intercept: 600, budget: Self.frame120) == .infinity)
        #expect(BudgetCrossing.crossing(slope: 0, intercept: 2e7, budget: Self.frame120) == -.infinity)
    }

    // MARK: - Synthetic fits

    @Test func aFlatCurveSpendsNoFrameWithinWhatWasMeasuredAndIsNotCarriedFurther() {
        let headroom = headroom(curve { _ in 600 })
        for crossing in headroom.crossings {
            #expect(crossing.finding == .beyondMeasured)
            #expect(!crossing.isExtrapolated, "a flat line reaches no frame within 10× the largest N measured")
            #expect(crossing.text.hasPrefix("not within the 100 measured (0.00"), "\(crossing.text)")
            #expect(!crossing.text.contains("extrapolated"))
        }
    }

    @Test func aLinearCurveCrossesWhereItsLineSaysWithAnIntervalAroundIt() throws {
        // 50 µs + 100 µs a root: 8.33 ms at 82.8 roots, 16.7 ms at 166.2.
        let headroom = headroom(curve { 50_000 + 100_000 * $0 })
        let at120 = headroom.crossings[0]
        #expect(abs(at120.estimate / ((Self.frame120 - 50_000) / 100_000) - 1) < 0.01)
        #expect(at120.finding == .reached)
        #expect(!at120.isExtrapolated, "82.8 lies within 10× the largest measured N, 100")
        let interval = try #require(at120.interval)
        #expect(interval.lower < at120.estimate && at120.estimate < interval.upper)
        #expect(interval.upper - interval.lower < 0.1 * at120.estimate, "forks within ±2 % give a narrow interval")
        #expect(at120.text == "\(FigureText.number(at120.estimate)) [\(FigureText.number(interval.lower)), \(FigureText.number(interval.upper))]")
        #expect(abs(headroom.crossings[1].estimate / ((1e9 / 60 - 50_000) / 100_000) - 1) < 0.01)
    }

    @Test func anIntervalThatStraddlesTheBudgetLeavesTheCrossingUncertain() throws {
        // Forks that disagree by up to ±50 %: the fitted line's band at the crossing (made to fall at
        // N = 100, one of the band's sizes) holds the budget inside it, and the crossing's interval is
        // wide about its estimate.
        let headroom = headroom(curve(spread: 0.5) { 50_000 + (Self.frame120 - 50_000) / 100 * $0 })
        let crossing = headroom.crossings[0]
        let interval = try #require(crossing.interval)
        #expect(interval.lower < 0.9 * crossing.estimate && 1.1 * crossing.estimate < interval.upper)
        let nearest = try #require(headroom.band.min { abs($0.x - crossing.estimate) < abs($1.x - crossing.estimate) })
        #expect(nearest.lower < Self.frame120 && Self.frame120 < nearest.upper, "the band straddles the budget there")
    }

    @Test func aCrossingPastTheLargestNMeasuredIsSaidAsAnExtrapolationAndHowFar() throws {
        // 1 µs + 20 µs a root: 2.00 ms at 100, the largest N measured; the 120 Hz frame at 416.6 roots,
        // 4.17× past it, the 60 Hz frame at 833.3.
        let headroom = headroom(curve { 1_000 + 20_000 * $0 })
        let at120 = headroom.crossings[0]
        #expect(at120.finding == .beyondMeasured)
        #expect(at120.isExtrapolated)
        #expect(abs(at120.estimate / 416.6 - 1) < 0.01)
        #expect(at120.text.hasPrefix("not within the 100 measured (24.0 % of the frame at 100); extrapolated 4.17× past it: 417 ["), "\(at120.text)")
        #expect(headroom.crossings[1].isExtrapolated)
        #expect(headroom.crossings[1].text.hasPrefix("not within the 100 measured (12.0 % of the frame at 100); extrapolated 8.33× past it: 833"))
    }

    @Test func noCrossingIsGivenPastTenTimesTheLargestNMeasured() {
        // 1 µs + 2 µs a root: the 120 Hz frame at 4166 roots, 42× past the 100 measured: no figure.
        let headroom = headroom(curve { 1_000 + 2_000 * $0 })
        #expect(headroom.crossings[0].finding == .beyondMeasured)
        #expect(!headroom.crossings[0].isExtrapolated)
        #expect(headroom.crossings[0].text == "not within the 100 measured (2.41 % of the frame at 100)")
        #expect(headroom.band.last.map { abs($0.x / 1_000 - 1) < 1e-9 } == true, "the band goes as far as a crossing may be extrapolated")
    }

    @Test func aCurveOverTheFrameAtItsSmallestSizeHasSpentIt() {
        let headroom = headroom(curve(strategy: .derived) { 16_000_000 + 10 * $0 })
        #expect(headroom.crossings[0].finding == .spentAtSmallest)
        #expect(headroom.crossings[0].text == "spent at 1.00", "an interval wholly at the smallest N adds nothing")
        #expect(headroom.crossings[1].finding == .beyondMeasured, "16.7 ms is reached at about 66,700 only: past what was measured")
    }

    @Test func pointsWithoutTheirSamplesGiveACrossingWithoutAnInterval() {
        let made = curve { 50_000 + 100_000 * $0 }
        let headroom = CurveHeadroom(made.fit, sampleGroups: nil)
        #expect(headroom.crossings[0].interval == nil)
        #expect(headroom.crossings[0].text == FigureText.number(headroom.crossings[0].estimate))
        #expect(!headroom.crossings[0].text.contains("["))
        #expect(headroom.band.isEmpty)
    }

    @Test func forksThatDifferMoreWidenTheIntervalAboutTheSameCrossing() throws {
        // 50 µs + 100 µs an N spends 8.33 ms at N = 82.8 and 16.7 ms at N = 166.2, whatever the spread:
        // the forks' speeds lie evenly about 1, so the median of their medians is the cost itself.
        let quiet = headroom(curve(spread: 0.02) { 50_000 + 100_000 * $0 })
        let noisy = headroom(curve(spread: 0.3) { 50_000 + 100_000 * $0 })
        for (index, truth) in [(Self.frame120 - 50_000) / 100_000, (1e9 / 60 - 50_000) / 100_000].enumerated() {
            let calm = try #require(quiet.crossings[index].interval)
            let wide = try #require(noisy.crossings[index].interval)
            #expect(abs(noisy.crossings[index].estimate / truth - 1) < 0.001, "\(noisy.crossings[index].estimate) against \(truth)")
            #expect(wide.lower <= truth && truth <= wide.upper, "[\(wide.lower), \(wide.upper)] holds \(truth)")
            #expect(wide.upper - wide.lower > 5 * (calm.upper - calm.lower), "forks 30 % apart against 2 %: [\(wide.lower), \(wide.upper)], [\(calm.lower), \(calm.upper)]")
        }
        // The resamples are seeded: one file gives one headroom.
        #expect(noisy == headroom(curve(spread: 0.3) { 50_000 + 100_000 * $0 }))
    }

    // MARK: - Tracked reads

    private func runWithUnit(_ nanoseconds: Double) -> ResultsFile {
        var results = Synthetic.results()
        results.measurements.append(Synthetic.measurement(
            KeyMeasurements.observableTracked, .unshaped, samples: [nanoseconds * 0.9, nanoseconds, nanoseconds * 1.2],
            lower: nanoseconds * 0.9, upper: nanoseconds * 1.2))
        return results
    }

    @Test func aFigureInTrackedReadsIsItsTimeOverTheRunsTrackedRead() throws {
        let unit = try #require(TrackedReadUnit(runWithUnit(500)))
        #expect(unit.nanoseconds == 500)
        #expect(unit.reads(5_000) == 10)
        #expect(unit.text(5_000) == "10.0 tracked reads")
        #expect(TrackedReadUnit(Synthetic.results()) == nil, "a run without the plain tracked read has no unit")
    }

    @Test func theReportGivesTheModelAndTheRuntimeEachInItsOwnTrackedReads() throws {
        let text = Report.render(runWithUnit(500), format: .text)
        #expect(text.contains("1 tracked read = 500 ns in this run"))
        // The synthetic run's field.read.tracked(row-of-8) has a median of 712 ns: 1.42 of its tracked
        // reads; the runtime's 638 ns is 1.00 of its own.
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("tracked read, row body of eight, per field") })
        let cells = row.split(separator: " ").map(String.init)
        #expect(cells.contains("638") || row.contains("638 ns"))
        #expect(row.contains(" 1.00 "))
        #expect(row.contains("712 ns") && row.contains("1.42") && row.contains("1.42× (dearer)"))
        // The 120 Hz frame: 16,667 tracked reads of 500 ns, 13,062 of 638 ns.
        let frame = try #require(text.split(separator: "\n").first { $0.hasPrefix("budget: a 120 Hz frame") })
        #expect(frame.contains("13062") && frame.contains("16667"))
        #expect(!Report.render(Synthetic.results(), format: .text).contains("tracked reads here"), "no unit, no section")
    }

    @Test func aRunWithTheUnitButNoFigureALimitReadsHasTheUnitLineAlone() throws {
        var results = runWithUnit(500)
        results.measurements.removeAll { $0.name == Synthetic.phaseRead }
        let text = Report.render(results, format: .text)
        #expect(text.contains("in tracked reads\n1 tracked read = 500 ns in this run"))
        #expect(text.contains("its own run's\n\nthe model against the runtime"), "no empty table, no stray line")
        let markdown = Report.render(results, format: .markdown)
        #expect(markdown.contains("## In tracked reads\n\n1 tracked read = 500 ns in this run"))
        #expect(markdown.contains("its own run's\n\n## The model against the runtime"))
    }

    // MARK: - The decision's sentence

    @Test func theDecisionLineSaysWhereEachShapeSpendsAFrameOnDistinctRoots() {
        var results = Synthetic.shapeResults()
        let root = curve(strategy: .root) { 600 + 80 * $0 }
        let stored = curve(strategy: .stored) { 200_000 * $0 }
        results.measurements += root.measurements + stored.measurements
        results.fits = [root.fit, stored.fit]
        results.decision = Decision(outcome: .ships, text: "root ships", shape: .root)
        let text = Report.render(results, format: .text)
        #expect(text.contains(
            "headroom: root ships; it spends no 120 Hz frame within what was measured, up to 100 distinct strict roots retained "
                + "(0.103 % of the frame at 100) (commit.example by distinct roots); stored spends a 120 Hz frame at 41."),
            "8.33 ms at 200 µs a root: 41.7 roots; root's 8.6 µs at 100 roots is 0.103 % of 8.33 ms, its line reaching it at 104,000 only")
    }
}
