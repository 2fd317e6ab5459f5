/// Turns `bench`'s arguments into a `Command`, or one line saying what is wrong.
///
/// A pure function of the argument list, so every case is a unit test; no argument-parser package.
/// The forms accepted are those `helpText` lists, and the hidden commands the bench gives the
/// processes it starts of itself, `bench child JOB ...` (`ChildCommand`), which `--help` does not
/// list. Each command's options are declared once, as `CommandOption`s (`RunOption.all`,
/// `CompareOption.all`, ...), and its scan table, its part of `helpText` and, for a run,
/// `RunOptions.arguments` follow from them.
///
/// An option's value is given as `--option value` or `--option=value`; in the first form a value that
/// starts with `--` is taken for a forgotten value, not consumed (`--filter --quick` is an error), and
/// `--option=--value` is the way to pass one. `--` ends the options. `--help` (or `-h`) anywhere asks
/// for help. Every option may be given once. A command line with several errors is refused for one:
/// the scan's first, in the order given, before any value is read; values are read in the order
/// their command declares its options.
enum CommandLineParser {
    /// Parses the arguments that follow the program name.
    ///
    /// - Parameter arguments: `CommandLine.arguments.dropFirst()`, as an array.
    /// - Returns: The command to run.
    /// - Throws: `BenchError` for an unknown option, a missing or bad value, a repeated option, an
    ///   argument out of place, or options that cannot go together.
    static func parse(_ arguments: [String]) throws(BenchError) -> Command {
        let endOfOptions = arguments.firstIndex(of: "--") ?? arguments.endIndex
        if arguments[..<endOfOptions].contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
        switch arguments.first {
        case "report": return try parseReport(Array(arguments.dropFirst()))
        case "validate": return try parseValidate(Array(arguments.dropFirst()))
        case "compare": return try parseCompare(Array(arguments.dropFirst()))
        case "export": return try parseExport(Array(arguments.dropFirst()))
        case "merge": return try parseMerge(Array(arguments.dropFirst()))
        case "profile": return try parseProfile(Array(arguments.dropFirst()))
        case ChildCommand.commandWord: return .child(try parseChild(Array(arguments.dropFirst())))
        case "history": return try parseHistory(Array(arguments.dropFirst()))
        case "bisect": return try parseBisect(Array(arguments.dropFirst()))
        case "build": return try parseBuild(Array(arguments.dropFirst()))
        case "count-seeds": return try parseCountSeeds(Array(arguments.dropFirst()))
        default: return try parseRun(arguments)
        }
    }

    // MARK: - Commands

