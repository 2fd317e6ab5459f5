import Foundation
import Harness

/// The counts under other hash seeds kept for one build and selection:
/// `.build/bisect/seeds/<toolchain>/<commit>/<selection>/seeds.json`, each measurement's label with its
/// counts, beside the builds `bench build` keeps.
///
/// Keyed by the toolchain, the commit, and the fixtures and A/B switch they were counted with
/// (`bench count-seeds` counts with every shape, whatever the file's selection), so that a comparison
/// never takes counts made for other fixtures or other work. Written whole, through a temporary file
/// renamed over it: an interrupted comparison leaves the last complete one.
struct KeptSeeds {
    /// The file's path.
    let path: String
    /// The path from the checkout's root, as lines name it.
    let relativePath: String

    /// The counts kept for `file`'s build, fixtures and A/B switch.
    init(root: String, file: ResultsFile) {
        self.init(
            root: root, toolchain: file.environment.toolchain, commit: file.environment.commit,
            spec: SeedsOnDemand.Build.isBundledSpec(file.options.specDirectory) ? "spec" : file.options.specDirectory,
            switches: SeedsOnDemand.switches(of: file))
    }

    /// The counts kept for `commit` built by `toolchain` (the first line of `swift --version`), counted
    /// with the fixtures `spec` (as a results file records them) and the A/B switch `switches`.
    init(root: String, toolchain: String, commit: String, spec: String, switches: [String: String]) {
        let toolchain = String(SHA256.hex(of: Array(toolchain.utf8)).prefix(16))
        let selection = "spec:\(spec)\nab:\(switches.sorted { $0.key < $1.key })"
        let digest = String(SHA256.hex(of: Array(selection.utf8)).prefix(16))
        relativePath = ".build/bisect/seeds/\(toolchain)/\(commit)/\(digest)/seeds.json"
        path = (root as NSString).appendingPathComponent(relativePath)
    }

    /// The counts kept, by measurement label; none when there are none or they cannot be read.
    func read() -> [String: [Double]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        return (try? JSONDecoder().decode([String: [Double]].self, from: data)) ?? [:]
    }

    /// Counts `request` under random hash seeds with `build`, and keeps what it counted beside `stored`,
    /// what `read()` gave before: the counts, by measurement.
    ///
    /// - Throws: What the build's `bench count-seeds` throws; nothing is kept then.
    func count(
        _ request: [SeedRequest.Measurement], with build: SeedsOnDemand.Build, environment: [String: String], besides stored: [String: [Double]]
    ) throws -> [MeasurementKey: [Double]] {
        var stored = stored
        var counted: [MeasurementKey: [Double]] = [:]
        for measurement in try build.count(SeedRequest(measurements: request), environment: environment).measurements {
            counted[measurement.key] = measurement.otherSeeds
            stored[measurement.key.label] = measurement.otherSeeds
        }
        write(stored)
        return counted
    }

    /// Keeps `counts`, replacing what was kept.
    func write(_ counts: [String: [Double]]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(counts) else { return }
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        Interruption.remove(onInterrupt: temporary)
        defer { Interruption.forget(temporary) }
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
