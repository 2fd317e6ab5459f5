/// The options of `bench compare`, each declared once: `CommandOption<CompareOptions>`.
typealias CompareOption = CommandOption<CompareOptions>

extension CommandOption<CompareOptions> {
    /// Every option of `bench compare`, in the order `--help` lists them.
    static var all: [Self] { [.threshold, .instructionsThreshold, .level, .failOnRegression, .asRecorded, .format, .json] }

    static var level: Self {
        Self(
            "--level", "P%",
            help: """
                the ratio's interval's confidence level; the rank test's significance
                is 1 - P (\(default: "95%")); a gate that looks again spends its error
                over its looks with a higher one
                """,
            read: { given, options throws(BenchError) in
                guard let level = try given.percentage() else { return }
                options.rule.confidenceLevel = level
                // Rounded to the percentage's own digits: 95% is a significance of 0.05, not 0.050000000000000044.
                options.rule.significanceLevel = ((1 - level) * 1e12).rounded() / 1e12
            })
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
