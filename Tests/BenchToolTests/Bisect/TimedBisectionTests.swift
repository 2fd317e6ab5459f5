import Harness
import Testing

@testable import BenchTool

/// The timed bisection's search over made-up timings: which half it follows, when it asks for more
/// forks, and what it reports where it cannot split a run.
struct TimedBisectionTests {
    private static let read = MeasurementKey(name: "phase.read.tracked(largest-strict)", strategy: .derived)
    private static let walk = MeasurementKey(name: "verdict.walk(largest-strict)", strategy: .unshaped)
    private static let threshold = ComparisonRule.defaultThreshold

    /// Wall times over `length` commits `c0`...: each measurement starts at 1 ms and is multiplied by a
    /// factor at each commit named. A pair is judged from its true ratio, with an interval `width` wide
    /// on either side of it: beyond the threshold compare calls it moved, else its interval says still
    /// or cannot tell; wherever `noisyBelow` says the forks are too few, it cannot be told.
    private struct Timings {
        var length: Int
        var moves: [MeasurementKey: [Int: Double]]
        var skipped: Set<Int> = []
        /// Pairs touching these commits cannot be told apart in fewer forks than given.
        var noisyBelow: [Int: Int] = [:]
        /// How far the interval reaches on either side of the ratio: 0.02 is ×/÷ 1.02.
        var width = 0.02
        /// Pairs touching these commits that hold no change cannot be told, in any forks.
        var noisyWhenStill: Set<Int> = []
        /// Pairs that hold a change and span fewer commits than this range's upper bound + 1 cannot be
        /// told, in any forks: only a run wider than that is seen to move.
        var noisyWhenMoved: ClosedRange<Int>? = nil
        /// Every call made: the commits timed and the forks asked for.
        var calls: [(commits: [String], forks: Int)] = []

        var commits: [String] { (0..<length).map { "c\($0)" } }

        func median(_ measurement: MeasurementKey, at index: Int) -> Double {
            (moves[measurement] ?? [:]).filter { $0.key <= index }.values.reduce(1_000_000, *)
        }

        mutating func time(_ timed: [String], forks: Int) -> [[MeasurementKey: TimedChange]]? {
            calls.append((timed, forks))
            let indices = timed.map { Int($0.dropFirst())! }
            guard !indices.contains(where: skipped.contains) else { return nil }
            return zip(indices, indices.dropFirst()).map { old, new in
                var changes: [MeasurementKey: TimedChange] = [:]
                for measurement in moves.keys {
                    let (before, after) = (median(measurement, at: old), median(measurement, at: new))
                    let ratio = after / before
                    let noisy = (old + 1...new).contains { (noisyBelow[$0] ?? 0) > forks }
                        || (abs(ratio - 1) <= threshold && (old + 1...new).contains(where: noisyWhenStill.contains))
                        || (abs(ratio - 1) > threshold && noisyWhenMoved?.contains(new - old) == true)
                    let interval = ConfidenceInterval(lower: ratio / (1 + width), upper: ratio * (1 + width), level: 0.95, method: "made up")
                    let called: ComparisonVerdict = noisy || abs(ratio - 1) <= threshold ? .same : ratio > 1 ? .slower : .faster
                    let verdict = noisy ? .cannotTell : TimedChange.verdict(time: called, interval: interval, threshold: threshold)
                    changes[measurement] = TimedChange(
                        verdict: verdict, ratio: ratio, interval: interval, before: before, after: after, forks: forks)
                }
                return changes
            }
        }
    }

    private func search(_ timings: inout Timings, measurements: [MeasurementKey], budget: TimedBisection.Budget = .standard) -> TimedBisection {
        let commits = timings.commits
        return TimedBisection.search(commits: commits, measurements: measurements, threshold: Self.threshold, budget: budget) { timed, forks in
            timings.time(timed, forks: forks)
        }
    }

    @Test func aStepOfTenPercentIsNamedAtItsCommitInLogarithmicallyManyProbes() {
        var timings = Timings(length: 17, moves: [Self.read: [11: 1.10]])
        let bisection = search(&timings, measurements: [Self.read])
        #expect(bisection.steps.count == 1)
        let step = bisection.steps[0]
        #expect(step.kind == .oneCommit)
        #expect(step.candidates == ["c11"])
        #expect(step.since == "c10")
        #expect(step.moves.map(\.change.verdict) == [.slower])
        #expect(abs(step.moves[0].change.ratio - 1.10) < 1e-9)
        // GOOD and BAD, then one probe a halving of the 15 commits between.
        #expect(bisection.probes.count <= 1 + 4)
        #expect(bisection.probes.first?.commits == ["c0", "c16"])
        #expect(bisection.probes.dropFirst().allSatisfy { $0.commits.count == 3 })
        #expect(bisection.probes.allSatisfy { $0.forks == TimedBisection.Budget.standard.start })
    }

