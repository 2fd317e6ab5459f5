import BenchKit
import Foundation
import Harness
import Runtime

/// `bench --instructions`: every selected measurement's instructions per operation, counted under
/// callgrind, beside the timings of the ordinary pass.
///
/// Wall time on a shared machine cannot tell a 2 % change from noise, and this machine has no hardware
/// instruction counter, so the bench runs itself a second time, as a child under callgrind
/// (`CallgrindLaunch`), with the same `--filter`, `--spec` and `--strategy` (`--quick` changes no
/// count, so the child does not get it). The child
/// builds each measurement's subject with nothing collected, warms it up, and counts a fixed number
/// of calls (`InstructionCounter`); it writes no results file. The parent reads the counts back, divides
/// them by the calls and by the operations per call, and fills `instructionsPerOperation` in the
/// records of its own, timed, pass: the timings stay real timings, on jemalloc as usual, and the
/// counts come from the child.
///
/// The child runs on jemalloc, preloaded as in a timed run, with its time-driven purging off
/// (`MALLOC_CONF=dirty_decay_ms:-1,muzzy_decay_ms:-1,background_thread:false`): purging by elapsed
/// time would, under valgrind's slowdown, make the allocator's own instructions vary from run to run.
/// jemalloc takes its memory from `mmap`, whose addresses (with randomisation off) do not depend on the
/// binary's size, where glibc's heap starts right after the binary: on glibc, two builds that differ
/// in unrelated code placed objects at other addresses, so Observation's tables keyed by object
/// identity collided differently and tracked reads counted up to 15 % apart.
public enum InstructionPass {
    /// Set in the child's environment to the directory callgrind writes to; with valgrind underneath,
    /// it makes `bench --instructions` the counting child.
    static let outputVariable = "BENCH_CALLGRIND_OUTPUT"

    /// The directory to count into, when this process is the counting child.
    public static var childOutputDirectory: String? {
        guard InstructionCounter.isRunningOnValgrind else { return nil }
        return ProcessInfo.processInfo.environment[outputVariable]
    }

    /// The key counts travel under between child and parent: the harness's name, `name [strategy]`.
    static func key(_ name: String, _ strategy: Strategy) -> String {
        strategy == .none ? name : "\(name) [\(strategy.rawValue)]"
    }

    // MARK: - Parent

    /// Runs the child under callgrind and returns instructions per operation by `key(_:_:)`.
    ///
    /// - Throws: `CallgrindLaunch.Unavailable` when valgrind is missing or the child fails;
    ///   `SuiteError` when this build cannot make client requests or a selected measurement was not
    ///   counted.
    public static func count(_ options: RunOptions, selected: [SuiteMeasurement]) throws -> [String: Double] {
        guard InstructionCounter.clientRequestsCompiled else {
            throw SuiteError("this bench was built without valgrind's headers (valgrind/callgrind.h); install valgrind and rebuild")
        }
        let directory = try CallgrindLaunch.makeOutputDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var arguments = ["--instructions", "--spec", options.specDirectory, "--strategy", options.strategies.rawValue]
        if let filter = options.filter { arguments += ["--filter", filter.pattern] }
        let launch = CallgrindLaunch(
            program: try CallgrindLaunch.copyWithoutDebugInformation(OwnExecutable.path(), into: directory), arguments: arguments,
            environment: [
                AllocatorLaunch.choiceVariable: AllocatorLaunch.Choice.jemalloc.rawValue, outputVariable: directory,
                "LD_PRELOAD": AllocatorLaunch.jemallocLibrary, AllocatorLaunch.markerVariable: "1",
                "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1,background_thread:false",
            ].merging(Store.isExtraReadWorkOn ? ["BENCH_AB_EXTRA_WORK": "1"] : [:]) { first, _ in first },
            outputDirectory: directory)
        let regions = try launch.run()
        var counts: [String: Double] = [:]
        for measurement in selected {
            let name = key(measurement.name, measurement.strategy)
            guard let (region, instructions) = regions.first(where: { $0.key.kind == .counted && $0.key.name == name }) else {
                throw SuiteError("the callgrind pass counted no instructions for \(name)")
            }
            counts[name] = Double(instructions) / Double(region.calls) / Double(measurement.operationsPerCall)
        }
        return counts
    }

    /// The records with each one's count filled in.
    public static func fill(_ records: [MeasurementRecord], with counts: [String: Double]) -> [MeasurementRecord] {
        records.map { record in
            var record = record
            record.instructionsPerOperation = counts[key(record.name, record.strategy)]
            return record
        }
    }

    /// How the counts were made, for the results file's `method`.
    public static func method(_ counter: InstructionCounter, valgrindVersion: String) -> String {
        "instructionsPerOperation: callgrind's Ir (\(valgrindVersion)) in a second process of this build under valgrind, "
            + "on jemalloc with time-driven purging off, address-space randomisation off, SWIFT_DETERMINISTIC_HASHING=1, a fixed environment; "
            + "per measurement, \(counter.warmUpCalls) calls uncollected, one probe call, then N calls collected, "
            + "N = \(counter.targetInstructions) Ir over the probe's, even, within \(counter.minimumCalls)...\(counter.maximumCalls); "
            + "Ir / N / operations per call; each call's indirect call and black hole are in the count, as in the timings"
    }

    // MARK: - Child

    /// Counts every selected measurement, one after another, into `outputDirectory`; writes no
    /// results file.
    public static func runChild(_ options: RunOptions, outputDirectory: String) throws {
        let subjects = try BenchSubjects(specDirectory: URL(fileURLWithPath: options.specDirectory))
        let progress = ProgressLine()
        let counter = InstructionCounter(outputDirectory: outputDirectory)
        let selected = SuiteRunner.selected(Suite(subjects: subjects), options: options)
        for (index, measurement) in selected.enumerated() {
            let name = key(measurement.name, measurement.strategy)
            progress.note("[instructions \(index + 1)/\(selected.count)] \(name)")
            let subject = try measurement.prepare()
            let region = try counter.count(
                Measurement(name, setUp: subject.setUp, operation: subject.operation), oneCallPerSetUp: measurement.oneCallPerBatch)
            progress.note("[instructions \(index + 1)/\(selected.count)] \(name): \(region.calls) calls counted")
        }
        progress.finish()
    }
}
