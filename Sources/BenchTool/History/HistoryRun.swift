import Foundation
import Harness

/// One results file as the history shows it: the file read by `ResultsReader`, and the date it ran.
struct HistoryRun: Sendable, Equatable {
    /// The file's name within the results directory.
    var file: String
    /// The file, as `bench report` reads it.
    var results: ResultsFile
    /// `environment.date`, parsed: runs of one commit are ordered by it.
    var date: Date

    /// A run of `results`, which `ResultsReader` read from `path`; `file` is its name in the results
    /// directory, and the date is parsed here.
    ///
    /// - Throws: `BenchError` when `environment.date` is not an ISO 8601 date; `path` names the file.
    init(file: String, results: ResultsFile, path: String) throws(BenchError) {
        guard let date = Self.date(results.environment.date) else {
            throw .notAResultsFile(path, "'environment.date' '\(results.environment.date)' is not an ISO 8601 date")
        }
        self.file = file
        self.results = results
        self.date = date
    }

    /// The first seven digits of the commit, as the tables show it.
    var shortCommit: String { String(results.environment.commit.prefix(7)) }

    /// `quick` or `full`.
    var mode: String { results.options.quick ? "quick" : "full" }

    /// `dirty`, `clean`, or `?` when the run could not tell.
    var tree: String {
        switch results.environment.dirtyTree {
        case true?: "dirty"
        case false?: "clean"
        case nil: "?"
        }
    }

    /// The date in UTC to the second, `2026-11-30T21:37:26Z`, however the file wrote it.
    var dateText: String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// The run's measurement of `name` under `strategy`, if it made one.
    func measurement(_ name: String, _ strategy: FigureStrategy) -> MeasurementRecord? {
        results.measurements.record(MeasurementKey(name: name, strategy: strategy))
    }

    /// The verdict of the limit `id`, if the run was judged against it.
    func verdict(_ id: String) -> LimitOutcome? {
        results.limits.first { $0.limit.id == id }?.verdict
    }

    /// An ISO 8601 date with or without fractional seconds; one without an offset is taken as UTC, as
    /// the bench writes UTC.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) ?? formatter.date(from: text + "Z") { return date }
        }
        return nil
    }
}
