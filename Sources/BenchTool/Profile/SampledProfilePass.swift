import Foundation
import Harness

/// The sampled half of `bench profile`: each measurement's timed loop for a few seconds under
/// `perf record -e cpu-clock -g`, folded into stacks.
///
/// Each measurement runs in a process of its own, this executable told
/// `bench child sample-profile --measurement KEY --seconds S` with the profile's `--filter`, `--spec`
/// and `--shape` (`ChildCommand`): it prepares that one measurement, then runs `SampledLoop` (on
/// jemalloc, as a timed run does). The samples of the whole process are read back; those inside the
/// loop are folded, the rest counted (`FoldedStacks`).
enum SampledProfilePass {
    /// How long each measurement's loop runs under perf.
    static let seconds = 3.0

    /// Runs the loop of the one selected measurement keyed `key` for `seconds`: the job
    /// `ChildCommand.Job.sampleProfile`.
    ///
    /// - Throws: `BenchError` when no selected measurement has the key; what preparing it throws.
    static func runChild(_ options: RunOptions, measurement key: MeasurementKey, seconds: Double) throws {
        let subjects = try BenchSubjects(specDirectory: URL(fileURLWithPath: options.specDirectory))
        guard let measurement = SuiteRunner.selected(Suite(subjects: subjects), options: options)
            .first(where: { $0.key == key })
        else { throw BenchError.usage("'child sample-profile': no selected measurement is keyed '\(key)'") }
        let prepared = try measurement.prepare()
        SampledLoop.run(Measurement(key.label, setUp: prepared.setUp, operation: prepared.operation), seconds: seconds, oneCallPerSetUp: measurement.oneCallPerBatch)
    }

    /// Every selected measurement's samples, each a call chain leaf first, by key; `scratch` holds
    /// perf's data files.
    static func sample(_ options: ProfileOptions, selected: [SuiteMeasurement], scratch: String) throws -> [MeasurementKey: [[String]]] {
        var samples: [MeasurementKey: [[String]]] = [:]
        for (index, measurement) in selected.enumerated() {
            let key = measurement.key
            FileHandle.standardError.write(Data("[sampling \(index + 1)/\(selected.count)] \(key) for \(Int(seconds)) s\n".utf8))
            let child = ChildCommand(.sampleProfile(measurement: key, seconds: seconds), run: options.runOptions)
            let launch = PerfLaunch(
                program: try OwnExecutable.path(), arguments: child.arguments, environment: ProcessInfo.processInfo.environment,
                dataPath: (scratch as NSString).appendingPathComponent("perf.\(index).data"))
            samples[key] = try launch.samples()
        }
        return samples
    }
}
