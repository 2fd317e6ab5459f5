extension CommandLineParser {
    /// `bench history [--results DIR] [--measurements PATTERN] [--format text|markdown|tsv|json]`.
    static func parseHistory(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: ["--results": true, "--measurements": true, "--format": true], command: "history")
        if let stray = scanned.positionals.first { throw BenchError.usage("unexpected argument '\(stray)'") }
        return .history(
            HistoryOptions(
                resultsDirectory: try scanned["--results"].nonEmpty() ?? HistoryOptions.defaultResultsDirectory,
                measurements: try scanned["--measurements"].nonEmpty().map(MeasurementFilter.init(pattern:)),
                format: try scanned["--format"].choice(of: HistoryFormat.self) ?? .text))
    }
}
