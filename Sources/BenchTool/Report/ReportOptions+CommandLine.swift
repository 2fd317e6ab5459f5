/// The options of `bench report`, each declared once: `CommandOption<ReportOptions>`.
typealias ReportOption = CommandOption<ReportOptions>

extension CommandOption<ReportOptions> {
    /// Every option of `bench report`, in the order `--help` lists them.
    static var all: [Self] { [.format, .benchmarksDocument] }

    static var format: Self {
        Self(
            "--format", "FORMAT",
            help: """
                text, json, markdown or html (one self-contained page: the decision,
                the limits, each shape's fork medians, the curves; \(default: "text"))
                """,
            read: { given, options throws(BenchError) in
                if let format = try given.choice(of: ReportFormat.self) { options.output = .report(format) }
            })
    }

    static var benchmarksDocument: Self {
        Self(
            "--benchmarks-md",
            help: """
                print the whole BENCHMARKS.md for this results file instead, to be
                redirected into BENCHMARKS.md
                """,
            read: { $0.output = .benchmarksDocument })
    }
}
