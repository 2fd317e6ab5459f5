import Foundation

/// A results file as github-action-benchmark's `customSmallerIsBetter` JSON.
///
/// An array of `{ name, unit, value, range, extra }`, one entry per figure, every one of which is
/// smaller-is-better:
///
/// - `LABEL` in `ns`: the median, its `range` `± H` where `H` is the larger distance from the median to
///   an end of its 95 % interval (the action shows a symmetric range; the wider side is the honest one),
///   and `extra` giving the interval itself, the sample count and the commit;
/// - `LABEL allocations` in `allocations/op`, when counted;
/// - `LABEL instructions` in `instructions/op`, when counted.
///
/// `LABEL` is the measurement's `MeasurementKey.label`. Entries follow the file's measurement order.
enum GitHubActionBenchmarkFormat {
    /// One entry of the array.
    struct Entry: Encodable, Equatable {
        var name: String
        var unit: String
        var value: Double
        var range: String?
        var extra: String?
    }

    /// Every entry, in the file's measurement order.
    static func entries(_ results: ResultsFile) -> [Entry] {
        let commit = String(results.environment.commit.prefix(7))
        return results.measurements.flatMap { measurement in
            let label = measurement.key.label
            let summary = measurement.summary
            let interval = summary.medianInterval
            let reach = max(summary.median - interval.lower, interval.upper - summary.median)
            var entries = [
                Entry(
                    name: label, unit: "ns", value: summary.median, range: "± \(FigureText.number(reach))",
                    extra: "median of \(summary.count) samples, \(Int((interval.level * 100).rounded()))% CI "
                        + "[\(FigureText.number(interval.lower)), \(FigureText.number(interval.upper))] ns; commit \(commit)")
            ]
            if let allocations = measurement.allocations.allocationsPerOperation {
                entries.append(Entry(name: "\(label) allocations", unit: "allocations/op", value: allocations))
            }
            if let instructions = measurement.instructionsPerOperation {
                entries.append(Entry(name: "\(label) instructions", unit: "instructions/op", value: instructions))
            }
            return entries
        }
    }

    /// The JSON array: sorted keys, pretty printed, ending with a newline.
    ///
    /// - Throws: `EncodingError` for a non-finite figure, which JSON cannot hold.
    static func encode(_ results: ResultsFile) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries(results)), as: UTF8.self) + "\n"
    }
}