    private static func parseRun(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: scanTable(RunOption.all, adding: ["--list": false]), command: nil)
        if let stray = scanned.positionals.first {
            let hint = ["report", "validate", "compare", "export", "merge", "profile", "history", "bisect", "build", "count-seeds"].contains(stray)
                ? " (a subcommand comes first)" : ""
            throw BenchError.usage("unexpected argument '\(stray)'\(hint)")
        }
        if scanned.has("--list") {
            let listed = Set(RunOption.forList.map(\.name))
            for option in RunOption.all where !listed.contains(option.name) && scanned.has(option) {
                throw BenchError.usage("option '\(option.name)' cannot be combined with '--list'")
            }
            let chosen = try read(RunOption.forList, from: scanned, into: .defaults)
            return .list(
                ListOptions(filter: chosen.filter, specDirectory: chosen.specDirectory, strategies: chosen.strategies, limitsPath: chosen.limitsPath))
        }
        let options = try runOptions(scanned)
        if options.otherSeeds > 0 && !options.instructions {
            throw BenchError.usage("option '--seeds' counts under other hash seeds, and needs '--instructions'")
        }
        return .run(options)
    }

    /// The run options among `scanned`'s, each one left out at its default; shared by a run and the
    /// hidden commands of its children, which take the options that choose measurements.
    static func runOptions(_ scanned: Scanned) throws(BenchError) -> RunOptions {
        try read(RunOption.all, from: scanned, into: .defaults)
    }

    private static func parseReport(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: scanTable(ReportOption.all), command: "report")
        let path = try onePath(scanned.positionals, command: "report")
        let options = try read(ReportOption.all, from: scanned, into: ReportOptions(path: path, output: .report(.text)))
        let (format, document) = (ReportOption.format.name, ReportOption.benchmarksDocument.name)
        if scanned.has(format), scanned.has(document) { throw BenchError.usage("option '\(format)' cannot be combined with '\(document)'") }
        return .report(options)
    }

    private static func parseValidate(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: [:], command: "validate")
        return .validate(path: try onePath(scanned.positionals, command: "validate"))
    }

    private static func parseCompare(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: scanTable(CompareOption.all), command: "compare")
        guard scanned.positionals.count >= 2 else { throw BenchError.usage("'compare' needs two results files, OLD and NEW") }
        guard scanned.positionals.count == 2 else { throw BenchError.usage("unexpected argument '\(scanned.positionals[2])'") }
        for path in scanned.positionals where path.isEmpty { throw BenchError.usage("'compare' needs non-empty OLD and NEW") }
        let compared = CompareOptions(
            oldPath: scanned.positionals[0], newPath: scanned.positionals[1], rule: ComparisonRule(), failOnRegression: false, format: .text)
        return .compare(try read(CompareOption.all, from: scanned, into: compared))
    }

    private static func parseExport(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: ["--to": true], command: "export")
        let path = try onePath(scanned.positionals, command: "export")
        guard let format = try scanned["--to"].choice(of: ExportFormat.self) else {
            throw BenchError.usage("'export' needs '--to \(choices(of: ExportFormat.self))'")
        }
        return .export(ExportOptions(path: path, format: format))
    }

    private static func parseMerge(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: ["--out": true, "--instructions-from": true], command: "merge")
        guard !scanned.positionals.isEmpty else { throw BenchError.usage("'merge' needs the results files to merge") }
        for path in scanned.positionals where path.isEmpty { throw BenchError.usage("'merge' needs non-empty FILE names") }
        guard let output = try scanned["--out"].nonEmpty() else { throw BenchError.usage("'merge' needs '--out FILE'") }
        return .merge(
            MergeOptions(paths: scanned.positionals, outputPath: output, instructionsFrom: try scanned["--instructions-from"].nonEmpty()))
    }

    private static func parseHistory(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: scanTable(HistoryOption.all), command: "history")
        if let stray = scanned.positionals.first { throw BenchError.usage("unexpected argument '\(stray)'") }
        return .history(try read(HistoryOption.all, from: scanned, into: HistoryOptions()))
    }

    private static func parseBisect(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: scanTable(BisectOption.all), command: "bisect")
        guard scanned.positionals.count >= 2 else { throw BenchError.usage("'bisect' needs two revisions, GOOD and BAD") }
        guard scanned.positionals.count == 2 else { throw BenchError.usage("unexpected argument '\(scanned.positionals[2])'") }
        for revision in scanned.positionals where revision.isEmpty { throw BenchError.usage("'bisect' needs non-empty GOOD and BAD") }
        let options = try read(BisectOption.all, from: scanned, into: BisectOptions(good: scanned.positionals[0], bad: scanned.positionals[1]))
        let timing = [BisectOption.forks, .mostForks, .threshold].first { scanned.has($0) }
        if let timing, !options.time { throw BenchError.usage("'\(timing.name)' times commits: it goes with '--time'") }
        if options.time, scanned.has(BisectOption.asRecorded) { throw BenchError.usage("'--as-recorded' counts a culprit under other seeds: it does not go with '--time'") }
        guard options.mostForks >= options.forksToStart else {
            throw BenchError.usage("'--most-forks \(options.mostForks)' is fewer than '--forks \(options.forksToStart)'")
        }
        return .bisect(options)
    }

    private static func parseBuild(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: [:], command: "build")
        guard let revision = scanned.positionals.first, !revision.isEmpty else { throw BenchError.usage("'build' needs a revision") }
        guard scanned.positionals.count == 1 else { throw BenchError.usage("unexpected argument '\(scanned.positionals[1])'") }
        return .build(revision: revision)
    }

    private static func parseCountSeeds(_ arguments: [String]) throws(BenchError) -> Command {
        let scanned = try scan(arguments, options: ["--spec": true], command: "count-seeds")
        guard let path = scanned.positionals.first, !path.isEmpty else { throw BenchError.usage("'count-seeds' needs a REQUEST file") }
        guard scanned.positionals.count == 1 else { throw BenchError.usage("unexpected argument '\(scanned.positionals[1])'") }
        let spec = try scanned["--spec"].nonEmpty() ?? RunOptions.defaults.specDirectory
        return .countSeeds(requestPath: path, specDirectory: spec)
    }

    private static func parseProfile(_ arguments: [String]) throws(BenchError) -> Command {
        if arguments.first == "diff" {
            let scanned = try scan(Array(arguments.dropFirst()), options: ["--out": true], command: "profile diff")
            guard scanned.positionals.count >= 2 else { throw BenchError.usage("'profile diff' needs two profile directories, OLD_DIR and NEW_DIR") }
            guard scanned.positionals.count == 2 else { throw BenchError.usage("unexpected argument '\(scanned.positionals[2])'") }
            for path in scanned.positionals where path.isEmpty { throw BenchError.usage("'profile diff' needs non-empty OLD_DIR and NEW_DIR") }
            return .profileDiff(
                ProfileDiffOptions(
                    oldDirectory: scanned.positionals[0], newDirectory: scanned.positionals[1], outputDirectory: try scanned["--out"].nonEmpty()))
        }
        if arguments.first == "markdown" {
            let scanned = try scan(Array(arguments.dropFirst()), options: [:], command: "profile markdown")
            guard !scanned.positionals.isEmpty, !scanned.positionals.contains("") else {
                throw BenchError.usage("'profile markdown' needs one or more profile directories")
            }
            return .profileMarkdown(directories: scanned.positionals)
        }
        let scanned = try scan(arguments, options: scanTable(ProfileOption.all), command: "profile")
        if let stray = scanned.positionals.first { throw BenchError.usage("unexpected argument '\(stray)' for 'profile'") }
        let defaults = ProfileOptions(
            filter: nil, strategies: RunOptions.defaults.strategies, specDirectory: RunOptions.defaults.specDirectory, outputDirectory: nil)
        return .profile(try read(ProfileOption.all, from: scanned, into: defaults))
    }

    private static func onePath(_ positionals: [String], command: String) throws(BenchError) -> String {
        guard let path = positionals.first else { throw BenchError.usage("'\(command)' needs a results FILE") }
        guard positionals.count == 1 else { throw BenchError.usage("unexpected argument '\(positionals[1])'") }
        guard !path.isEmpty else { throw BenchError.usage("'\(command)' needs a non-empty FILE") }
        return path
    }
}
