import Foundation
import Harness
import Runtime

/// `bench profile`: each selected measurement's exact profile, by function, under callgrind.
///
/// The profile is the instruction pass's own child (`InstructionPass.childLaunch`): the same
/// debug-stripped copy of this build, on jemalloc, address-space randomisation off, the hash seed
/// fixed, collecting only between the client requests around the counted calls. Callgrind records
/// the call graph of whatever it collects, so each counted region's dump already holds every
/// function's self cost and its calls with their inclusive costs; the bench keeps that dump and reads
/// it whole (`CallgrindProfile`). What runs is what `bench --instructions` counts, to the instruction.
///
/// Per measurement, in its own directory: `callgrind.out.gz` (for `callgrind_annotate` or KCachegrind
/// too, once unzipped), `functions.tsv.gz` (every function) and `functions.txt` (aligned); and from the
/// sampled half (`SampledProfilePass`) `stacks.folded.gz`, `flamegraph.svg` and `speedscope.json.gz`
/// (`ProfileFile` says which are compressed). `profile.json` lists them.
/// The directory is written under a temporary name and renamed when complete, so a profile that
/// fails half-way leaves nothing that looks whole.
enum ProfileCommand {
    /// Profiles the measurements `options` select.
    ///
    /// - Returns: Each one's top functions, and a closing line naming the directory, once every profile
    ///   is written.
    /// - Throws: `BenchError` for a missing tool, an existing output directory, a filter that selects
    ///   nothing, a spec that fails its checks, or a child that failed; `CallgrindLaunch.Unavailable`
    ///   when valgrind cannot start.
    static func run(_ options: ProfileOptions) throws -> CommandOutput {
        try checkTools(sampling: options.samples)
        let output = options.outputDirectory ?? defaultDirectory()
        guard !FileManager.default.fileExists(atPath: output) else {
            throw BenchError("'\(output)' exists; profile writes a new directory, name another with --out")
        }
        let subjects = try BenchSubjects.checked(options.specDirectory)
        let runOptions = options.runOptions
        let selected = SuiteRunner.selected(Suite(subjects: subjects), options: runOptions)
        guard !selected.isEmpty else {
            throw BenchError("no measurement matches --filter '\(options.filter?.pattern ?? "")' for the shapes asked (bench --list names them)")
        }
        let written = try CallgrindLaunch.withOutputDirectory { scratch in
            // The child's environment sets the switch's variable either way (`InstructionPass.childLaunch`),
            // so a profile with it off and one with it on differ by the switch's work alone.
            Interruption.activity = "counting under callgrind"
            let launch = try InstructionPass.childLaunch(runOptions, keys: nil, fixedSeed: true, directory: scratch, probeApart: true)
            _ = try launch.run()
            let regions = try countedDumps(in: scratch)
            Interruption.activity = "sampling under perf"
            let samples = options.samples ? try SampledProfilePass.sample(options, selected: selected, scratch: scratch) : nil

            Interruption.activity = "writing the profiles"
            let staging = output + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
            Interruption.remove(onInterrupt: staging)
            defer { Interruption.forget(staging) }
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            do {
                let written = try write(selected, regions: regions, samples: samples, into: staging)
                try FileManager.default.moveItem(atPath: staging, toPath: output)
                return written
            } catch {
                try? FileManager.default.removeItem(atPath: staging)
                throw error
            }
        }
        return CommandOutput(
            standardOutput: written.map { table, stacks in
                table.text(top: ProfileTable.terminalRows) + "  sampled: " + (stacks?.summary ?? "not sampled (--no-samples)") + "\n\n"
            }.joined(),
            closingLines: [CommandOutput.said("profiles of \(selected.count) measurements written to \(output)")])
    }

