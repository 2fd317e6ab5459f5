@testable import BenchTool
import Foundation
import Harness
import Testing
import Workloads

/// `bench profile` for real: a workload of known call structure under callgrind, and the bench's own
/// profile of a tracked read with and without the A/B switch.
///
/// Both run programs built beside this test binary (`ProfileWorkload`, `bench`): valgrind 3.19 cannot
/// run the swift-testing runner itself.
struct ProfileTests {
    static func executable(_ name: String) -> String? {
        guard let tests = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let path = ((tests as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    static var canLaunchCallgrind: Bool {
        executable("bench") != nil && executable("ProfileWorkload") != nil && InstructionCounter.clientRequestsCompiled
            && CallgrindLaunch.toolsAreInstalled
    }

    /// `bench profile` needs perf as well as callgrind.
    static var canProfile: Bool { canLaunchCallgrind && PerfLaunch.isInstalled }

    /// `outer` calls `leafA` 4 times for 1000 rounds and `leafB` 2 times for 3000 rounds per operation.
    static let structure = (callsA: 4, roundsA: 1000, callsB: 2, roundsB: 3000)

    @Test(.enabled(if: canLaunchCallgrind, "needs valgrind, setarch, objcopy and the executables built"))
    func aKnownCallStructureGivesItsCallsAndShares() throws {
        let directory = try CallgrindLaunch.makeOutputDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let structure = Self.structure
        let launch = CallgrindLaunch(
            program: try CallgrindLaunch.copyWithoutDebugInformation(try #require(Self.executable("ProfileWorkload")), into: directory),
            arguments: [structure.callsA, structure.roundsA, structure.callsB, structure.roundsB].map(String.init) + ["--dumps", directory],
            environment: [:], outputDirectory: directory)
        _ = try launch.run()
        let (region, _, profile) = try #require(try ProfileCommand.countedDumps(in: directory)[MeasurementKey(label: "synthetic")])
        let names = SymbolDemangler.demangle(Array(profile.functions.keys))
        let table = ProfileTable(measurement: "synthetic", profile: profile, operations: region.calls, names: names)
        let outer = try #require(table.row(named: "outer("), "\(table.text(top: 10))")
        let leafA = try #require(table.row(named: "leafA("))
        let leafB = try #require(table.row(named: "leafB("))
        #expect(outer.callsPerOperation == 1)
        #expect(leafA.callsPerOperation == Double(structure.callsA))
        #expect(leafB.callsPerOperation == Double(structure.callsB))
        // Each round is the same few instructions in either leaf, so the leaves share their work as
        // their rounds do; a call's entry and exit are a few instructions against thousands.
        let expectedShareA = Double(structure.callsA * structure.roundsA) / Double(structure.callsA * structure.roundsA + structure.callsB * structure.roundsB)
        let shareA = leafA.selfPerOperation / (leafA.selfPerOperation + leafB.selfPerOperation)
        #expect(abs(shareA - expectedShareA) < 0.01, "leafA's share of the leaves' work: \(shareA), expected \(expectedShareA)")
        #expect(leafA.selfShare + leafB.selfShare > 0.97, "the leaves do nearly all the work: \(table.text(top: 10))")
        #expect(outer.inclusivePerOperation >= leafA.selfPerOperation + leafB.selfPerOperation + outer.selfPerOperation)
        #expect(outer.inclusivePerOperation / table.instructionsPerOperation > 0.98, "outer holds the operation: \(table.text(top: 10))")
        #expect(table.attributedShare > 0.99 && table.attributedShare <= 1, "\(table.attributedShare)")
    }

    @Test(.enabled(if: canProfile, "needs perf and the workload built"))
    func theSampledLoopFoldsIntoTheKnownPaths() throws {
        let directory = try CallgrindLaunch.makeOutputDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let structure = Self.structure
        let launch = PerfLaunch(
            program: try #require(Self.executable("ProfileWorkload")),
            arguments: [structure.callsA, structure.roundsA, structure.callsB, structure.roundsB].map(String.init) + ["--sample-seconds", "1"],
            environment: ProcessInfo.processInfo.environment, dataPath: directory + "/perf.data")
        let samples = try launch.samples()
        let names = SymbolDemangler.demangle(Array(Set(samples.flatMap { $0 })))
        let folded = FoldedStacks.fold(samples, root: "synthetic", isMarker: { $0.contains(SampledLoop.markerFragment) }, names: names)
        func samplesThrough(_ path: String) -> Int { folded.stacks.filter { $0.key.contains(path) }.values.reduce(0, +) }
        let throughA = samplesThrough("outer(_:);leafA(_:rounds:)")
        let throughB = samplesThrough("outer(_:);leafB(_:rounds:)")
        #expect(throughA > 0 && throughB > 0, "both leaves are reached through outer: \(folded.text)")
        #expect(throughB > throughA, "leafB does half as much work again as leafA: \(throughA) and \(throughB) samples")
        #expect(folded.samplesInside > folded.samplesOutside, "\(folded.summary)")
    }

    @Test(.enabled(if: canProfile, "needs valgrind, setarch, objcopy, perf and the executables built"))
    func theABSwitchIsTheTopMoverOnATrackedRead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("profile-ab-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let off = try profile(into: root + "/off", abSwitch: false)
        let on = try profile(into: root + "/on", abSwitch: true)
        #expect(off.status == 0 && on.status == 0, "\(off.standardError) \(on.standardError)")
        #expect(on.standardOutput.contains("field.read.tracked(row-of-8):"), "the terminal shows the table: \(on.standardOutput)")
        for file in ProfileFile.allCases.map(\.writtenName) + ["functions.txt", "flamegraph.svg"] {
            #expect(FileManager.default.fileExists(atPath: root + "/on/field.read.tracked-row-of-8/" + file), "\(file) written")
        }
        let diff = try #require(try ProfileDiffCommand.diff(oldDirectory: root + "/off", newDirectory: root + "/on").first)
        let top = try #require(diff.movers.first)
        #expect(top.name.contains("ExtraReadWork.perform"), "top mover: \(diff.text(top: 5))")
        #expect(top.difference > 0)
        // Nothing else moved: the whole change per operation is the switches' dispatch (`ABSwitch.perform`)
        // with what it calls (the switch's function; in a debug build, its loop's iterator), to within
        // a hundredth. One binary, one hash seed, one environment's size: what hashes addresses lands
        // alike on both sides.
        let manifest = try ProfileManifest.read(directory: root + "/on")
        let entry = try #require(manifest.measurements.first)
        let names = SymbolDemangler.demangle([top.symbol])
        let table = ProfileTable(
            measurement: entry.measurement, profile: try ProfileDiffCommand.profile(root + "/on", entry), operations: entry.operations, names: names)
        let work = try #require(table.rows.first { $0.symbol == top.symbol }).inclusivePerOperation
        let dispatch = table.rows.first { $0.symbol.contains("ABSwitch") && $0.symbol.contains("perform") }?.inclusivePerOperation
        let switchWork = max(work, dispatch ?? 0)
        let change = diff.newPerOperation - diff.oldPerOperation
        #expect(abs(change - switchWork) < switchWork / 100, "changed by \(change) per operation, the switch's work \(switchWork): \(diff.text(top: 5))")
        #expect(manifest.abSwitch)
        let graphs = root + "/graphs"
        let output = ProfileDiffCommand.run(ProfileDiffOptions(oldDirectory: root + "/off", newDirectory: root + "/on", outputDirectory: graphs))
        #expect(output.status == 0, "\(output.standardError)")
        let svg = try String(contentsOfFile: graphs + "/field.read.tracked-row-of-8.svg", encoding: .utf8)
        // An optimized build may move the body into a clone that drops the function's unused metatype
        // argument, "specialized static ExtraReadWork.perform()", and leave the symbol a jump to it: the
        // same function, the one the release build runs and A/B proofs measure.
        let boxes = ["<title>static ExtraReadWork.perform() (", "<title>specialized static ExtraReadWork.perform() ("]
        #expect(boxes.contains { svg.contains($0) }, "the switch's function is a box of the differential graph")
    }

    @Test(.enabled(if: canProfile, "needs valgrind, perf and the bench executable built"))
    func anUnknownMeasurementAndAnExistingDirectoryAreRefused() throws {
        let unknown = try runBench(["profile", "--filter", "no.such.measurement", "--out", "/tmp/never-\(UUID())"], abSwitch: false)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.filter { $0.hasPrefix("bench:") } == ["bench: no measurement matches --filter 'no.such.measurement' for the shapes asked (bench --list names them)"])
        let existing = try runBench(["profile", "--filter", "field.read.tracked(row-of-8)", "--out", "/tmp"], abSwitch: false)
        #expect(existing.status == 2 && existing.standardError.contains { $0.contains("'/tmp' exists") }, "\(existing.standardError)")
        let noPerf = try runBench(["profile", "--out", "/tmp/never-\(UUID())"], abSwitch: false, path: "/opt/swift/usr/bin:/usr/local/bin")
        #expect(noPerf.status == 2)
        #expect(noPerf.standardError == ["bench: " + PerfLaunch.missingLine], "\(noPerf.standardError)")
    }

    private func profile(into directory: String, abSwitch: Bool) throws -> CommandOutput {
        try runBench(["profile", "--filter", "field.read.tracked(row-of-8)", "--out", directory], abSwitch: abSwitch)
    }

    private func runBench(_ arguments: [String], abSwitch: Bool, path: String? = nil) throws -> CommandOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.executable("bench")))
        process.arguments = arguments + ["--spec", Fixture.bundledSpecDirectory.path]
        var environment = ProcessInfo.processInfo.environment
        environment["BENCH_AB_EXTRA_WORK"] = abSwitch ? "1" : nil
        if let path { environment["PATH"] = path }
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return CommandOutput(standardOutput: text, standardError: errorText.split(separator: "\n").map(String.init), status: process.terminationStatus)
    }
}
