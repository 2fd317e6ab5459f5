/// The options of `bench bisect`, each declared once: `CommandOption<BisectOptions>`.
typealias BisectOption = CommandOption<BisectOptions>

extension CommandOption<BisectOptions> {
    /// Every option of `bench bisect`, in the order its usage line lists them; the line's
    /// description in `--help` says what they do, so none has help of its own.
    static var all: [Self] { [.filter, .shape, .instructionsThreshold, .asRecorded, .out, .time, .forks, .mostForks, .threshold] }

    static var asRecorded: Self {
        Self("--as-recorded", help: "", read: { $0.countsSeeds = false })
    }

    static var filter: Self {
        Self("--filter", "PATTERN", help: "", read: { given, options throws(BenchError) in options.filter = try given.filter() })
    }

    static var instructionsThreshold: Self {
        Self(
            "--instructions-threshold", "P%", help: "",
            read: { given, options throws(BenchError) in
                options.instructionsThreshold = try given.percentage() ?? options.instructionsThreshold
            })
    }

    static var time: Self {
        Self("--time", help: "", read: { $0.time = true })
    }

    static var forks: Self {
        Self(
            "--forks", "N", help: "",
            read: { given, options throws(BenchError) in options.forksToStart = try given.wholeNumber(in: 2...1000) ?? options.forksToStart })
    }

    static var mostForks: Self {
        Self(
            "--most-forks", "M", help: "",
            read: { given, options throws(BenchError) in options.mostForks = try given.wholeNumber(in: 2...1000) ?? options.mostForks })
    }

    static var threshold: Self {
        Self(
            "--threshold", "P%", help: "",
            read: { given, options throws(BenchError) in options.threshold = try given.percentage() ?? options.threshold })
    }

    static var out: Self {
        Self("--out", "DIR", help: "", read: { given, options throws(BenchError) in options.outputDirectory = try given.nonEmpty() })
    }
}
