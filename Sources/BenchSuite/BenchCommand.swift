import BenchKit
import Foundation
import Harness
import Runtime
import Workloads

/// The `bench` command: parses the arguments, runs what they ask for, and says how it ended.
///
/// Exit status: 0 when every limit passes, 1 when a limit fails, is inconclusive or is not judged,
/// 2 for a usage or input error (one line on standard error saying what and where). `compare` exits 1
/// only for a regression under `--fail-on-regression`.
public enum BenchCommand {
    /// Runs the command line `arguments` (without the program name); returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        do {
            switch try CommandLineParser.parse(arguments) {
            case .help:
                print(CommandLineParser.helpText)
                return ExitStatus.passed.rawValue
            case .list(let options):
                return try list(options)
            case .report(let options):
                return try report(options)
            case .validate(let path):
                let results = try ResultsValidator.validate(path: path)
                print("\(path): valid results file (schema \(results.schema), \(results.measurements.count) measurements, \(results.counts.count) counts)")
                return ExitStatus.passed.rawValue
            case .compare(let options):
                return write(CompareCommand.run(options))
            case .export(let options):
                return write(ExportCommand.run(options))
            case .merge(let options):
                return write(MergeCommand.run(options))
            case .run(let options):
                return try run(options)
            }
        } catch let error as UsageError {
            return fail(error.line)
        } catch let error as LimitsError {
            return fail("bench: \(error.line)")
        } catch let error as ResultsFileError {
            return fail("bench: \(error.line)")
        } catch {
            return fail("bench: \(error)")
        }
    }

    private static func write(_ output: CommandOutput) -> Int32 {
        // Warnings first, so they are read before the figures they qualify.
        for line in output.standardError { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        print(output.standardOutput, terminator: "")
        return output.status
    }

    private static func fail(_ line: String) -> Int32 {
        FileHandle.standardError.write(Data((line + "\n").utf8))
        return ExitStatus.usageOrInputError.rawValue
    }

    // MARK: - Run

    private static func run(_ options: RunOptions) throws -> Int32 {
        if options.instructions, let outputDirectory = InstructionPass.childOutputDirectory {
            try InstructionPass.runChild(options, outputDirectory: outputDirectory)
            return ExitStatus.passed.rawValue
        }
        if let role = ForkedRun.role {
            try ForkedRun.runFork(options, role: role)
            return ExitStatus.passed.rawValue
        }
        let limits = try LimitsFile.load(path: options.limitsPath)
        let subjects = try BenchSubjects(specDirectory: URL(fileURLWithPath: options.specDirectory))
        let suite = Suite(subjects: subjects)
        let picks = subjectRecords(subjects)
        let announce = picks.map { "judging \($0.line)" } + (suite.scalingUnavailable.map { ["fixture-size curve not measured: \($0)"] } ?? [])
        for line in announce { FileHandle.standardError.write(Data((line + "\n").utf8)) }

        let started = Date()
        // The callgrind pass goes first: it is the long one, and a missing valgrind should stop the run
        // before the timed pass, not after it.
        let progress = ProgressLine()
        let instructions = try options.instructions
            ? InstructionPass.count(options, selected: SuiteRunner.selected(suite, options: options), progress: progress) : nil
        let runner = SuiteRunner(options: options, progress: progress)
        let counts = try runner.count(subjects)
        let timed = options.forks > 1
            ? try ForkedRun.measure(options, expected: runner.selected(suite), progress: progress) : try runner.measure(suite)
        let fits = runner.fits(timed, suite: suite)
        let measurements = instructions.map { InstructionPass.fill(timed, with: $0) } ?? timed
        let configuration = MachineEnvironment.compiledConfiguration
        let judgement = Judge(limits: limits.limits, buildConfiguration: configuration, quick: options.quick)
            .judge(measurements: measurements, counts: counts)
        let environment = MachineEnvironment.capture(date: started)
        let results = ResultsFile(
            environment: environment, limitsFile: options.limitsPath, limitsSHA256: limits.sha256, timer: runner.timer,
            method: method(options), options: RunRecord(options), measurements: measurements, counts: counts,
            fits: fits, limits: judgement.limits, decision: judgement.decision, subjects: picks,
            scaling: suite.scaling(measured: measurements.map(\.name)))
        let path: String
        if let outputPath = options.outputPath {
            try ResultsWriter.write(results, toNewFile: outputPath)
            path = outputPath
        } else {
            path = try ResultsWriter().write(results, date: started)
        }
        print(Report.render(results, format: options.format), terminator: "")
        FileHandle.standardError.write(Data("bench: results written to \(path) in \(Int(Date().timeIntervalSince(started).rounded())) s\n".utf8))
        return judgement.exitStatus.rawValue
    }

    /// The results file's `method`: the sampling method, how instructions were counted when they were,
    /// and, loudly, whether the A/B switch added work to every tracked read.
    private static func method(_ options: RunOptions) -> String {
        let abSwitch = Store.isExtraReadWorkOn ? "A/B SWITCH ON (BENCH_AB_EXTRA_WORK=1): extra work on every tracked read; " : ""
        let forks = options.forks > 1
            ? "; samples from \(options.forks) forks (fresh processes of this build, one after another), "
                + "each median's interval by two-stage bootstrap over them" : ""
        let timing = abSwitch + MeasurementResult.fixedBatchMethod + forks
        guard options.instructions else { return timing }
        let counter = InstructionCounter(outputDirectory: "")
        return timing + "; "
            + InstructionPass.method(counter, valgrindVersion: CallgrindLaunch.valgrindVersion() ?? "valgrind of unknown version")
    }

    static func subjectRecords(_ subjects: BenchSubjects) -> [SubjectRecord] {
        var records = [record("largest-strict", subjects.largestStrict)]
        if let spreads = subjects.spreadsOnly { records.append(record("spreads-only", spreads)) }
        return records
    }

    private static func record(_ role: String, _ picked: PickedOperation) -> SubjectRecord {
        SubjectRecord(role: role, operation: picked.name, fixture: picked.fixture.fixture.name, records: picked.records, slotsWalked: picked.slotsWalked)
    }

    // MARK: - List, report

    private static func list(_ options: ListOptions) throws -> Int32 {
        let subjects = try BenchSubjects(specDirectory: URL(fileURLWithPath: options.specDirectory))
        let runOptions = RunOptions(
            quick: false, filter: options.filter, specDirectory: options.specDirectory, limitsPath: RunOptions.defaults.limitsPath,
            outputPath: nil, format: .text, strategies: options.strategies)
        let runner = SuiteRunner(options: runOptions)
        for record in subjectRecords(subjects) { print("# judging \(record.line)") }
        for measurement in runner.selected(Suite(subjects: subjects)) {
            print(measurement.strategy == .none ? measurement.name : "\(measurement.name) [\(measurement.strategy.rawValue)]")
        }
        for (scenario, _) in runner.selectedScenarios(subjects) { print("\(scenario.name) [counts]") }
        return ExitStatus.passed.rawValue
    }

    private static func report(_ options: ReportOptions) throws -> Int32 {
        let results = try ResultsValidator.validate(path: options.path)
        switch options.output {
        case .report(let format): print(Report.render(results, format: format), terminator: "")
        case .benchmarksDocument: print(BenchmarksDocument.render(results, resultsPath: options.path), terminator: "")
        }
        return ExitStatus.passed.rawValue
    }
}
