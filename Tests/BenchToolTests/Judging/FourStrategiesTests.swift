import Foundation
import Testing

@testable import BenchTool

/// `compare`, `export` and `merge` join on name and strategy, so they take four strategies as they
/// took two; an old two-strategy file still compares with a new four-strategy one.
struct FourStrategiesTests {
    private static let shapes: [FigureStrategy] = [.root, .incremental]

    /// The comparison fixture with root and incremental measured and counted beside derived and stored.
    private static func fourStrategies(draw: Int = 0, factors: [MeasurementKey: Double] = [:], forks: Int = 1) -> ResultsFile {
        var file = Synthetic.comparable(draw: draw, factors: factors, forks: forks)
        for (strategy, median) in zip(shapes, [1_100.0, 1_050]) {
            let key = MeasurementKey(name: Synthetic.phaseRead, strategy: strategy)
            file.measurements.append(Synthetic.spreadMeasurement(key, median: median * (factors[key] ?? 1), draw: draw, forks: forks))
            file.counts.append(CountRecord(scenario: Synthetic.spreadsScenario, strategy: strategy, body: "phase-only", reruns: 1))
        }
        file.options.strategy = .all
        return file
    }

    @Test func twoFourStrategyFilesCompareEveryStrategyOnItsOwn() {
        let root = MeasurementKey(name: Synthetic.phaseRead, strategy: .root)
        let forks = Synthetic.judgedForks
        let comparison = Synthetic.compare(
            Self.fourStrategies(forks: forks), Self.fourStrategies(draw: 1, factors: [root: 1.2], forks: forks))
        #expect(comparison.measurements.count == 6 && comparison.addedMeasurements.isEmpty && comparison.removedMeasurements.isEmpty)
        let slower = comparison.measurements.filter { $0.verdict == .slower }.map(\.key)
        #expect(slower == [root], "only root's read was slowed")
        #expect(comparison.changedCounts.isEmpty && comparison.equalCounts == 4)
        #expect(comparison.exitStatus(failOnRegression: true) == .failure)
    }

    @Test func anOldTwoStrategyFileAgainstANewFourStrategyOneListsTheNewStrategiesAsAdded() {
        let comparison = Synthetic.compare(Synthetic.comparable(), Self.fourStrategies(draw: 1))
        #expect(comparison.addedMeasurements == ["phase.read.tracked(largest-strict) [root]", "phase.read.tracked(largest-strict) [incremental]"])
        #expect(comparison.addedCounts == [
            "verdict-read-value-changes(spreads-only) [root] phase-only", "verdict-read-value-changes(spreads-only) [incremental] phase-only",
        ])
        #expect(comparison.removedMeasurements.isEmpty && comparison.removedCounts.isEmpty)
        #expect(comparison.measurements.allSatisfy { $0.verdict == .cannotTell }, "one process a side")
        #expect(comparison.regressions.isEmpty, "what one file only has never fails")
    }

    @Test func exportsNameEveryStrategy() throws {
        let file = Self.fourStrategies()
        let bencher = try BencherMetricFormat.encode(file)
        let action = try GitHubActionBenchmarkFormat.encode(file)
        for strategy in FigureStrategy.measured.map(\.rawValue) {
            #expect(bencher.contains("\"phase.read.tracked(largest-strict) [\(strategy)]\""), "bmf has no \(strategy)")
            #expect(action.contains("\"phase.read.tracked(largest-strict) [\(strategy)]\""), "github-action-benchmark has no \(strategy)")
        }
    }

    @Test func mergingFourStrategyRunsJudgedAmongShapesKeepsTheShapesAndValidates() throws {
        let first = Synthetic.shapeResults()
        var second = Synthetic.shapeResults()
        second.environment.date = "2026-11-29T13:05:00Z"
        let merged = try ResultsMerge.merge([("a.json", first), ("b.json", second)])
        #expect(merged.shapes == first.shapes)
        #expect(Set(merged.measurements.map(\.strategy)) == Set(FigureStrategy.measured))
        #expect(merged.decision.shape == .derived)
        #expect(ResultsValidator.problems(in: merged) == [])
    }
}
