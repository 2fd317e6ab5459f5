import Foundation
import Testing

@testable import BenchTool

/// Reports of a four-strategy run: medians, ratios to stored and allocations in three tables, every
/// strategy's re-runs and every shape's extra. A two-strategy file renders as it always has
/// (`ReportTests`).
struct ReportShapesTests {
    private static func results() -> ResultsFile {
        var figures = Synthetic.shapeFigures(read: [.derived: 60_000])
        let index = figures.measurements.firstIndex { $0.name == Synthetic.phaseRead && $0.strategy == .root }!
        figures.measurements[index].allocations = .counted(Synthetic.allocationCount(iterations: 100, allocations: 0, bytes: 0))
        figures.counts += [FigureStrategy.derived, .stored, .root, .incremental].map { strategy in
            CountRecord(scenario: Synthetic.spreadsScenario, strategy: strategy, body: "phase", reruns: strategy == .derived ? 1 : 0)
        }
        return Synthetic.shapeResults(figures)
    }

    /// The text between the header and the reference line, and the counts, as rendered.
    private static func section(_ text: String, from start: String, to end: String) -> String {
        let lower = text.range(of: start)!.lowerBound
        return String(text[lower..<text.range(of: end, range: lower..<text.endIndex)!.lowerBound])
    }

    @Test func fourStrategiesRenderAsThreeTablesOfMeasurements() {
        let text = Report.render(Self.results(), format: .text)
        #expect(Self.section(text, from: "measurement ", to: "reference (") == """
            measurement                                           derived               stored                root                  incremental
            phase.read.tracked(largest-strict)                    60.0 µs [59.9, 60.1]  12.0 µs [11.9, 12.1]  12.0 µs [11.9, 12.1]  12.0 µs [11.9, 12.1]
            commit.field-errors.land(largest-strict, 1 handle)    —                     10.0 µs [9.5, 10.5]   10.0 µs [9.9, 10.1]   —
            commit.verdict-read-value(largest-strict, 1 handle)   —                     —                     —                     1.20 µs [1.10, 1.30]
            commit.verdict-read-value(largest-strict, no handle)  —                     —                     —                     1.00 µs [1.00, 1.00]

            each shape's median over stored's
            measurement                                           derived/stored  root/stored  incremental/stored
            phase.read.tracked(largest-strict)                    5.00×           1.00×        1.00×
            commit.field-errors.land(largest-strict, 1 handle)    —               1.00×        —
            commit.verdict-read-value(largest-strict, 1 handle)   —               —            —
            commit.verdict-read-value(largest-strict, no handle)  —               —            —

            allocations per operation (allocs / bytes)
            measurement                                           derived  stored  root   incremental
            phase.read.tracked(largest-strict)                    n/a      n/a     0 / 0  n/a
            commit.field-errors.land(largest-strict, 1 handle)    —        n/a     n/a    —
            commit.verdict-read-value(largest-strict, 1 handle)   —        —       —      n/a
            commit.verdict-read-value(largest-strict, no handle)  —        —       —      n/a


            """)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("commit.") || $0.hasPrefix("phase.") }.allSatisfy { $0.count <= 200 },
                "a measurement row fits a terminal")
    }

    @Test func countsShowEveryStrategyAndEveryShapesExtra() {
        let text = Report.render(Self.results(), format: .text)
        #expect(Self.section(text, from: "body re-runs\n", to: "limits\n") == """
            body re-runs
            scenario                                  body        derived  stored  root  incremental  extra (derived − stored)  extra (root − stored)  extra (incremental − stored)
            verdict-read-value-changes(spreads-only)  phase-only  2        2       2     2            0                         0                      0
            verdict-read-value-changes(spreads-only)  phase       1        0       0     0            1                         0                      0


            """)
        #expect(text.hasSuffix("decision: root ships: the verdict is kept on the root, the phase derived from it (derived failed: phase-read, extra-bodies)\n"))
    }

    @Test func markdownAndBenchmarksMdHaveTheSameTables() {
        let markdown = Report.render(Self.results(), format: .markdown)
        #expect(markdown.contains("| measurement | derived | stored | root | incremental |\n|---|---|---|---|---|\n"))
        #expect(markdown.contains("## Each shape's median over stored's\n\n| measurement | derived/stored | root/stored | incremental/stored |"))
        #expect(markdown.contains("## Allocations per operation (allocs / bytes)\n\n"))
        let document = BenchmarksDocument.render(Self.results(), resultsPath: "results/x.json", mainPlot: nil)
        #expect(document.contains("### Each shape's median over stored's"))
        #expect(document.contains(BenchmarksDocument.shapesRatio) && !document.contains(BenchmarksDocument.twoStrategiesRatio))
        let two = BenchmarksDocument.render(Synthetic.results(), resultsPath: "results/x.json", mainPlot: nil)
        #expect(two.contains(BenchmarksDocument.twoStrategiesRatio) && !two.contains("Each shape's median"))
    }
}
