import Foundation
import Harness

/// `bench count-seeds REQUEST [--spec DIR]`: counts the measurements a `SeedRequest` names under random
/// hash seeds, as `bench --instructions --seeds 6` would have (two each, six where a count moved a
/// little under those two), and prints the request back as JSON with every measurement's
/// `otherSeeds` filled in.
///
/// `bench compare` asks it of a file's own build where the file lacks the seeds a comparison needs
/// (`SeedsOnDemand`): this bench for a file of its own commit, a kept build's for another commit's.
/// Seeds the request already has count toward the six; a measurement that has all it needs is not
/// counted again. Progress goes to standard error.
enum CountSeedsCommand {
    /// Reads the request, counts what it lacks, and gives the answer.
    ///
    /// - Throws: `BenchError` (exit 2) for a request that cannot be read, of another version, or that
    ///   names a measurement this build does not have; what the counting throws.
    static func run(requestPath: String, specDirectory: String) throws -> CommandOutput {
        let request = try read(requestPath)
        let subjects = try BenchSubjects.checked(specDirectory)
        var options = RunOptions.defaults
        options.specDirectory = specDirectory
        let selected = SuiteRunner.selected(Suite(subjects: subjects), options: options)
        let known = Set(selected.map(\.key))
        if let unknown = request.measurements.first(where: { !known.contains($0.key) }) {
            throw BenchError.at(requestPath, "names \(unknown.key.label), which this bench does not measure")
        }
        let have = Dictionary(
            request.measurements.map { ($0.key, InstructionPass.Counts(fixedSeed: $0.fixedSeed, otherSeeds: $0.otherSeeds)) },
            uniquingKeysWith: { first, _ in first })
        let progress = ProgressLine()
        let counted = try InstructionPass.otherSeeds(options, selected: selected, have: have, progress: progress)
        progress.finish()
        var answer = request
        for index in answer.measurements.indices {
            answer.measurements[index].otherSeeds = counted[answer.measurements[index].key]?.otherSeeds ?? answer.measurements[index].otherSeeds
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return CommandOutput(standardOutput: String(decoding: try encoder.encode(answer), as: UTF8.self) + "\n")
    }

    /// The request at `path`, of this build's version.
    static func read(_ path: String) throws(BenchError) -> SeedRequest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .at(path, FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
        guard let request = try? JSONDecoder().decode(SeedRequest.self, from: data) else {
            throw .at(path, "is not a seed request (bench compare writes one: {\"version\": 1, \"measurements\": [...]})")
        }
        guard request.version == SeedRequest.currentVersion else {
            throw .at(path, "is a seed request of version \(request.version); this bench reads version \(SeedRequest.currentVersion)")
        }
        return request
    }
}
