import Foundation
import Harness

@testable import BenchTool

/// Synthetic figures for tests: chosen numbers, never measured, so no test depends on a clock.
enum Synthetic {
    /// Decodes a harness value whose initializer is internal to the harness, as a results file would.
    static func decode<Value: Decodable>(_ type: Value.Type, _ json: String) -> Value {
        try! JSONDecoder().decode(Value.self, from: Data(json.utf8))
    }

    static func environment(build: String = "release", dirty: Bool? = false, commit: String = "0123456789abcdef0123456789abcdef01234567") -> MachineEnvironment {
        let dirtyJSON = dirty.map { "\"dirtyTree\": \($0)," } ?? ""
        return decode(
            MachineEnvironment.self,
            """
            {"commit": "\(commit)", \(dirtyJSON) "toolchain": "Swift version 6.3.1", "operatingSystem": "Debian 12",
             "kernel": "Linux 6.8.0 x86_64", "cpuModel": "Test CPU", "cores": 2, "buildConfiguration": "\(build)",
             "allocator": "jemalloc 5.3.0", "date": "2026-11-29T13:00:00Z"}
            """)
    }

    static let timer = TimerCharacteristics(
        overheadNanoseconds: 27, observedResolutionNanoseconds: 1, reportedResolutionNanoseconds: 1, readings: 1000)

    static func invocations(sampling: Int) -> MeasurementResult.Invocations {
        decode(MeasurementResult.Invocations.self, #"{"calibration": 0, "warmUp": 0, "sampling": \#(sampling)}"#)
    }

    static func allocationCount(iterations: Int, allocations: Int, bytes: Int) -> AllocationCount {
        decode(AllocationCount.self, #"{"iterations": \#(iterations), "allocations": \#(allocations), "bytes": \#(bytes)}"#)
    }

    /// A measurement whose median is the middle of `samples` and whose interval is exactly `lower...upper`.
    static func measurement(
        _ name: String, _ strategy: FigureStrategy, samples: [Double], lower: Double, upper: Double,
        allocations: AllocationRecord = .unavailable("jemalloc is not the process allocator: system malloc (libc.so.6)")
    ) -> MeasurementRecord {
        var summary = Summary(samples: samples, resamples: 10)
        summary.medianInterval.lower = lower
        summary.medianInterval.upper = upper
        var policy = SamplingPolicy()
        policy.bootstrapResamples = 10
        return MeasurementRecord(
            name: name, strategy: strategy, summary: summary, samples: samples,
            batches: BatchRecord(
                size: 100, nanoseconds: samples.map { UInt64($0 * 100) }, invocations: invocations(sampling: 100 * samples.count),
                stopReason: .maximumSamples),
            policy: policy, allocations: allocations)
    }

    static let phaseRead = "phase.read.tracked(largest-strict)"
    static let spreadsScenario = "verdict-read-value-changes(spreads-only)"

    /// The two limits of limits.json version 2, the last with two shapes (derived and stored): what the
    /// two-strategy figures here are judged against. The committed limits.json is tested on its own.
    static var limits: [Limit] {
        try! LimitsFile.load(path: repositoryFile("Tests/BenchToolTests/Fixtures/limits-v2.json")).limits
    }

    /// The one line a limits file's text is refused with, or nil when it is accepted.
    static func limitsRefusal(_ text: String) -> String? {
        do {
            _ = try LimitsFile.parse(Array(text.utf8), path: "limits.json")
            return nil
        } catch {
            return error.line
        }
    }

    static func repositoryFile(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(name).path
    }

    static func counts(derived: Int, stored: Int, scenario: String = spreadsScenario) -> [CountRecord] {
        [
            CountRecord(scenario: scenario, strategy: .derived, body: "phase-only", reruns: derived),
            CountRecord(scenario: scenario, strategy: .stored, body: "phase-only", reruns: stored),
        ]
    }

    /// A small, consistent results file: what `ReportTests` renders exactly.
    static func results(build: String = "release", quick: Bool = false) -> ResultsFile {
        let measurements = [
            measurement(phaseRead, .derived, samples: [990, 999, 1005], lower: 990, upper: 1005,
                        allocations: .counted(allocationCount(iterations: 100, allocations: 0, bytes: 0))),
            measurement(phaseRead, .stored, samples: [1000, 1000, 1000], lower: 1000, upper: 1000,
                        allocations: .counted(allocationCount(iterations: 100, allocations: 50, bytes: 2400))),
            measurement(KeyMeasurements.fieldTracked, .unshaped, samples: [700, 712, 730], lower: 700, upper: 730),
            measurement(KeyMeasurements.fieldUntracked, .unshaped, samples: [20.5, 21.25, 22], lower: 20.5, upper: 22),
        ]
        let counts = counts(derived: 1, stored: 1)
        let fits = [
            FitRecord(
                fitting: [1, 10, 100].map { .init(x: $0, y: $0 * 1_000, measurement: "commit.cost(\(Int($0)) retained)") },
                name: "commit.cost(retained-handles)", strategy: .stored, xUnit: "retained handle")
        ]
        let judgement = Judge(limits: limits, buildConfiguration: build, quick: quick)
            .judge(measurements: measurements, counts: counts)
        return ResultsFile(
            environment: environment(build: build), limitsFile: "limits.json",
            limitsSHA256: String(repeating: "ab", count: 32), timer: timer, method: [MeasurementResult.fixedBatchMethod],
            options: RunRecord(quick: quick, filter: nil, strategy: .both, specDirectory: "spec"),
            measurements: measurements, counts: counts, fits: fits, limits: judgement.limits,
            decision: judgement.decision, readFloor: readFloor(measurements, build: build, quick: quick))
    }

    /// The read floor a run of `measurements` records, as the bench makes it before writing the file.
    static func readFloor(
        _ measurements: [MeasurementRecord], subjects: [SubjectRecord] = [], build: String = "release", quick: Bool = false
    ) -> [ReadFloorFigure]? {
        ReadFloor.figures(measurements: measurements, subjects: subjects, buildConfiguration: build, quick: quick)
    }

    /// Writes `files` to a fresh directory and returns their paths, in order.
    static func written(_ files: [ResultsFile]) throws -> [String] {
        let directory = temporaryDirectory()
        return try files.enumerated().map { index, file in
            let path = "\(directory)/\(index).json"
            try ResultsWriter.write(file, toNewFile: path)
            return path
        }
    }

    /// A fresh empty directory under this test process's own scratch directory, which goes when the
    /// process exits: a test run leaves nothing in the system's temporary directory, whoever starts it.
    static func temporaryDirectory() -> String {
        let path = scratchRoot + "/\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `benchkit-tests-PID` under the system's temporary directory, made on first use and removed at exit.
    private static let scratchRoot: String = {
        let path = scratchRoot(of: getpid())
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Synthetic.scratchRoot(of: getpid())) }
        return path
    }()

    private static func scratchRoot(of process: pid_t) -> String {
        NSTemporaryDirectory() + "benchkit-tests-\(process)"
    }
}
