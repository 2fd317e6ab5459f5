import BenchKit
import Foundation
import Harness

/// The sampled half of `bench profile`: each measurement's timed loop for a few seconds under
/// `perf record -e cpu-clock -g`, folded into stacks.
///
/// Each measurement runs in a process of its own, this executable started as
/// `bench profile --spec DIR --strategy S` with `BENCH_PROFILE_SAMPLE_SECONDS` and
/// `BENCH_PROFILE_ONLY` (the measurement's key) set: it builds that one subject, then runs
/// `SampledLoop` (on jemalloc, as a timed run does). The samples of the whole process are read back;
/// those inside the loop are folded, the rest counted (`FoldedStacks`).
enum SampledProfilePass {
    static let secondsVariable = "BENCH_PROFILE_SAMPLE_SECONDS"
    static let onlyVariable = "BENCH_PROFILE_ONLY"

    /// How long each measurement's loop runs under perf.
    static let seconds = 3.0

    /// The loop's length, when this process is a sampling child.
    static var childSeconds: Double? {
        ProcessInfo.processInfo.environment[secondsVariable].flatMap(Double.init)
    }

    /// Runs the one measurement `BENCH_PROFILE_ONLY` names for `seconds`.
    static func runChild(_ options: ProfileOptions, seconds: Double) throws {
        let subjects = try BenchSubjects(specDirectory: URL(fileURLWithPath: options.specDirectory))
        let key = ProcessInfo.processInfo.environment[onlyVariable] ?? ""
        guard let measurement = SuiteRunner.selected(Suite(subjects: subjects), options: options.runOptions)
            .first(where: { InstructionPass.key($0.name, $0.strategy) == key })
        else { throw SuiteError("the sampling child has no measurement '\(key)'") }
        let subject = try measurement.prepare()
        SampledLoop.run(Measurement(key, setUp: subject.setUp, operation: subject.operation), seconds: seconds, oneCallPerSetUp: measurement.oneCallPerBatch)
    }

    /// Every selected measurement's samples, each a call chain leaf first, by key; `scratch` holds
    /// perf's data files.
    static func sample(_ options: ProfileOptions, selected: [SuiteMeasurement], scratch: String) throws -> [String: [[String]]] {
        var samples: [String: [[String]]] = [:]
        var arguments = ["profile", "--spec", options.specDirectory, "--strategy", options.strategies.rawValue]
        if let filter = options.filter { arguments += ["--filter", filter.pattern] }
        for (index, measurement) in selected.enumerated() {
            let key = InstructionPass.key(measurement.name, measurement.strategy)
            FileHandle.standardError.write(Data("[sampling \(index + 1)/\(selected.count)] \(key) for \(Int(seconds)) s\n".utf8))
            var environment = ProcessInfo.processInfo.environment
            environment[secondsVariable] = String(seconds)
            environment[onlyVariable] = key
            let launch = PerfLaunch(
                program: try OwnExecutable.path(), arguments: arguments, environment: environment,
                dataPath: (scratch as NSString).appendingPathComponent("perf.\(index).data"))
            samples[key] = try launch.samples()
        }
        return samples
    }
}
