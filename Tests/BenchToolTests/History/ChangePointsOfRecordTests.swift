import Foundation
import Testing

@testable import BenchTool

/// Change points over the committed files' series, where pair by pair a lone run makes two steps.
struct ChangePointsOfRecordTests {
    @Test func aLoneRunThatStepsTwicePairByPairIsNoChangeOfLevel() throws {
        // incremental's longest chain: 677 ns at 24dd8ea, 278 µs at 7eea25c alone, 621 ns at 9f6e55a.
        let history = try History.load(directory: Synthetic.repositoryFile("results"), filter: nil, positions: { _ in [:] })
        let steps = HistorySteps(history)
        let key = MeasurementKey(name: "commit.nulls-or-errors(largest-strict, 1000 handles)", strategy: .incremental)
        let commit = { (run: Int) in history.runs[run].shortCommit }
        let pairwise = steps.steps.filter { $0.key == key && $0.basis == .wallTime }.map { "\(commit($0.run)) \($0.verdict.rawValue)" }
        #expect(pairwise.contains("7eea25c slower") && pairwise.contains("9f6e55a faster"), "\(pairwise)")
        let points = steps.changePoints.filter { $0.key == key }.map { commit($0.run) }
        #expect(!points.contains("7eea25c") && !points.contains("9f6e55a"), "\(points)")
    }

    @Test func aChangeOfLevelBothViewsSeeIsSaidByBoth() throws {
        // The Observation floor's untracked field read: about 63 ns until 24dd8ea, about 20 ns from 7eea25c.
        let history = try History.load(directory: Synthetic.repositoryFile("results"), filter: nil, positions: { _ in [:] })
        let steps = HistorySteps(history)
        let key = MeasurementKey(name: "field.read.untracked(row-of-8)", strategy: .unshaped)
        let point = try #require(steps.changePoints.first { $0.key == key && history.runs[$0.run].shortCommit == "7eea25c" })
        #expect(point.ratio < 0.4 && point.pValue <= HistorySteps.changePointFalseAlarm)
        #expect(steps.steps.contains { $0.key == key && $0.basis == .wallTime && $0.run == point.run })
    }

    @Test func theRunsFromBa92f56OnAreAChangeOfLevelNotOneNoisyFile() throws {
        // Read pair by pair, ba92f56 looked like one noisy file: every wall time 1.2-1.8x slower than the
        // run before. Over the series it is not: the runs after it stay slower (the untracked field
        // read about 19.5 ns before it, 23-34 ns from it on), so a change point marks it, as it should,
        // and no test may ask for its absence.
        let history = try History.load(directory: Synthetic.repositoryFile("results"), filter: nil, positions: { _ in [:] })
        let steps = HistorySteps(history)
        let key = MeasurementKey(name: "field.read.untracked(row-of-8)", strategy: .unshaped)
        let point = try #require(steps.changePoints.first { $0.key == key && history.runs[$0.run].shortCommit == "ba92f56" })
        #expect(point.ratio > 1.2 && point.pValue <= HistorySteps.changePointFalseAlarm)
        #expect(history.runs.count - point.run >= 3, "a change point has at least three runs after it")
    }
}
