import Foundation
import Harness

/// `bench profile diff OLD_DIR NEW_DIR`: per measurement, the functions whose self instructions per
/// operation changed most between two profile directories of the same measurements, and, where both
/// sampled it, those whose self share of the sampled time moved most (a change in time alone shows
/// there and not in the instructions).
enum ProfileDiffCommand {
    /// How many movers each measurement shows.
    static let top = 10

    /// Runs a diff.
    ///
    /// - Returns: The movers of every measurement and exit status 0; or one line and exit status 2
    ///   when a directory is not a profile directory, the two profile different measurements, or a
    ///   `callgrind.out` cannot be read.
    static func run(_ options: ProfileDiffOptions) -> CommandOutput {
        do {
            let diffs = try diff(oldDirectory: options.oldDirectory, newDirectory: options.newDirectory)
            let sampled = try sampledMovers(oldDirectory: options.oldDirectory, newDirectory: options.newDirectory)
            let texts = diffs.map { diff in diff.text(top: top) + (sampled[diff.measurement]?.text(top: top) ?? "") }
            var notes: [String] = []
            if let output = options.outputDirectory {
                try writeFlameGraphs(options, into: output)
                notes.append(CommandOutput.said("differential flame graphs written to \(output)"))
            }
            return CommandOutput(standardOutput: texts.joined(separator: "\n"), standardError: notes)
        } catch {
            return .refusal(error)
        }
    }

    /// Every measurement's diff, in the new directory's order.
    ///
    /// - Throws: `BenchError` as `run` describes.
    static func diff(oldDirectory: String, newDirectory: String) throws(BenchError) -> [ProfileDiff] {
        let old = try ProfileManifest.read(directory: oldDirectory)
        let new = try ProfileManifest.read(directory: newDirectory)
        let oldNames = old.measurements.map(\.measurement)
        let newNames = new.measurements.map(\.measurement)
        if let missing = newNames.first(where: { !oldNames.contains($0) }) ?? oldNames.first(where: { !newNames.contains($0) }) {
            let side = newNames.contains(missing) ? oldDirectory : newDirectory
            throw BenchError("\(side) does not profile '\(missing)': profile diff takes two directories of the same measurements")
        }
        var tables: [(old: ProfileTable, new: ProfileTable)] = []
        var profiles: [(CallgrindProfile, CallgrindProfile, ProfileManifest.Entry, ProfileManifest.Entry)] = []
        for entry in new.measurements {
            guard let oldEntry = old.measurements.first(where: { $0.measurement == entry.measurement }) else { continue }
            profiles.append((try profile(oldDirectory, oldEntry), try profile(newDirectory, entry), oldEntry, entry))
        }
        let symbols = Set(profiles.flatMap { Array($0.0.functions.keys) + Array($0.1.functions.keys) })
        let names = SymbolDemangler.demangle(symbols.sorted())
        for (oldProfile, newProfile, oldEntry, newEntry) in profiles {
            tables.append((
                ProfileTable(measurement: oldEntry.measurement, profile: oldProfile, operations: oldEntry.operations, names: names),
                ProfileTable(measurement: newEntry.measurement, profile: newProfile, operations: newEntry.operations, names: names)))
        }
        return tables.map { ProfileDiff(old: $0.old, new: $0.new) }
    }

    /// The sampled movers of every measurement both directories sampled, by measurement.
    ///
    /// - Throws: `BenchError` when a directory is not a profile directory or its stacks cannot be read.
    static func sampledMovers(oldDirectory: String, newDirectory: String) throws(BenchError) -> [String: SampledMovers] {
        let old = try ProfileManifest.read(directory: oldDirectory)
        let new = try ProfileManifest.read(directory: newDirectory)
        var found: [String: SampledMovers] = [:]
        for entry in new.measurements {
            guard let oldEntry = old.measurements.first(where: { $0.measurement == entry.measurement }),
                let newStacks = try stacks(newDirectory, entry), let oldStacks = try stacks(oldDirectory, oldEntry),
                let movers = SampledMovers(old: oldStacks, new: newStacks)
            else { continue }
            found[entry.measurement] = movers
        }
        return found
    }

    /// Writes `MEASUREMENT-DIRECTORY.svg` into `output` for every measurement both directories
    /// sampled: the new stacks, coloured by how each frame's share of the samples moved.
    ///
    /// - Throws: `BenchError` when `output` exists, or a file cannot be written.
    static func writeFlameGraphs(_ options: ProfileDiffOptions, into output: String) throws(BenchError) {
        guard !FileManager.default.fileExists(atPath: output) else {
            throw BenchError("'\(output)' exists; profile diff writes a new directory, name another with --out")
        }
        let old = try ProfileManifest.read(directory: options.oldDirectory)
        let new = try ProfileManifest.read(directory: options.newDirectory)
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            for entry in new.measurements {
                guard let oldEntry = old.measurements.first(where: { $0.measurement == entry.measurement }),
                    let newStacks = try stacks(options.newDirectory, entry), let oldStacks = try stacks(options.oldDirectory, oldEntry)
                else { continue }
                let graph = FlameGraph(stacks: newStacks, title: "\(entry.measurement): new against old", baseline: oldStacks)
                try Data(graph.svg.utf8).write(to: URL(fileURLWithPath: (output as NSString).appendingPathComponent(entry.directory + ".svg")))
            }
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError("cannot write the differential flame graphs into \(output): \(error)")
        }
    }

    /// The folded stacks of `entry` in `directory`; `nil` when it was not sampled.
    static func stacks(_ directory: String, _ entry: ProfileManifest.Entry) throws(BenchError) -> FoldedStacks? {
        guard let text = try ProfileFile.foldedStacks.text(in: (directory as NSString).appendingPathComponent(entry.directory)) else { return nil }
        return FoldedStacks.parse(
            text, samplesOutside: entry.samplesOutside ?? 0, samplesWithUnknownFrames: entry.samplesWithUnknownFrames ?? 0)
    }

    /// The profile of `entry` in `directory`.
    static func profile(_ directory: String, _ entry: ProfileManifest.Entry) throws(BenchError) -> CallgrindProfile {
        let folder = (directory as NSString).appendingPathComponent(entry.directory)
        guard let text = try ProfileFile.callgrind.text(in: folder) else {
            throw BenchError("\((folder as NSString).appendingPathComponent(ProfileFile.callgrind.writtenName)): no such file")
        }
        do {
            return try CallgrindProfile.parse(text)
        } catch {
            throw BenchError("\((folder as NSString).appendingPathComponent(ProfileFile.callgrind.writtenName)): \(error.reason)")
        }
    }
}
