import Foundation
import Harness

/// `bench --forks N`: the measurements taken in N fresh processes of this binary, one after another,
/// and merged into one record each.
///
/// One process's samples share its address-space layout, where its heap and code landed, and what
/// the machine was doing while it ran. On this kind of machine two processes of one build differ by
/// up to a fifth in a median while each one's samples lie within a few percent of each other, so a
/// comparison of two runs made of one process each mistakes the processes' difference for the code's.
/// Like JMH's forks, the parent measures nothing itself: it starts each fork (the same executable,
/// its environment inherited, told `bench child fork` with the options that choose measurements:
/// `ChildCommand`), which times the selected measurements and writes them to a file the parent reads
/// back. The parent counts the scenarios, merges the
/// forks' records (`MeasurementRecord.init(mergingForks:)`), judges and writes the results file.
/// Allocations are counted in the first fork only: they do not vary between processes, and counting
/// them again would cost a fork the time of the slowest calls several times over.
enum ForkedRun {
    // MARK: - Parent

    /// Runs `options.forks` forks one after another and merges what they measured.
    ///
    /// - Parameters:
    ///   - options: The run's options; the forks get its `--quick`, `--filter`, `--spec` and `--shape`.
    ///   - expected: The measurements every fork must return, in order.
    ///   - progress: Where to say which fork is starting.
    ///   - forkSeconds: Receives each fork's duration in seconds, start to records read, in fork order.
    ///   - loads: Receives what the machine did in each fork that could read it, in fork order.
    /// - Returns: One merged record per measurement, in the forks' order.
    /// - Throws: `BenchError` when a fork cannot start, fails, or returns other measurements.
    static func measure(
        _ options: RunOptions, expected: [SuiteMeasurement], orderSeed: UInt64, progress: ProgressLine, forkSeconds: inout [Double], loads: inout [ForkLoadRecord]
    ) throws -> [MeasurementRecord] {
        let forks = try measureForks(
            options, expected: expected, numbered: 1...options.forks, of: options.forks, orderSeed: orderSeed, progress: progress,
            forkSeconds: &forkSeconds, loads: &loads)
        // A measurement with a fork limit is in the first forks' records only.
        return expected.map { measurement in
            MeasurementRecord(mergingForks: forks.compactMap { $0[measurement.key] })
        }
    }

    /// A look after the first: forks numbered on from the run's (`numbered`, of `count` in all), each
    /// timing only `expected`, every measurement a timing limit reads (`SuiteRunner.gating(for:from:)`),
    /// their records added to `records`' own forks. Every fork times those first, by the same policy
    /// (`SuiteRunner.gatingPolicy(quick:forks:)` at every count of 8 or more), so a new fork is measured
    /// as a first one was.
    ///
    /// - Returns: `records`, each of `expected` now holding its forks and the new ones.
    static func measureMore(
        _ options: RunOptions, expected: [SuiteMeasurement], numbered: ClosedRange<Int>, of count: Int, adding records: [MeasurementRecord],
        orderSeed: UInt64, progress: ProgressLine, forkSeconds: inout [Double], loads: inout [ForkLoadRecord]
    ) throws -> [MeasurementRecord] {
        let forks = try measureForks(
            options, expected: expected, numbered: numbered, of: count, orderSeed: orderSeed, progress: progress, forkSeconds: &forkSeconds, loads: &loads)
        var merged = records
        for measurement in expected {
            guard let index = merged.firstIndex(where: { $0.key == measurement.key }) else {
                throw BenchError("a look measured '\(measurement.key)', which the run's first forks did not")
            }
            let key = measurement.key
            var more = MeasurementRecord(mergingForks: merged[index].forkRecords + forks.compactMap { $0[key] })
            more.instructionsPerOperation = merged[index].instructionsPerOperation
            more.instructionsUnderOtherHashSeeds = merged[index].instructionsUnderOtherHashSeeds
            merged[index] = more
        }
        return merged
    }

    private static func measureForks(
        _ options: RunOptions, expected: [SuiteMeasurement], numbered: ClosedRange<Int>, of count: Int, orderSeed: UInt64,
        progress: ProgressLine, forkSeconds: inout [Double], loads: inout [ForkLoadRecord]
    ) throws -> [[MeasurementKey: MeasurementRecord]] {
        try Interruption.withTemporaryDirectory(prefix: "bench-forks.") { directory in
            try measureForks(
                options, expected: expected, numbered: numbered, of: count, orderSeed: orderSeed, in: directory, progress: progress,
                forkSeconds: &forkSeconds, loads: &loads)
        }
    }

