import Foundation
import Harness

/// `bench history --format json`: everything `scripts/history` plots, so Python never reads the results
/// schema itself.
///
/// Shape (schema 1; keys sorted, absent figures written as `null`):
///
///     { "schema": 1,
///       "measurements": [{ "name", "strategies": ["derived", ...], "shapesOverStored": ["derived", ...] }],
///       "samplesMeasurement": "phase.read.tracked(largest-strict)",
///       "limits": ["phase-read", ...],            every limit id any run has, in the order first seen
///       "strategies": ["derived", ...],           every strategy any run measured, in column order
///       "runs": [{                                in commit order (`History`)
///         "file", "environment": { as in the results file }, "mode": "full|quick", "tree": "clean|dirty|?",
///         "measurements": [{ "name", "strategy", "median", "lower", "upper", "samples": [ns...],
///                            "medianText": "2.89 ms", "text": "2.89 ms [2.85, 2.92]" }],
///         "fits": [{ "name", "strategy", "slope", "intercept", "rSquared", "points": [{"x", "y"}],
///                    "xUnit", "yUnit", "slopeText", "interceptText" }],
///         "limits": [{ "id", "metric", "strategy", "comparison", "symbol", "threshold", "unit",
///                      "thresholdText", "verdict" }],
///         "decision": { "outcome", "text", "ships", "shape"? } }] }
///
/// A run's `measurements` are those of `measurements` and of `samplesMeasurement` (whose raw samples the
/// plots draw against limit 1); timings are nanoseconds, and every `...Text` is `FigureText`'s.
struct HistoryDocument: Encodable {
    /// The layout's version; a reader refuses another.
    static let currentSchema = 1
    /// The measurement whose every sample the plots draw, against the limit judged on it.
    static let samplesMeasurement = History.phaseRead

    struct Measurement: Encodable {
        var name: String
        var strategies: [FigureStrategy]
        var shapesOverStored: [FigureStrategy]
    }

    struct Estimate: Encodable {
        var name: String
        var strategy: FigureStrategy
        var median: Double
        var lower: Double
        var upper: Double
        var samples: [Double]
        var medianText: String
        var text: String

        init(_ record: MeasurementRecord) {
            let interval = record.summary.medianInterval
            name = record.name
            strategy = record.strategy
            median = record.summary.median
            lower = interval.lower
            upper = interval.upper
            samples = record.samples
            medianText = FigureText.duration(median)
            text = FigureText.duration(median, interval: interval)
        }
    }

    struct Fit: Encodable {
        var fit: FitRecord

        private enum CodingKeys: String, CodingKey { case slopeText, interceptText }

        func encode(to encoder: any Encoder) throws {
            try fit.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            let isTime = fit.yUnit == MeasurementRecord.nanoseconds
            try container.encode(isTime ? FigureText.duration(fit.slope) : FigureText.number(fit.slope), forKey: .slopeText)
            try container.encode(
                isTime ? FigureText.duration(fit.intercept) : FigureText.number(fit.intercept), forKey: .interceptText)
        }
    }

    struct Limit: Encodable {
        var id: String
        var metric: String
        @ExplicitNull var strategy: FigureStrategy?
        var comparison: Comparison
        var symbol: String
        @ExplicitNull var threshold: Double?
        var unit: LimitUnit
        @ExplicitNull var thresholdText: String?
        var verdict: LimitOutcome

        init(_ judgement: LimitJudgement) {
            let limit = judgement.limit
            id = limit.id
            metric = limit.metric
            strategy = limit.strategy
            comparison = limit.comparison
            symbol = limit.comparison.symbol
            threshold = limit.threshold
            unit = limit.unit
            thresholdText = limit.threshold.map { FigureText.threshold($0, unit: limit.unit) }
            verdict = judgement.verdict
        }
    }

    struct Run: Encodable {
        var file: String
        var environment: MachineEnvironment
        var mode: String
        var tree: String
        var measurements: [Estimate]
        var fits: [Fit]
        var limits: [Limit]
        var decision: Decision
    }

    var schema = currentSchema
    var measurements: [Measurement]
    var samplesMeasurement = samplesMeasurement
    var limits: [String]
    var strategies: [FigureStrategy]
    var runs: [Run]

    init(_ history: History) {
        measurements = history.names.map {
            Measurement(name: $0, strategies: history.strategies($0), shapesOverStored: history.shapesOverStored($0))
        }
        limits = history.limitIDs
        strategies = FigureStrategy.allCases.filter { strategy in
            history.runs.contains { $0.results.measurements.contains { $0.strategy == strategy } }
        }
        let included = Set(history.names + [Self.samplesMeasurement])
        runs = history.runs.map { run in
            Run(
                file: run.file, environment: run.results.environment, mode: run.mode, tree: run.tree,
                measurements: run.results.measurements.filter { included.contains($0.name) }.map(Estimate.init),
                fits: run.results.fits.map(Fit.init), limits: run.results.limits.map(Limit.init),
                decision: run.results.decision)
        }
    }

    /// The document's text: sorted keys, pretty printed, ending with a newline.
    ///
    /// - Throws: `EncodingError` for a non-finite figure, which JSON cannot hold.
    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
