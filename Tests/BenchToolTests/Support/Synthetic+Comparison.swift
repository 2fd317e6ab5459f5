import Foundation
import Harness

@testable import BenchTool

/// Results files made to be compared: thirty samples a measurement, spread ±3 % around a chosen median
/// by a fixed pattern, so that a shift of a few percent is what a real run would show, and nothing is
/// ever measured.
extension Synthetic {
    /// The medians of the comparison fixture's measurements, by key.
    static let comparedMedians: [(MeasurementKey, Double)] = [
        (MeasurementKey(name: phaseRead, strategy: .derived), 1_000),
        (MeasurementKey(name: phaseRead, strategy: .stored), 1_300),
        (MeasurementKey(name: KeyMeasurements.fieldTracked, strategy: .unshaped), 700),
        (MeasurementKey(name: KeyMeasurements.fieldUntracked, strategy: .unshaped), 21),
    ]

    /// `count` samples (thirty unless told) spread ±3 % around `median`, densest at the middle; `draw`
    /// picks another set from the same spread.
    static func spreadSamples(median: Double, draw: Int = 0, count: Int = 30) -> [Double] {
        // The sum of two low-discrepancy sequences (golden-ratio steps) less 1 is triangular on -1...1,
        // peaked at 0, as timing noise around a median is; another offset is another draw.
        (0..<count).map { index in
            let step = Double(index + 1 + 37 * draw)
            let first = (step * 0.618_033_988_7).truncatingRemainder(dividingBy: 1)
            let second = (step * 0.754_877_666_2).truncatingRemainder(dividingBy: 1)
            return median * (1 + 0.03 * (first + second - 1))
        }
    }

    /// A consistent results file of the comparison fixture's measurements and counts.
    ///
    /// - Parameters:
    ///   - draw: Which draw of samples each measurement gets.
    ///   - factors: Multiplies every sample of the named measurements: 1.2 is a 20 % slowdown.
    ///   - allocations: Counted allocations per operation (over 100 operations) of the named measurements.
    ///   - instructions: Instructions per operation of the named measurements, each also counted under
    ///     two other hash seeds where it did not move.
    ///   - derivedReruns: The spreads-only scenario's derived re-runs.
    ///   - forks: How many processes every measurement was taken in (`spreadMeasurement`): one, the
    ///     default, is the run's own process.
    static func comparable(
        draw: Int = 0, factors: [MeasurementKey: Double] = [:], allocations: [MeasurementKey: Int] = [:],
        instructions: [MeasurementKey: Double] = [:], derivedReruns: Int = 1, forks: Int = 1
    ) -> ResultsFile {
        let measurements = comparedMedians.map { key, median in
            var record = spreadMeasurement(key, median: median * (factors[key] ?? 1), draw: draw, forks: forks)
            if let count = allocations[key] {
                record.allocations = .counted(allocationCount(iterations: 100, allocations: count * 100, bytes: count * 3_200))
            }
            record.instructionsPerOperation = instructions[key]
            // Counted under two other seeds too, where the count did not move: a count that moved
            // decides by the threshold, as one whose spread is known to be none.
            record.instructionsUnderOtherHashSeeds = instructions[key].map { [$0, $0] }
            return record
        }
        let counts = counts(derived: derivedReruns, stored: 1)
        let judgement = Judge(limits: limits, buildConfiguration: "release", quick: false)
            .judge(measurements: measurements, counts: counts)
        return ResultsFile(
            environment: environment(), limitsFile: "limits.json", limitsSHA256: String(repeating: "ab", count: 32),
            timer: timer, method: [MeasurementResult.fixedBatchMethod],
            options: RunRecord(quick: false, filter: nil, strategy: .both, specDirectory: "spec", forks: forks),
            measurements: measurements, counts: counts, fits: [], limits: judgement.limits, decision: judgement.decision,
            readFloor: readFloor(measurements))
    }

    /// A measurement of `key` spread ±3 % around `median`: thirty samples in the run's own process, or,
    /// with `forks` above one, ten in each fork, each fork its own draw.
    static func spreadMeasurement(_ key: MeasurementKey, median: Double, draw: Int = 0, forks: Int = 1) -> MeasurementRecord {
        func record(_ samples: [Double]) -> MeasurementRecord {
            let summary = Summary(samples: samples, resamples: 10)
            return measurement(key.name, key.strategy, samples: samples, lower: summary.medianInterval.lower, upper: summary.medianInterval.upper)
        }
        guard forks > 1 else { return record(spreadSamples(median: median, draw: draw)) }
        return MeasurementRecord(mergingForks: (0..<forks).map { fork in
            record(spreadSamples(median: median, draw: draw * forks + fork, count: 10))
        })
    }

    /// The warning every comparison of two one-process `comparable` files carries: wall time was not
    /// judged.
    static let oneProcessWarning = "old and new were measured in one process: its samples do not show how much one process "
        + "differs from the next, so wall time was not judged there: a difference in it is 'cannot tell' (run with --forks)"

    /// Forks a side in the `comparable` files of tests about the wall-time rule itself: enough that the
    /// rank test of the forks' medians, Holm-adjusted over four measurements, can reach p < 0.001.
    static let judgedForks = 8

    /// The key of the derived phase read, the measurement most tests shift.
    static let derivedRead = MeasurementKey(name: phaseRead, strategy: .derived)

    /// Compares two files under `rule`.
    static func compare(_ old: ResultsFile, _ new: ResultsFile, rule: ComparisonRule = ComparisonRule()) -> ResultsComparison {
        ResultsComparison(old: ("old.json", old), new: ("new.json", new), rule: rule)
    }
}
