import Foundation

/// A results file as Bencher Metric Format (BMF) JSON, for Bencher's `json` adapter.
///
/// One benchmark per measurement, named by its `MeasurementKey.label`
/// (`phase.read.tracked(largest-strict) [derived]`), with up to three measures:
///
/// - `latency` (Bencher's built-in measure, nanoseconds): the median, with the file's 95 % bootstrap
///   interval of the median as `lower_value` and `upper_value`;
/// - `allocations`: heap allocations per operation, when counted;
/// - `instructions`: instructions per operation, when counted.
///
/// A figure that was not counted is left out, never written as zero. Body re-run counts are not
/// exported: they are exact, and `bench compare` gates on them.
enum BencherMetricFormat {
    /// One measure's figures: BMF's `value`, `lower_value` and `upper_value`.
    struct Metric: Encodable, Equatable {
        var value: Double
        var lowerValue: Double?
        var upperValue: Double?

        private enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }

    /// The measures of every measurement, by benchmark name, then by measure slug.
    static func benchmarks(_ results: ResultsFile) -> [String: [String: Metric]] {
        var benchmarks: [String: [String: Metric]] = [:]
        for measurement in results.measurements {
            let interval = measurement.summary.medianInterval
            var measures = [
                "latency": Metric(value: measurement.summary.median, lowerValue: interval.lower, upperValue: interval.upper)
            ]
            if let allocations = measurement.allocations.allocationsPerOperation {
                measures["allocations"] = Metric(value: allocations)
            }
            if let instructions = measurement.instructionsPerOperation {
                measures["instructions"] = Metric(value: instructions)
            }
            benchmarks[measurement.key.label] = measures
        }
        return benchmarks
    }

    /// The BMF JSON of `results`: sorted keys, pretty printed, ending with a newline.
    ///
    /// - Throws: `EncodingError` for a non-finite figure, which JSON cannot hold.
    static func encode(_ results: ResultsFile) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(benchmarks(results)), as: UTF8.self) + "\n"
    }
}
