import Foundation
import Harness

@testable import BenchTool

/// Synthetic figures of a four-strategy run, judged against the version 3 example limits file.
extension Synthetic {
    /// The version 3 example of the tests (not the committed limits.json).
    static let limitsV3Path = repositoryFile("Tests/BenchToolTests/Fixtures/limits-v3.json")
    static var limitsV3: LimitsFile { try! LimitsFile.load(path: limitsV3Path) }

    static let landCommit = "commit.field-errors.land(largest-strict, 1 handle)"
    static let valueCommit = "commit.verdict-read-value(largest-strict, 1 handle)"
    static let valueCommitNoHandle = "commit.verdict-read-value(largest-strict, no handle)"

    /// A run's figures in which every limit of the example passes, unless told otherwise.
    ///
    /// - Parameters:
    ///   - read: A shape's median read of phase; 12 µs (interval ±100 ns) where not given.
    ///   - extra: A shape's extra re-runs of the one counted body over stored's 2.
    ///   - rootCommit: Root's median commit; stored's interval of it is [9.5 µs, 10.5 µs].
    ///   - incrementalCommit: Incremental's samples of the commit with a handle; the commit with none
    ///     takes 1000 ns every time, so these over 1000 are the ratios.
    ///   - leaving: Measurements (name, strategy) the run did not make.
    static func shapeFigures(
        read: [FigureStrategy: Double] = [:], extra: [FigureStrategy: Int] = [:], rootCommit: Double = 10_000,
        incrementalCommit: [Double] = [1100, 1200, 1300], leaving: [(String, FigureStrategy)] = []
    ) -> (measurements: [MeasurementRecord], counts: [CountRecord]) {
        var measurements: [MeasurementRecord] = []
        for shape in FigureStrategy.measured {
            let median = read[shape] ?? 12_000
            measurements.append(
                measurement(phaseRead, shape, samples: [median - 100, median, median + 100], lower: median - 100, upper: median + 100))
        }
        measurements += [
            measurement(landCommit, .stored, samples: [9_000, 10_000, 11_000], lower: 9_500, upper: 10_500),
            measurement(landCommit, .root, samples: [rootCommit - 50, rootCommit, rootCommit + 50], lower: rootCommit - 50, upper: rootCommit + 50),
            measurement(valueCommit, .incremental, samples: incrementalCommit, lower: incrementalCommit.min()!, upper: incrementalCommit.max()!),
            measurement(valueCommitNoHandle, .incremental, samples: [1_000, 1_000, 1_000], lower: 1_000, upper: 1_000),
        ]
        measurements.removeAll { record in leaving.contains { $0 == (record.name, record.strategy) } }
        let counts = FigureStrategy.measured.map { shape in
            CountRecord(scenario: spreadsScenario, strategy: shape, body: "phase-only", reruns: 2 + (extra[shape] ?? 0))
        }
        return (measurements, counts)
    }

    /// `shapeFigures` judged against the example.
    static func judgeShapes(
        _ figures: (measurements: [MeasurementRecord], counts: [CountRecord]), build: String = "release", quick: Bool = false
    ) -> Judgement {
        let file = limitsV3
        return Judge(limits: file.limits, buildConfiguration: build, quick: quick, shapes: file.shapes)
            .judge(measurements: figures.measurements, counts: figures.counts)
    }

    /// A consistent results file of a four-strategy run judged against the example.
    static func shapeResults(_ figures: (measurements: [MeasurementRecord], counts: [CountRecord]) = shapeFigures()) -> ResultsFile {
        let judgement = judgeShapes(figures)
        return ResultsFile(
            environment: environment(), limitsFile: "limits-v3.json", limitsSHA256: limitsV3.sha256, timer: timer,
            method: [MeasurementResult.fixedBatchMethod],
            options: RunRecord(quick: false, filter: nil, strategy: .all, specDirectory: "spec"),
            measurements: figures.measurements, counts: figures.counts, fits: [], limits: judgement.limits,
            decision: judgement.decision, readFloor: readFloor(figures.measurements), shapes: limitsV3.shapes)
    }
}
