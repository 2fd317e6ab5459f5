/// The options of `bench compare`, each declared once: `CommandOption<CompareOptions>`.
typealias CompareOption = CommandOption<CompareOptions>

extension CommandOption<CompareOptions> {
    /// Every option of `bench compare`, in the order `--help` lists them.
    static var all: [Self] { [.threshold, .instructionsThreshold, .level, .significance, .failOnRegression, .asRecorded, .format, .json] }

    static var level: Self {
        Self(
            "--level", "P%",
            help: """
                the ratio's interval's confidence level (\(default: "95%")): a
                measurement is the same only when the interval's upper end is within
                the threshold
                """,
            read: { given, options throws(BenchError) in options.rule.confidenceLevel = try given.percentage() ?? options.rule.confidenceLevel })
    }

    static var significance: Self {
        Self(
            "--significance", "P%",
            help: """
                the rank test's level after Holm's adjustment over every measurement
                (\(default: "5%")): the chance that unchanged code is called slower
                anywhere; a gate that looks again spends it over its looks
                """,
            read: { given, options throws(BenchError) in options.rule.significanceLevel = try given.percentage() ?? options.rule.significanceLevel })
    }

    static var json: Self {
        Self(
            "--json", "FILE",
            help: """
                also write the comparison as JSON to FILE, a new file (one comparison
                for both, as the release gate reads them)
                """,
            read: { given, options throws(BenchError) in options.jsonPath = try given.nonEmpty() })
    }

    static var asRecorded: Self {
        Self(
            "--as-recorded",
            help: """
                count nothing: where a count moved at the fixed hash seed and a file
                has no counts under other seeds, time decides; without it, the
                files' builds count those seeds first, where at hand
                """,
            read: { $0.countsSeeds = false })
    }

    static var threshold: Self {
        Self(
            "--threshold", "P%", help: "the change in time that matters (\(default: "5%"))",
            read: { given, options throws(BenchError) in options.rule.threshold = try given.percentage() ?? options.rule.threshold })
    }

    static var instructionsThreshold: Self {
        Self(
            "--instructions-threshold", "P%", help: "the instruction-count change that matters (\(default: "1%"))",
            read: { given, options throws(BenchError) in
                options.rule.instructionsThreshold = try given.percentage() ?? options.rule.instructionsThreshold
            })
    }

    static var failOnRegression: Self {
        Self(
            "--fail-on-regression", \.failOnRegression,
            help: """
                exit 1 on a slower measurement, a changed count, or more allocations
                per operation over passes of equal length; else 3 where a measurement
                cannot tell; improvements never fail
                """)
    }

    static var format: Self {
        Self(
            "--format", "FORMAT",
            help: """
                text, markdown (a pull request comment), html (one self-contained page,
                each ratio against the threshold's band) or json (\(default: "text"))
                """,
            read: { given, options throws(BenchError) in options.format = try given.choice(of: ReportFormat.self) ?? options.format })
    }
}
