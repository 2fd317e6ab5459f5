/// The options of `bench history`, each declared once: `CommandOption<HistoryOptions>`.
typealias HistoryOption = CommandOption<HistoryOptions>

extension CommandOption<HistoryOptions> {
    /// Every option of `bench history`, in the order its usage line lists them; the line's
    /// description in `--help` says what they do, so none has help of its own.
    static var all: [Self] { [.results, .measurements, .format] }

    static var results: Self {
        Self(
            "--results", "DIR", help: "",
            read: { given, options throws(BenchError) in options.resultsDirectory = try given.nonEmpty() ?? options.resultsDirectory })
    }

    static var measurements: Self {
        Self(
            "--measurements", "PATTERN", help: "",
            read: { given, options throws(BenchError) in options.measurements = try given.nonEmpty().map(MeasurementFilter.init(pattern:)) })
    }

    static var format: Self {
        Self(
            "--format", CommandLineParser.choices(of: HistoryFormat.self), help: "",
            read: { given, options throws(BenchError) in options.format = try given.choice(of: HistoryFormat.self) ?? options.format })
    }
}
