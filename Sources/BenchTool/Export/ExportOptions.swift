/// The options of `bench export FILE --to FORMAT`.
struct ExportOptions: Sendable, Equatable {
    /// The results file to export.
    var path: String
    /// The format written to standard output.
    var format: ExportFormat
}

/// A format other tools read benchmark results in.
enum ExportFormat: String, Sendable, Equatable, CaseIterable {
    /// Bencher Metric Format: `{ benchmark: { measure: { value, lower_value, upper_value } } }`.
    case bmf
    /// github-action-benchmark's `customSmallerIsBetter`: `[{ name, unit, value, range, extra }]`.
    case githubActionBenchmark = "github-action-benchmark"
}