    /// `.build/profiles/<UTC yyyyMMdd-HHmmss>`.
    static func defaultDirectory() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return ".build/profiles/" + formatter.string(from: Date())
    }

    /// Refuses to start without valgrind, setarch or objcopy, or in a build without client requests,
    /// and without perf when `sampling`.
    static func checkTools(sampling: Bool = true) throws {
        guard !sampling || PerfLaunch.isInstalled else { throw BenchError(PerfLaunch.missingLine) }
        guard CallgrindLaunch.toolsAreInstalled else {
            throw BenchError("profile needs valgrind, setarch and objcopy: apt-get install -y valgrind util-linux binutils (scripts/setup does it as root)")
        }
        guard InstructionCounter.clientRequestsCompiled else {
            throw BenchError("this bench was built without valgrind's headers (valgrind/callgrind.h); install valgrind and rebuild")
        }
    }

    /// Every counted region's dump in `directory`, by the region's measurement key, with its path.
    static func countedDumps(in directory: String) throws -> [MeasurementKey: (region: CallgrindRegion, path: String, profile: CallgrindProfile)] {
        var found: [MeasurementKey: (region: CallgrindRegion, path: String, profile: CallgrindProfile)] = [:]
        for path in CallgrindDump.numberedFiles(in: directory) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw BenchError("\(path): cannot be read") }
            let profile = try CallgrindProfile.parse(text)
            guard let region = CallgrindRegion(label: profile.trigger), region.kind == .counted else { continue }
            found[MeasurementKey(label: region.name)] = (region, path, profile)
        }
        return found
    }

    /// Writes each measurement's files and the manifest into `directory`; returns the tables and
    /// folded stacks (nil where `samples` is nil: the profile took none).
    private static func write(
        _ selected: [SuiteMeasurement], regions: [MeasurementKey: (region: CallgrindRegion, path: String, profile: CallgrindProfile)],
        samples: [MeasurementKey: [[String]]]?, into directory: String
    ) throws -> [(ProfileTable, FoldedStacks?)] {
        let symbols = Set(regions.values.flatMap { $0.profile.functions.keys }).union((samples ?? [:]).values.flatMap { $0.flatMap { $0 } })
        let names = SymbolDemangler.demangle(symbols.sorted())
        var tables: [(ProfileTable, FoldedStacks?)] = []
        var entries: [ProfileManifest.Entry] = []
        for measurement in selected {
            let key = measurement.key
            guard let (region, path, profile) = regions[key] else { throw BenchError("the callgrind pass profiled nothing for \(key)") }
            let operations = region.calls * measurement.operationsPerCall
            let table = ProfileTable(measurement: key.label, profile: profile, operations: operations, names: names)
            var name = ProfileManifest.directoryName(key.label)
            while entries.contains(where: { $0.directory == name }) { name += "-" + String(entries.count) }
            let folder = (directory as NSString).appendingPathComponent(name)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try ProfileFile.callgrind.write(try String(contentsOfFile: path, encoding: .utf8), into: folder)
            try ProfileFile.functionsTable.write(table.tsv, into: folder)
            try Data(table.text().utf8).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent("functions.txt")))
            let stacks = samples.map { samples in
                FoldedStacks.fold(samples[key] ?? [], root: key.label, isMarker: { $0.contains(SampledLoop.markerFragment) }, names: names)
            }
            if let stacks { try SampledFiles.write(stacks, measurement: key.label, into: folder) }
            tables.append((table, stacks))
            entries.append(
                ProfileManifest.Entry(
                    measurement: key.label, directory: name, operations: operations, instructions: profile.totalInstructions,
                    attributedShare: profile.attributedShare, samplesInside: stacks?.samplesInside, samplesOutside: stacks?.samplesOutside,
                    samplesWithUnknownFrames: stacks?.samplesWithUnknownFrames))
        }
        let manifest = ProfileManifest(
            commit: MachineEnvironment.capture(sourceDirectory: BuildCheckout.sourceDirectory).commit, abSwitch: Store.isExtraReadWorkOn,
            method: "callgrind (\(CallgrindLaunch.valgrindVersion() ?? "valgrind")): the counted region of bench --instructions' child, "
                + "hash seed fixed, collected only inside the region; per operation = over calls x operations per call",
            measurements: entries)
        try manifest.encoded().write(to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent(ProfileManifest.fileName)))
        return tables
    }
}
