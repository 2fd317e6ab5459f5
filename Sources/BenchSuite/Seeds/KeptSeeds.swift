import BenchKit
import Foundation
import Harness

/// The counts under other hash seeds kept for one build and selection:
/// `.build/bisect/seeds/<toolchain>/<commit>/<selection>/seeds.json`, each measurement's label with its
/// counts, beside the builds `bench build` keeps.
///
/// Keyed by the toolchain, the commit, and the selection and A/B switch of the file they were counted
/// for, so that a comparison never takes counts made for other fixtures or other work. Written whole,
/// through a temporary file renamed over it: an interrupted comparison leaves the last complete one.
struct KeptSeeds {
    /// The file's path.
    let path: String
    /// The path from the checkout's root, as lines name it.
    let relativePath: String

    init(root: String, file: ResultsFile) {
        let toolchain = String(SHA256.hex(of: Array(file.environment.toolchain.utf8)).prefix(16))
        let selection = "spec:\(file.options.specDirectory)\nshapes:\(file.options.strategy.rawValue)\nab:\(SeedsOnDemand.switches(of: file).sorted { $0.key < $1.key })"
        let digest = String(SHA256.hex(of: Array(selection.utf8)).prefix(16))
        relativePath = ".build/bisect/seeds/\(toolchain)/\(file.environment.commit)/\(digest)/seeds.json"
        path = (root as NSString).appendingPathComponent(relativePath)
    }

    /// The counts kept, by measurement label; none when there are none or they cannot be read.
    func read() -> [String: [Double]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        return (try? JSONDecoder().decode([String: [Double]].self, from: data)) ?? [:]
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
