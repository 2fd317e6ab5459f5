import BenchKit
import Foundation
import Harness

/// `bench --forks N`: the measurements taken in N fresh processes of this binary, one after another,
/// and merged into one record each.
///
/// One process's samples share its address-space layout, where its heap and code landed, and what
/// the machine was doing while it ran. On this kind of machine two processes of one build differ by
/// up to a fifth in a median while each one's samples lie within a few percent of each other, so a
/// comparison of two runs made of one process each mistakes the processes' difference for the code's.
/// Like JMH's forks, the parent measures nothing itself: it starts each fork (the same executable
/// and options, its own environment inherited, `--forks 1`), which times the selected measurements
/// and writes them to a file the parent reads back. The parent counts the scenarios, merges the
/// forks' records (`MeasurementRecord.init(mergingForks:)`), judges and writes the results file.
/// Allocations are counted in the first fork only: they do not vary between processes, and counting
/// them again would cost a fork the time of the slowest calls several times over.
public enum ForkedRun {
    /// Set in a fork's environment to the file it writes its records to.
    static let outputVariable = "BENCH_FORK_OUTPUT"
    /// Set in a fork's environment to its place among the forks, `2/8`.
    static let positionVariable = "BENCH_FORK"

    /// What this process is, when it is a fork: its 1-based index, the number of forks and where its
    /// records go.
    public struct Role: Sendable, Equatable {
        /// The fork's 1-based place.
        public var index: Int
        /// How many forks the run has.
        public var count: Int
        /// The file the fork writes its records to.
        public var outputPath: String
    }

    /// The role given in the environment, when this process is a fork.
    public static var role: Role? {
        role(in: ProcessInfo.processInfo.environment)
    }

    static func role(in environment: [String: String]) -> Role? {
        guard let outputPath = environment[outputVariable], let position = environment[positionVariable] else { return nil }
        let parts = position.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 1, parts[0] <= parts[1] else { return nil }
        return Role(index: parts[0], count: parts[1], outputPath: outputPath)
    }

    /// What a fork hands back.
    struct Output: Codable {
        var measurements: [MeasurementRecord]
    }

    // MARK: - Parent

    /// Runs `options.forks` forks one after another and merges what they measured.
    ///
    /// - Parameters:
    ///   - options: The run's options; the forks get its `--quick`, `--filter`, `--spec` and `--strategy`.
    ///   - expected: The measurements every fork must return, in order.
    ///   - progress: Where to say which fork is starting.
    ///   - forkSeconds: Receives each fork's duration in seconds, start to records read, in fork order.
    /// - Returns: One merged record per measurement, in the forks' order.
    /// - Throws: `SuiteError` when a fork cannot start, fails, or returns other measurements.
    public static func measure(
        _ options: RunOptions, expected: [SuiteMeasurement], progress: ProgressLine, forkSeconds: inout [Double]
    ) throws -> [MeasurementRecord] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-forks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The running image itself, not the path it was started from: a rebuild during the run must
        // not put another build in the later forks.
        let executable = "/proc/self/exe"
        var forks: [[MeasurementRecord]] = []
        for index in 1...options.forks {
            progress.note("[fork \(index)/\(options.forks)] starting")
            let started = MonotonicClock.now()
            let output = directory.appendingPathComponent("fork-\(index).json")
            try launch(executable, arguments: arguments(options), index: index, count: options.forks, output: output.path)
            let records: [MeasurementRecord]
            do {
                records = try JSONDecoder().decode(Output.self, from: Data(contentsOf: output)).measurements
            } catch {
                throw SuiteError("fork \(index) of \(options.forks) left no readable records: \(error)")
            }
            let names = records.map { InstructionPass.key($0.name, $0.strategy) }
            guard names == expected.map({ InstructionPass.key($0.name, $0.strategy) }) else {
                throw SuiteError("fork \(index) of \(options.forks) measured other measurements than were selected")
            }
            forks.append(records)
            let seconds = Double(MonotonicClock.now() &- started) / 1e9
            forkSeconds.append(seconds)
            progress.say("[fork \(index)/\(options.forks)] done in \(String(format: "%.1f", seconds)) s")
        }
        progress.finish()
        return forks[0].indices.map { position in MeasurementRecord(mergingForks: forks.map { $0[position] }) }
    }

    /// The command line of a fork: the options that choose and shape the measurements, one process.
    static func arguments(_ options: RunOptions) -> [String] {
        var arguments = ["--forks", "1", "--spec", options.specDirectory, "--strategy", options.strategies.rawValue]
        if options.quick { arguments.append("--quick") }
        if let filter = options.filter { arguments += ["--filter", filter.pattern] }
        return arguments
    }

    private static func launch(_ executable: String, arguments: [String], index: Int, count: Int, output: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            [outputVariable: output, positionVariable: "\(index)/\(count)"]) { _, fork in fork }
        // The fork's progress goes to the terminal as the parent's would; its standard output is
        // empty, and kept from the report.
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw SuiteError("cannot start fork \(index) of \(count) (\(executable)): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exited with status" : "was killed by signal"
            throw SuiteError("fork \(index) of \(count) \(how) \(process.terminationStatus)")
        }
    }

    // MARK: - Fork

    /// Times the selected measurements in this process and writes them where the parent said.
    ///
    /// - Throws: What building the subjects or measuring throws; `SuiteError` when the records
    ///   cannot be written.
    public static func runFork(_ options: RunOptions, role: Role) throws {
        let subjects = try BenchSubjects(specDirectory: URL(fileURLWithPath: options.specDirectory))
        let progress = ProgressLine()
        progress.prefix = "[fork \(role.index)/\(role.count)] "
        let runner = SuiteRunner(options: options, progress: progress)
        let records = try runner.measure(Suite(subjects: subjects), forks: role.count, countingAllocations: role.index == 1)
        do {
            try JSONEncoder().encode(Output(measurements: records)).write(to: URL(fileURLWithPath: role.outputPath))
        } catch {
            throw SuiteError("fork \(role.index) of \(role.count) cannot write its records to \(role.outputPath): \(error)")
        }
    }
}