    @Test func everyProbeTimesItsCommitsTogetherAndNeverReusesAnEarlierProbe() {
        var timings = Timings(length: 9, moves: [Self.read: [3: 1.2]])
        _ = search(&timings, measurements: [Self.read])
        // Each call times a run's ends with its middle, afresh: c0 with the middle and c8 or the
        // narrower run's ends, never a commit alone.
        #expect(timings.calls.allSatisfy { $0.commits.count >= 2 && $0.commits == $0.commits.sorted { Int($0.dropFirst())! < Int($1.dropFirst())! } })
        #expect(timings.calls.first?.commits == ["c0", "c8"])
        #expect(timings.calls[1].commits == ["c0", "c4", "c8"])
    }

    @Test func twoMeasurementsThatStepAtDifferentCommitsAreTwoSteps() {
        var timings = Timings(length: 16, moves: [Self.read: [4: 1.15], Self.walk: [12: 0.8]])
        let bisection = search(&timings, measurements: [Self.read, Self.walk])
        #expect(bisection.steps.map(\.candidates) == [["c4"], ["c12"]])
        #expect(bisection.steps.map { $0.moves.map(\.measurement) } == [[Self.read], [Self.walk]])
        #expect(bisection.steps.map { $0.moves[0].change.verdict } == [.slower, .faster])
        #expect(bisection.steps.allSatisfy { $0.isOneCommit })
    }

    @Test func aHalfThatCannotBeToldIsTimedAgainWithTwiceTheForks() {
        // The pair around the culprit needs 12 forks a side to be told.
        var timings = Timings(length: 9, moves: [Self.read: [5: 1.1]], noisyBelow: [5: 12])
        let bisection = search(&timings, measurements: [Self.read], budget: TimedBisection.Budget(start: 6, most: 24))
        #expect(bisection.steps.map(\.candidates) == [["c5"]])
        #expect(bisection.steps[0].moves[0].change.forks == 12)
        #expect(timings.calls.map(\.forks).contains(12))
        #expect(!timings.calls.map(\.forks).contains(24), "no look beyond the one that told")
    }

    @Test func whatTheBudgetCannotTellIsReportedAsARunNotGuessed() {
        var timings = Timings(length: 9, moves: [Self.read: [5: 1.1]], noisyBelow: [5: 48])
        let bisection = search(&timings, measurements: [Self.read], budget: TimedBisection.Budget(start: 6, most: 12))
        #expect(!bisection.steps.contains { $0.isOneCommit })
        #expect(bisection.steps.map(\.kind) == [.cannotTell])
        #expect(bisection.steps[0].candidates.contains("c5"))
        #expect(bisection.probes.allSatisfy { $0.forks <= 12 })
        #expect(timings.calls.map(\.forks).max() == 12)
    }

    @Test func aHalfBesideTheCulpritThatCannotBeToldIsNotRuledOutNorACulprit() {
        var timings = Timings(length: 9, moves: [Self.read: [3: 1.2]], noisyWhenStill: [6])
        let bisection = search(&timings, measurements: [Self.read])
        #expect(bisection.steps.map(\.candidates) == [["c3"]])
        #expect(bisection.steps.map(\.kind) == [.oneCommit])
        #expect(bisection.notRuledOut.map(\.candidates) == [["c5", "c6", "c7", "c8"]])
        #expect(bisection.notRuledOut.map(\.kind) == [.cannotTell])
        // The half that could not be told was given the whole budget first.
        #expect(bisection.probes[1].forks == TimedBisection.Budget.standard.most)
        let report = TimedBisectReport(bisection: bisection, commits: [:], skipped: [:], budget: .standard)
        #expect(report.notRuledOutLines?.contains("4 commits after c4, up to c8, in 48 forks each:") == true, "\(report.notRuledOutLines ?? "")")
    }

