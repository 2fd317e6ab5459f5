@testable import BenchTool
import Foundation
import Harness
import Runtime
import Testing
import Workloads

/// The callgrind pass for real: the bench's child under callgrind, twice, on two cheap measurements.
///
/// The child is this build's `bench` executable (built beside the test binary): valgrind 3.19 cannot
/// run the swift-testing runner itself, which crashes it, while the bench runs single-threaded.
struct InstructionPassTests {
    static let names = ["observable.read.untracked(row-of-8)", "observable.read.tracked(row-of-8)"]

    /// The debug `bench` next to this test binary, when built.
    static var bench: String? {
        guard let tests = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let path = ((tests as NSString).deletingLastPathComponent as NSString).appendingPathComponent("bench")
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    static var canLaunchCallgrind: Bool {
        bench != nil && InstructionCounter.clientRequestsCompiled && CallgrindLaunch.toolsAreInstalled
    }

    /// A and B of an A/B proof must differ by the switch's value alone: the same variables, of the same
    /// lengths, so their stacks start at the same address and counts of work that hashes addresses agree.
    /// Nothing else of the run is in the environment: what to count is on the command line.
    @Test func theCountingChildIsToldTheSwitchEitherWay() {
        let environment = InstructionPass.childEnvironment(fixedSeed: true)
        #expect(environment["BENCH_AB_EXTRA_WORK"] == (Store.isExtraReadWorkOn ? "1" : "0"))
        #expect(environment["SWIFT_DETERMINISTIC_HASHING"] == "1")
        #expect(InstructionPass.childEnvironment(fixedSeed: false)["SWIFT_DETERMINISTIC_HASHING"] == "0")
        let benchVariables = environment.keys.filter { $0.hasPrefix("BENCH_") }.sorted()
        #expect(
            benchVariables == [
                "BENCH_AB_EXTRA_WORK", "BENCH_AB_WALK_STALLS", "BENCH_ALLOCATOR", "BENCH_ALLOCATOR_REEXECUTED", "BENCH_PARENT_PID",
            ], "\(benchVariables)")
        #expect(
            environment["BENCH_AB_WALK_STALLS"] == String(format: "%010d", Store.walkStallSteps ?? 0),
            "the stalls' steps in ten digits, off or on, one length in every run")
        #expect(environment["BENCH_PARENT_PID"]?.count == 10, "the parent's id in ten digits, one length in every run")
    }

    /// The results file's `method` says the counting processes ran side by side only where they did;
    /// one at a time, it reads as it did before they could.
    @Test func theMethodSaysWhenTheCountingProcessesRanSideBySide() {
        let counter = InstructionCounter(outputDirectory: "")
        let alone = InstructionPass.method(counter, valgrindVersion: "valgrind-3.19.0", processes: 1, otherSeeds: 6)
        let beside = InstructionPass.method(counter, valgrindVersion: "valgrind-3.19.0", processes: 2, otherSeeds: 6)
        #expect(!alone.contains { $0.contains("side by side") } && alone.last!.hasSuffix("at most 1.0%"), "\(alone)")
        #expect(Array(beside.prefix(alone.count)) == alone && beside.last!.hasPrefix("these processes run side by side on 2 cores, up to 2 at a time"), "\(beside)")
    }

    /// A run counts the fixed seed alone unless `--seeds` asks for more, and its method says which.
    @Test func theMethodSaysHowManyOtherSeedsWereCounted() {
        let counter = InstructionCounter(outputDirectory: "")
        let fixed = InstructionPass.method(counter, valgrindVersion: "valgrind-3.19.0", processes: 2)
        let two = InstructionPass.method(counter, valgrindVersion: "valgrind-3.19.0", processes: 2, otherSeeds: 2)
        let six = InstructionPass.method(counter, valgrindVersion: "valgrind-3.19.0", processes: 2, otherSeeds: 6)
        let seeds = { (clauses: [String]) in clauses.first { $0.hasPrefix("instructionsUnderOtherHashSeeds: ") } ?? "" }
        #expect(seeds(fixed).hasPrefix("instructionsUnderOtherHashSeeds: not counted") && !seeds(fixed).contains("random hash seeds"), "\(fixed)")
        #expect(seeds(two).contains("in 2 more processes with random hash seeds") && !seeds(two).contains("more for those whose spread"), "\(two)")
        #expect(seeds(six).contains("in 2 more processes with random hash seeds") && seeds(six).contains("and in 4 more for those whose spread"), "\(six)")
    }

    /// Outside valgrind the client requests do nothing, so a counting child there would answer with no
    /// dumps: it is refused as bad input, and writes nothing.
    @Test func theCountingChildRefusesToRunOutsideValgrind() throws {
        let directory = try CallgrindLaunch.makeOutputDirectory(prefix: "/tmp/bench-callgrind-refused")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let child = ChildCommand(.countInstructions(dumpsDirectory: directory, measurements: []), run: .defaults)
        #expect(BenchCommand.main(child.arguments) == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test(.enabled(if: canLaunchCallgrind, "needs valgrind, setarch, objcopy and the bench executable built"))
    func twoRunsCountTheSameAndNCallsCountNTimesOne() throws {
        let first = try countInChild()
        let second = try countInChild()
        #expect(first.count == 2 * Self.names.count, "a counted probe and a count per measurement: \(first.keys.map(\.label))")
        let (totals, again) = (CallgrindRegion.measurementTotals(first), CallgrindRegion.measurementTotals(second))
        for name in Self.names {
            // The probe is the first counted call; the counted region makes the rest.
            let probe = try #require(first.first { $0.key.kind == .countedProbe && $0.key.name == name }, "no counted probe of \(name)")
            let rest = try #require(first.first { $0.key.kind == .counted && $0.key.name == name }, "no count of \(name)")
            let total = try #require(totals[name])
            #expect(total.calls == InstructionCounter(outputDirectory: "").calls(probe: probe.value))
            #expect(total.calls == rest.key.calls + 1 && total.instructions == probe.value + rest.value)
            let repeated = try #require(again[name], "the second run did not count \(name)")
            #expect(repeated.calls == total.calls, "\(name): the second run counted over other calls")
            let drift = abs(Double(repeated.instructions) - Double(total.instructions)) / Double(total.instructions)
            #expect(drift <= 0.001, "\(name): \(total.instructions) then \(repeated.instructions) instructions over \(total.calls) calls")
            #expect(second[probe.key] == probe.value, "\(name): one call counted \(probe.value), then \(second[probe.key] ?? 0)")
            // A region also counts the tail of the start request and the head of the stop request, and
            // the batch loop's entry: a constant, borne whole by one call and shared by N. So N calls
            // count about N times one call, and not much less. Not at most: a call's allocations cost
            // more or less with what the allocator holds, and the calls after the probe start from what
            // reading its dump left there. So at most N times one call within the 0.1 % two runs of one
            // build are held to.
            let perCall = Double(rest.value) / Double(rest.key.calls)
            #expect(
                perCall <= Double(probe.value) * (1 + MeasurementRecord.hashSensitivity) && perCall >= 0.95 * Double(probe.value),
                "\(name): \(rest.key.calls) calls count \(perCall) each, the probe's one call \(probe.value)")
        }
    }

    /// Runs the bench's counting child on `names` under callgrind; every region it dumped.
    private func countInChild() throws -> [CallgrindRegion: UInt64] {
        let directory = try CallgrindLaunch.makeOutputDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = RunOptions.defaults
        options.specDirectory = Fixture.bundledSpecDirectory.path
        options.filter = MeasurementFilter(pattern: "observable.read")
        let launch = CallgrindLaunch(
            program: try CallgrindLaunch.copyWithoutDebugInformation(try #require(Self.bench), into: directory),
            arguments: ChildCommand(.countInstructions(dumpsDirectory: directory, measurements: []), run: options).arguments,
            environment: [AllocatorLaunch.choiceVariable: "system"],
            outputDirectory: directory)
        return try launch.run()
    }
}
