/// The options of a run, each declared once: `CommandOption<RunOptions>`.
typealias RunOption = CommandOption<RunOptions>

extension RunOptions {
    /// The command line that parses back to these options: each option that differs from its default.
    ///
    /// Values go as `--option=value`, so that one that starts with `-` (a filter `-h`, say) stays a
    /// value. The forks are left out when they are the default of a full or a `--quick` run.
    var arguments: [String] {
        RunOption.all.compactMap { $0.argument?(self) }
    }
}

// MARK: - Declarations

extension CommandOption<RunOptions> {
    /// Every option of a run, in the order `--help` lists them and `RunOptions.arguments` writes them.
    static var all: [Self] {
        [
            .quick, .instructions, .seeds, .forks, .filter, .spec, .limits, .out, .format, .shape, .quiet, .countsFrom, .batchSizesFrom,
        ]
    }

    /// The options `bench --list` takes: those that change which measurements exist, and the limits
    /// whose operations it names.
    static var forList: [Self] { [.filter, .spec, .shape, .limits] }

    static var quick: Self {
        Self(
            "--quick", \.quick,
            help: """
                few samples, for CI: count limits gate, timing verdicts are only
                indicative (\(default: "off"))
                """)
    }

    static var instructions: Self {
        Self(
            "--instructions", \.instructions,
            help: """
                also count instructions per operation under valgrind's callgrind:
                exact, repeatable figures to diff across commits on a noisy machine
                (a few minutes; needs valgrind and setarch; see README)
                """)
    }

    static var seeds: Self {
        Self(
            "--seeds", "N",
            help: """
                with --instructions, count each measurement again under up to N
                random hash seeds, to see how far its count moves with where hashed
                values land: the first 2 over every measurement, the rest over those
                that moved a little there (the run of record takes 6); bench compare
                counts them itself where a count moved and a file has none
                (\(default: "0, the fixed seed alone"))
                """,
            read: { given, options throws(BenchError) in
                options.otherSeeds = try given.wholeNumber(in: 0...RunOptions.maximumOtherSeeds) ?? 0
            },
            value: { $0.otherSeeds == 0 ? nil : "\($0.otherSeeds)" })
    }

    /// Its default is a full or a `--quick` run's, so it is read after `--quick`.
    static var forks: Self {
        Self(
            "--forks", "N",
            help: """
                take the samples in N fresh processes, one after another, so that a
                comparison across runs sees how much one process differs from the next
                (\(default: "\(RunOptions.defaultForks); \(RunOptions.defaultQuickForks), the run's own process, with --quick")).
                A run of the limits file's first look (8) whose decision waits on an
                undecided limit takes more forks of just what it reads (16, then 32)
                """,
            read: { given, options throws(BenchError) in
                options.forks = try given.wholeNumber(in: 1...RunOptions.maximumForks) ?? RunOptions.defaultForks(quick: options.quick)
            },
            value: { $0.forks == RunOptions.defaultForks(quick: $0.quick) ? nil : "\($0.forks)" })
    }

    static var filter: Self {
        Self(
            "--filter", "PATTERN",
            help: """
                run only the measurements and counts whose name contains PATTERN; with
                '*' (any characters) or '?' (one character) PATTERN is a glob that
                must match the whole name, e.g. 'phase.read.*'; 'A|B' chooses what A
                or B chooses (\(default: "all")). A limit whose metric is filtered out
                is not judged, and the run exits 1
                """,
            read: { given, options throws(BenchError) in options.filter = try given.filter() },
            value: { $0.filter?.pattern })
    }

    static var spec: Self {
        Self(
            "--spec", "DIR", help: "the fixtures to build the workloads from (\(default: "spec"))",
            read: { given, options throws(BenchError) in options.specDirectory = try given.nonEmpty() ?? options.specDirectory },
            value: { $0.specDirectory == RunOptions.defaults.specDirectory ? nil : $0.specDirectory })
    }

    static var limits: Self {
        Self(
            "--limits", "FILE", help: "the limits to judge against (\(default: "limits.json"))",
            read: { given, options throws(BenchError) in options.limitsPath = try given.nonEmpty() ?? options.limitsPath },
            value: { $0.limitsPath == RunOptions.defaults.limitsPath ? nil : $0.limitsPath })
    }

    static var out: Self {
        Self(
            "--out", "FILE",
            help: """
                write the results file here; refuses to overwrite an existing file
                (\(default: "a new file results/<UTC yyyyMMdd-HHmmss>-<commit>[-dirty]-<hex>.json"))
                """,
            read: { given, options throws(BenchError) in options.outputPath = try given.nonEmpty() },
            value: { $0.outputPath })
    }

    static var format: Self {
        Self(
            "--format", "FORMAT",
            help: """
                the report on standard output: text, json, markdown or html (one
                self-contained page with charts) (\(default: "text"))
                """,
            read: { given, options throws(BenchError) in options.format = try given.choice(of: ReportFormat.self) ?? options.format },
            value: { $0.format == RunOptions.defaults.format ? nil : $0.format.rawValue })
    }

    static var countsFrom: Self {
        Self(
            "--counts-from", "FILE",
            help: """
                take the body re-run counts from FILE, a results file of this build
                (same commit, spec and selection), instead of counting them again:
                they are exact, so runs made one after another need them once
                (\(default: "counted"))
                """,
            read: { given, options throws(BenchError) in options.countsFrom = try given.nonEmpty() },
            value: { $0.countsFrom })
    }

    static var batchSizesFrom: Self {
        Self(
            "--batch-sizes", "FILE",
            help: """
                time each measurement in batches of the size most of FILE's forks
                took (a results file; the other build's serves), instead of each
                process calibrating its own, so two builds' forks differ by the code
                and not by a batch size drawn near a doubling's edge
                (\(default: "calibrated in each process"))
                """,
            read: { given, options throws(BenchError) in options.batchSizesFrom = try given.nonEmpty() },
            value: { $0.batchSizesFrom })
    }

    static var quiet: Self {
        Self(
            "--quiet", \.quiet,
            help: """
                print the report alone: no progress, phase times or results-file
                line on standard error, only errors (\(default: "off"))
                """)
    }
}
