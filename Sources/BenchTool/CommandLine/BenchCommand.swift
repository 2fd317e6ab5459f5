import Foundation
import Harness
import Runtime
import Workloads

/// The `bench` command: parses the arguments, runs what they ask for, and says how it ended.
///
/// Exit status: 0 when every limit passes, 1 when a limit fails, is undecided or is not judged,
/// 2 for a usage or input error (one line on standard error saying what and where), 3 when too noisy
/// to decide (a limit the decision needed still undecided on forks the machine disturbed). `compare`
/// exits 1 only for a regression under `--fail-on-regression`, and 3 there when nothing regressed but
/// a measurement cannot tell.
public enum BenchCommand {
    /// Runs the command line `arguments` (without the program name): dispatches to the command,
    /// writes what it returns, and returns its exit status. An error says its lines on standard error
    /// and exits with its status (2 for a usage or input error).
    public static func main(_ arguments: [String]) -> Int32 {
        let output: CommandOutput
        do {
            output = try dispatch(arguments)
        } catch let error as BenchError {
            output = .refusal(error)
        } catch {
            output = .refusal(BenchError("\(error)"))
        }
        // A signal ended the run's children, and what they answered is no failure to report: the
        // interruption says its own line and exits.
        if Interruption.isUnderway { Interruption.waitForExit() }
        return write(output)
    }

    /// What the command of `arguments` returns; everything but a run's progress is in it.
    static func dispatch(_ arguments: [String]) throws -> CommandOutput {
        switch try CommandLineParser.parse(arguments) {
        case .help:
            return CommandOutput(standardOutput: CommandLineParser.helpText + "\n")
        case .list(let options):
            return try list(options)
        case .report(let options):
            return try report(options)
        case .validate(let path):
            let results = try ResultsValidator.validate(path: path)
            return CommandOutput(
                standardOutput: "\(path): valid results file (schema \(results.schema), \(results.measurements.count) measurements, "
                    + "\(results.counts.count) counts)\n")
        case .compare(let options):
            let seeds = BuildCheckout.root.map { root in
                SeedsOnDemand(root: root.path) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }.count
            }
            return CompareCommand.run(options, seeds: seeds)
        case .countSeeds(let requestPath, let specDirectory):
            return try CountSeedsCommand.run(requestPath: requestPath, specDirectory: specDirectory)
        case .export(let options):
            return ExportCommand.run(options)
        case .merge(let options):
            return MergeCommand.run(options)
        case .run(let options):
            return try RunCommand.run(options)
        case .profile(let options):
            return try ProfileCommand.run(options)
        case .profileDiff(let options):
            return ProfileDiffCommand.run(options)
        case .profileMarkdown(let directories):
            return ProfileMarkdown.run(directories: directories)
        case .child(let child):
            return try runChild(child)
        case .history(let options):
            return HistoryCommand.run(options)
        case .bisect(let options):
            return try BisectCommand.run(options)
        case .build(let revision):
            return try BuildCommand.run(revision: revision)
        }
    }

    private static func write(_ output: CommandOutput) -> Int32 {
        // Warnings first, so they are read before the figures they qualify.
        for line in output.standardError { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        print(output.standardOutput, terminator: "")
        for line in output.closingLines { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        return output.status
    }

    /// Does the job the parent gave this process (`ChildCommand`): an empty output, exit 0, once its
    /// answer is complete.
    private static func runChild(_ child: ChildCommand) throws -> CommandOutput {
        switch child.job {
        case .fork(let index, let count, let recordsPath, let measurements, let estimate, let orderSeed):
            try ForkedRun.runFork(
                child.options, index: index, count: count, recordsPath: recordsPath, measurements: measurements, estimate: estimate,
                orderSeed: orderSeed)
        case .countInstructions(let dumpsDirectory, let measurements, let probeApart):
            try InstructionPass.runChild(child.options, dumpsDirectory: dumpsDirectory, measurements: measurements, probeApart: probeApart)
        case .sampleProfile(let measurement, let seconds):
            try SampledProfilePass.runChild(child.options, measurement: measurement, seconds: seconds)
        }
        return CommandOutput(standardOutput: "")
    }

    // MARK: - List, report

    /// `bench --list`: the listing, after a look at the machine, so a user sees before a run whether
    /// other work would be load on it (a second of the machine's CPU pressure and steal).
    private static func list(_ options: ListOptions) throws -> CommandOutput {
        let lines = try listing(options)
        return CommandOutput(standardOutput: ([lines[0], ForkLoadSummary.lookAtTheMachine()] + lines.dropFirst()).map { $0 + "\n" }.joined())
    }

    /// What `bench --list` prints: the files it read and the subjects as `#` lines, then each
    /// measurement the options select (`name [strategy]`), then each scenario (`name [counts]`).
    ///
    /// - Throws: what loading the limits or the spec throws.
    static func listing(_ options: ListOptions) throws -> [String] {
        let runOptions = RunOptions(
            quick: false, filter: options.filter, specDirectory: options.specDirectory, limitsPath: RunOptions.defaults.limitsPath,
            outputPath: nil, format: .text, strategies: options.strategies)
        let (limits, subjects, suite) = try RunCommand.checkedSuite(runOptions, limitsPath: options.limitsPath)
        let records = RunCommand.subjectRecords(subjects)
        var lines = ["# limits \(options.limitsPath), fixtures \(options.specDirectory)"] + subjects.spec.unplacedErrorNotes.map { "# \($0)" }
        for record in records {
            lines.append("# \(JudgedSubject.isJudged(record, by: limits.limits) ? "judging" : "counting") \(record.line)")
            if let fieldErrors = record.fieldErrors { lines.append("# \(fieldErrors.line)") }
        }
        lines += JudgedSubject.lines(limits.limits, subjects: records).map { "# \($0)" } + RunCommand.missingSubjects(subjects).map { "# \($0)" }
        for measurement in SuiteRunner.selected(suite, options: runOptions) {
            lines.append(measurement.key.label)
        }
        lines += SuiteRunner.selectedScenarios(subjects, options: runOptions).map { "\($0.0.name) [counts]" }
        return lines
    }

    private static func report(_ options: ReportOptions) throws -> CommandOutput {
        let results = try ResultsValidator.validate(path: options.path)
        return switch options.output {
        case .report(let format): CommandOutput(standardOutput: Report.render(results, format: format))
        case .benchmarksDocument:
            CommandOutput(standardOutput: BenchmarksDocument.render(results, resultsPath: options.path))
        }
    }
}
