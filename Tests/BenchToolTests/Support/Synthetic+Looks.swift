import Foundation
import Harness
import SeededRandom

@testable import BenchTool

/// Synthetic forked figures judged against the version 4 example limits file: paired ratios, looks.
extension Synthetic {
    /// The version 4 example of the tests: limits.json as version 4 declared it.
    static let limitsV4Path = repositoryFile("Tests/BenchToolTests/Fixtures/limits-v4.json")
    static var limitsV4: LimitsFile { try! LimitsFile.load(path: limitsV4Path) }

    static let clearCommit = "commit.field-errors.clear(largest-strict, 1 handle)"
    static let incrementalValueCommit = "commit.verdict-read-value-changes(largest-strict, 1 handle)"
    static let incrementalValueCommitNoHandle = "commit.verdict-read-value-changes(largest-strict, no handle)"

    /// One measurement taken in several forks: each fork's samples merged as a run merges them.
    static func forked(_ name: String, _ strategy: FigureStrategy, _ forks: [[Double]]) -> MeasurementRecord {
        let records = forks.map { samples in
            var record = measurement(name, strategy, samples: samples, lower: samples.min()!, upper: samples.max()!)
            record.policy.bootstrapResamples = 20
            return record
        }
        return MeasurementRecord(mergingForks: records)
    }

    /// `forks` forks whose medians follow `medians` (a fork's samples are its median ±1 %).
    static func forks(_ medians: [Double]) -> [[Double]] {
        medians.map { [$0 * 0.99, $0, $0 * 1.01] }
    }

    /// A run's figures in which every limit of the version 4 example passes, unless told otherwise:
    /// 8 forks, each fork's process speed `speeds[i]` shared by every measurement of that fork.
    ///
    /// - Parameters:
    ///   - read: A shape's median read of phase; 12 µs where not given.
    ///   - cost: A shape's commit over stored's in every fork, land and clear alike (1.0 where not
    ///     given), times `wobble[i]` in fork i.
    ///   - wobble: How each fork's ratio strays from `cost`; none where not given.
    ///   - forkCount: How many forks.
    static func lookFigures(
        read: [FigureStrategy: Double] = [:], cost: [FigureStrategy: Double] = [:], wobble: [Double]? = nil, forkCount: Int = 8
    ) -> (measurements: [MeasurementRecord], counts: [CountRecord]) {
        // Each fork's own speed, shared by all it measures: 0.9x to 1.4x.
        let pattern: [Double] = [1.0, 1.1, 1.4, 0.9, 1.2, 1.3]
        let speeds: [Double] = (0..<forkCount).map { pattern[$0 % pattern.count] }
        let wobble = wobble ?? Array(repeating: 1, count: forkCount)
        func medians(_ base: Double, _ ratio: Double = 1, wobbling: Bool = false) -> [[Double]] {
            forks(speeds.indices.map { index -> Double in
                let strayed: Double = wobbling ? wobble[index] : 1
                return base * speeds[index] * ratio * strayed
            })
        }
        var measurements: [MeasurementRecord] = []
        for shape in [FigureStrategy.derived, .stored, .root, .incremental] {
            measurements.append(forked(phaseRead, shape, medians(read[shape] ?? 12_000)))
        }
        for commit in [landCommit, clearCommit] {
            for shape in [FigureStrategy.stored, .root, .incremental] {
                measurements.append(forked(commit, shape, medians(10_000, cost[shape] ?? 1, wobbling: shape != .stored)))
            }
        }
        measurements.append(forked(incrementalValueCommit, .incremental, medians(1_100)))
        measurements.append(forked(incrementalValueCommitNoHandle, .incremental, medians(1_000)))
        let counts = [FigureStrategy.derived, .stored, .root, .incremental].map { shape in
            CountRecord(scenario: spreadsScenario, strategy: shape, body: "phase-only", reruns: 2)
        }
        return (measurements, counts)
    }

    /// `lookFigures` judged against the version 4 example.
    static func judgeLooks(
        _ figures: (measurements: [MeasurementRecord], counts: [CountRecord]), build: String = "release", quick: Bool = false
    ) -> Judgement {
        let file = limitsV4
        return Judge(limits: file.limits, buildConfiguration: build, quick: quick, shapes: file.shapes, looks: file.looks)
            .judge(measurements: figures.measurements, counts: figures.counts)
    }

    /// A standard normal draw (Box-Muller) from a seeded stream.
    static func normal(_ generator: inout SplitMix64) -> Double {
        let u = generator.nextUnit() + 0x1p-54
        let v = generator.nextUnit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
