/// The options of `bench history`, as `HistoryOption.all` declares them.
struct HistoryOptions: Sendable, Equatable {
    /// The directory whose `*.json` files are the runs.
    var resultsDirectory: String
    /// Which measurements the tables show; `nil` shows `KeyMeasurements.history`.
    var measurements: MeasurementFilter?
    /// How the history is written to standard output.
    var format: HistoryFormat

    /// The directory runs are read from when none is given.
    static let defaultResultsDirectory = BuildCheckout.path("results")

    /// The options of a bare `bench history`, which the parser starts from: the checkout's `results/`,
    /// `KeyMeasurements.history`'s measurements, text.
    init(
        resultsDirectory: String = defaultResultsDirectory, measurements: MeasurementFilter? = nil, format: HistoryFormat = .text
    ) {
        self.resultsDirectory = resultsDirectory
        self.measurements = measurements
        self.format = format
    }
}

/// How `bench history` writes the runs.
enum HistoryFormat: String, Sendable, Equatable, CaseIterable {
    /// Aligned columns, one section per measurement, then the verdicts.
    case text
    /// The same sections as GitHub tables.
    case markdown
    /// One row per run, raw nanoseconds, for a spreadsheet.
    case tsv
    /// Everything the plots draw (`HistoryDocument`).
    case json
}
