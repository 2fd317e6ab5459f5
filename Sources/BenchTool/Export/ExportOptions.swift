/// The options of `bench export FILE --to FORMAT`.
public struct ExportOptions: Sendable, Equatable {
    /// The results file to export.
    public var path: String
    /// The format written to standard output.
    public var format: ExportFormat

    /// Options for `path` as given, not yet read; the parser makes them once `--to` names a format.
    public init(path: String, format: ExportFormat) {
        self.path = path
        self.format = format
    }
}

/// A format other tools read benchmark results in.
public enum ExportFormat: String, Sendable, Equatable, CaseIterable {
    /// Bencher Metric Format: `{ benchmark: { measure: { value, lower_value, upper_value } } }`.
    case bmf
    /// github-action-benchmark's `customSmallerIsBetter`: `[{ name, unit, value, range, extra }]`.
    case githubActionBenchmark = "github-action-benchmark"
}