    private static func measureForks(
        _ options: RunOptions, expected: [SuiteMeasurement], numbered: ClosedRange<Int>, of count: Int, orderSeed: UInt64, in directory: String,
        progress: ProgressLine, forkSeconds: inout [Double], loads: inout [ForkLoadRecord]
    ) throws -> [[MeasurementKey: MeasurementRecord]] {
        // The running image itself, not the path it was started from: a rebuild during the run must
        // not put another build in the later forks.
        let executable = OperatingSystem.ownImage
        let firstLook = numbered.lowerBound == 1
        var forks: [[MeasurementKey: MeasurementRecord]] = []
        // A fork past every selected measurement's limit has nothing to time (a child told to time
        // none would time them all).
        let timedByFork = numbered.map { timed(expected, inFork: $0, firstLook: firstLook) }
        let counts = timedByFork.map(\.count)
        var secondsOfForks: [Double] = []
        for (position, index) in numbered.enumerated() {
            // The first look's forks time every selected measurement within its fork limit, and say so
            // by naming none while that is all of them; a later look's time every one it names.
            let timed = timedByFork[position]
            let keys = timed.map(\.key)
            let named = firstLook && timed.count == expected.count ? [] : keys
            guard !timed.isEmpty else {
                secondsOfForks.append(0)
                continue
            }
            progress.note("[fork \(index)/\(count)] starting")
            Interruption.activity = "measuring, fork \(index) of \(count)"
            let started = MonotonicClock.now()
            let output = URL(fileURLWithPath: directory).appendingPathComponent("fork-\(index).json")
            let estimate = ForkEstimate.forRun(counts: counts, seconds: secondsOfForks)[position]
            let fork = ChildCommand(
                .fork(index: index, count: count, recordsPath: output.path, measurements: named, estimate: estimate, orderSeed: orderSeed),
                run: options)
            try launch(executable, fork, index: index, count: count)
            let records: [MeasurementRecord]
            do {
                let answer = try JSONDecoder().decode(ChildCommand.ForkRecords.self, from: Data(contentsOf: output))
                records = answer.measurements
                if let load = answer.load { loads.append(load) }
            } catch {
                throw BenchError("fork \(index) of \(count) left no readable records: \(error)")
            }
            guard records.map(\.key) == keys else {
                throw BenchError("fork \(index) of \(count) measured other measurements than were selected")
            }
            forks.append(Dictionary(uniqueKeysWithValues: zip(keys, records)))
            let seconds = Double(MonotonicClock.now() &- started) / 1e9
            forkSeconds.append(seconds)
            secondsOfForks.append(seconds)
            progress.say("[fork \(index)/\(count)] done in \(String(format: "%.1f", seconds)) s")
        }
        progress.finish()
        return forks
    }

    /// What the `index`th fork times of `expected`: in a run's first look, the measurements whose
    /// fork limit it is within; in a later look, all of them, since a limit reads them.
    static func timed(_ expected: [SuiteMeasurement], inFork index: Int, firstLook: Bool) -> [SuiteMeasurement] {
        firstLook ? expected.filter { $0.isTimed(inFork: index) } : expected
    }

    private static func launch(_ executable: String, _ fork: ChildCommand, index: Int, count: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = fork.arguments
        process.environment = ProcessInfo.processInfo.environment.merging(Interruption.parentEnvironment) { $1 }
        // The fork's progress goes to the terminal as the parent's would; its standard output is
        // empty, and kept from the report.
        process.standardOutput = FileHandle.nullDevice
        do {
            try Interruption.run(process)
        } catch {
            throw BenchError("cannot start fork \(index) of \(count) (\(executable)): \(error.localizedDescription)")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exited with status" : "was killed by signal"
            throw BenchError("fork \(index) of \(count) \(how) \(process.terminationStatus)")
        }
    }

    // MARK: - Fork

    /// Times the selected measurements in this process, the `index`th of `count` forks, and writes
    /// them to `recordsPath`: the job `ChildCommand.Job.fork`.
    ///
    /// - Throws: What building the subjects or measuring throws; `BenchError` when the records
    ///   cannot be written.
    static func runFork(
        _ options: RunOptions, index: Int, count: Int, recordsPath: String, measurements: [MeasurementKey] = [], estimate: ForkEstimate? = nil,
        orderSeed: UInt64 = 0
    ) throws {
        let started = ProcessLoad.read()
        let limits = try LimitsFile.load(path: options.limitsPath)
        let subjects = try BenchSubjects(specDirectory: URL(fileURLWithPath: options.specDirectory))
        let progress = ProgressLine()
        progress.prefix = "[fork \(index)/\(count)] "
        progress.quiet = options.quiet
        if let estimate { progress.begin(estimate) }
        let batchSizes = try options.batchSizesFrom.map { path throws(BenchError) in try BatchSizes.read(from: path) } ?? [:]
        let runner = SuiteRunner(options: options, progress: progress, batchSizes: batchSizes)
        let suite = Suite(subjects: subjects)
        // The worlds the suite keeps (a hundred distinct roots' records under every shape) end with
        // the process: freeing them one object at a time would be the fork's last half second, spent
        // on nothing anyone reads.
        _ = Unmanaged.passRetained(KeptUntilExit(suite))
        let gating = Set(SuiteRunner.gating(for: limits.limits, from: runner.selected(suite)).map(\.key))
        let records = try runner.measure(
            suite, forks: count, fork: index, countingAllocations: index == 1, keys: measurements.isEmpty ? nil : Set(measurements), gating: gating,
            orderSeed: orderSeed)
        do {
            let load = ForkLoadRecord(fork: index, from: started, to: ProcessLoad.read())
            try JSONEncoder().encode(ChildCommand.ForkRecords(measurements: records, load: load)).write(to: URL(fileURLWithPath: recordsPath))
        } catch {
            throw BenchError("fork \(index) of \(count) cannot write its records to \(recordsPath): \(error)")
        }
    }

    /// A value held, on purpose, until its process exits.
    private final class KeptUntilExit<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