    @Test func aStepItsOwnPairCannotTellIsFoundByEliminationAndSaysSo() {
        // Every pair that holds the step but the whole run cannot be told: the run moved and the other
        // half is still, so the search follows the half that cannot be told, and says why.
        var timings = Timings(length: 9, moves: [Self.read: [3: 1.2]], noisyWhenMoved: 0...7)
        let bisection = search(&timings, measurements: [Self.read])
        #expect(bisection.steps.map(\.candidates) == [["c3"]])
        #expect(bisection.steps.map(\.kind) == [.oneCommit])
        let elimination = try? #require(bisection.steps.first?.elimination)
        #expect(elimination?.since == "c0" && elimination?.until == "c8")
        #expect(elimination?.moves.map(\.change.verdict) == [.slower])
        #expect(bisection.steps[0].moves.map(\.change.verdict) == [.cannotTell])
        let report = TimedBisectReport(bisection: bisection, commits: [:], skipped: [:], budget: .standard)
        let lines = report.stepLines(bisection.steps[0], number: 1, of: 1).joined(separator: "\n")
        #expect(lines.contains("by elimination: c2 -> c3 could not be told apart by itself, but the run from c0 to c8 moved"), "\(lines)")
    }

    @Test func noChangeThatIsNotStillDoesNotSendTheSearchToTheOtherHalf() {
        // Compare's "no change" over an interval reaching past the threshold is not "still".
        let wide = ConfidenceInterval(lower: 0.92, upper: 1.09, level: 0.95, method: "bootstrap")
        let narrow = ConfidenceInterval(lower: 0.98, upper: 1.03, level: 0.95, method: "bootstrap")
        #expect(TimedChange.verdict(time: .same, interval: wide, threshold: 0.05) == .cannotTell)
        #expect(TimedChange.verdict(time: .same, interval: narrow, threshold: 0.05) == .still)
        #expect(TimedChange.verdict(time: .same, interval: nil, threshold: 0.05) == .cannotTell)
        #expect(TimedChange.verdict(time: .slower, interval: narrow, threshold: 0.05) == .slower)
        #expect(TimedChange.verdict(time: .faster, interval: wide, threshold: 0.05) == .faster)
    }

    @Test func aChangeSpreadOverManyCommitsIsSpreadNotACulprit() {
        // 3 % at each of two commits: 6.1 % over the two, each half still within ±5 % (its interval ±1 %).
        var timings = Timings(length: 3, moves: [Self.read: [1: 1.03, 2: 1.03]], width: 0.01)
        let bisection = search(&timings, measurements: [Self.read])
        #expect(bisection.steps.map(\.kind) == [.spread])
        #expect(bisection.steps[0].candidates == ["c1", "c2"])
    }

    @Test func aMiddleThatCannotBeTimedIsSkippedForItsNeighbour() {
        var timings = Timings(length: 9, moves: [Self.read: [6: 1.2]], skipped: [4])
        let bisection = search(&timings, measurements: [Self.read])
        #expect(bisection.steps.map(\.candidates) == [["c6"]])
        #expect(bisection.skipped == ["c4"])
    }

    @Test func aRunWhoseCommitsAreAllSkippedIsOneStepOfThem() {
        var timings = Timings(length: 5, moves: [Self.read: [2: 1.2]], skipped: [1, 2, 3])
        let bisection = search(&timings, measurements: [Self.read])
        #expect(bisection.steps.map(\.kind) == [.skipped])
        #expect(bisection.steps[0].candidates == ["c1", "c2", "c3", "c4"])
        #expect(bisection.skipped == ["c1", "c2", "c3"])
    }

    @Test func endsThatTimeAlikeSearchNothing() {
        var timings = Timings(length: 9, moves: [Self.read: [3: 1.01]])
        let bisection = search(&timings, measurements: [Self.read])
        #expect(bisection.steps.isEmpty)
        #expect(bisection.probes.count == 1)
        #expect(bisection.ends.map(\.change.verdict) == [.still])
    }

    @Test func theReportNamesTheCulpritWithItsRatioAndInterval() {
        var timings = Timings(length: 17, moves: [Self.read: [11: 1.10]])
        let bisection = search(&timings, measurements: [Self.read])
        let report = TimedBisectReport(
            bisection: bisection, commits: ["c11": "c11 2026-12-06 Scatter the records"], skipped: [:], budget: .standard)
        #expect(report.summary.contains("GOOD -> BAD, 6 forks each: 1 of 1 measurement moved"))
        #expect(report.summary.contains("1 step, each at one commit"))
        let lines = report.stepLines(bisection.steps[0], number: 1, of: 1)
        #expect(lines[0] == "step 1 of 1: c11 2026-12-06 Scatter the records")
        #expect(lines[1].contains("ms  1.100x [1.078, 1.122] (slower)"), "\(lines[1])")
        #expect(report.probeLines.contains("1. c0, c16: 6 forks each"))
    }
}
