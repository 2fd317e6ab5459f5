import Foundation
import Testing

@testable import Harness

/// Reading callgrind's dump files, naming regions, and choosing how many calls to count: none of it
/// needs valgrind.
struct InstructionCountParsingTests {
    /// A dump as callgrind 3.19 writes it for `CALLGRIND_DUMP_STATS_AT`, abridged: the header's
    /// `summary:` is 0 and the figure is on the closing `totals:` line.
    static let clientRequestDump = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        pid: 7728
        cmd:  ./t
        part: 1


        desc: I1 cache: 
        desc: D1 cache: 
        desc: LL cache: 

        desc: Timerange: Basic block 0 - 1007
        desc: Trigger: Client Request: counted 40 phase.read.tracked(largest-strict) [derived]

        positions: line
        events: Ir
        summary: 0


        ob=(1) /tmp/cgt/t
        fl=(1) ???
        fn=(2) main
        cfn=(0) ccg_start
        calls=1 0
        0 13
        0 6003

        fn=(0)
        0 3

        totals: 6019
        """

    @Test func theTotalsLineGivesTheCountAndTheTriggerNamesTheRegion() throws {
        let dump = try CallgrindDump.parse(Self.clientRequestDump)
        #expect(dump.total("Ir") == 6019, "the figure is totals:, not the header's summary: 0")
        #expect(dump.total("Dr") == nil, "an event the dump does not have has no total")
        #expect(dump.trigger == "counted 40 phase.read.tracked(largest-strict) [derived]")
        #expect(CallgrindRegion(label: dump.trigger) == CallgrindRegion(kind: .counted, calls: 40, name: "phase.read.tracked(largest-strict) [derived]"))
    }

    @Test func aDumpWithoutTotalsFallsBackToSummaryAndTrailingZeroEventsMayBeLeftOut() throws {
        let dump = try CallgrindDump.parse("events: Ir Dr Dw\nsummary: 120 30\ndesc: Trigger: Program termination\n")
        #expect(dump.totals == [120, 30, 0])
        #expect(dump.trigger == "Program termination")
        #expect(CallgrindRegion(label: dump.trigger) == nil, "a dump the bench did not name is no region")
    }

    @Test(arguments: [
        ("totals: 5\n", "no 'events:' line"),
        ("events: Ir\n", "no 'totals:' or 'summary:' line"),
        ("events: Ir\ntotals: 5 6\n", "2 totals for 1 events"),
        ("events: Ir\ntotals: 5x\n", "not a number in 'totals: 5x'"),
    ])
    func aMalformedDumpIsRefusedSayingWhy(text: String, reason: String) {
        #expect(throws: CallgrindDump.Malformed(reason: reason)) { try CallgrindDump.parse(text) }
    }

    @Test func regionLabelsRoundTripAndRefuseWhatTheBenchDidNotWrite() {
        let region = CallgrindRegion(kind: .probe, calls: 1, name: "commit.nulls-or-errors(largest-strict, 10 handles) [stored]")
        #expect(CallgrindRegion(label: region.label) == region, "a name with spaces survives")
        for label in ["", "probe", "probe 1", "probe 1 ", "counted 0 x", "counted -2 x", "counted two x", "sampled 2 x"] {
            #expect(CallgrindRegion(label: label) == nil, "'\(label)' is not a region")
        }
    }

    @Test func numberedDumpsAreReadInTheOrderMadeAndTheTerminationDumpIsLeftOut() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("callgrind-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (suffix, total) in [(".2", 2), (".10", 10), (".1", 1), ("", 99)] {
            let text = "events: Ir\ndesc: Trigger: Client Request: counted 2 m\(total)\ntotals: \(total)\n"
            try text.write(toFile: "\(directory)/callgrind.77.out\(suffix)", atomically: true, encoding: .utf8)
        }
        #expect(try CallgrindDump.readAll(in: directory).map { $0.total("Ir") } == [1, 2, 10])
        #expect(try CallgrindLaunch.regions(in: directory)[CallgrindRegion(kind: .counted, calls: 2, name: "m10")] == 10)
    }

    @Test func theOutputDirectoryIsNamedAlikeInRunsOneAfterAnotherAndAsLongInRunsAtOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("callgrind-names-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let prefix = root + "/out"
        let first = try CallgrindLaunch.makeOutputDirectory(prefix: prefix)
        let meanwhile = try CallgrindLaunch.makeOutputDirectory(prefix: prefix)
        #expect(meanwhile != first, "a run at the same time gets a directory of its own")
        #expect(meanwhile.count == first.count, "and its name is as long")
        try FileManager.default.removeItem(atPath: first)
        try FileManager.default.removeItem(atPath: meanwhile)
        #expect(try CallgrindLaunch.makeOutputDirectory(prefix: prefix) == first, "a run after another gets the same name")
        #expect(CallgrindLaunch(program: "p", arguments: [], environment: [:], outputDirectory: first).valgrindOptions
            .contains("--callgrind-out-file=\(first)/callgrind.out"), "and its dumps are not named by the process id")
    }

    @Test func countedCallsReachTheTargetWithinBoundsAndAreEven() {
        let counter = InstructionCounter(outputDirectory: "")
        #expect(counter.calls(probe: 0) == 1000, "a call that counts nothing gets the most calls")
        #expect(counter.calls(probe: 12_338) == 1000)
        #expect(counter.calls(probe: 87_000) == 230, "20 000 000 / 87 000 = 229.9, up to 230")
        #expect(counter.calls(probe: 70_000) == 286, "286 is 285.7 up, already even")
        #expect(counter.calls(probe: 6_000_000) == 4, "4 is 3.3 up and even")
        #expect(counter.calls(probe: 12_369_410_821) == 2, "a slow call gets the fewest")
        for probe in stride(from: UInt64(1), to: 50_000_000, by: 77_777) { #expect(counter.calls(probe: probe) % 2 == 0) }
    }

    /// A call made after its own set-up starts from the same state as every other: nothing alternates,
    /// so its calls are not rounded to even, and one call of the target or more is enough.
    @Test func aCallAfterItsOwnSetUpIsNotRoundedAndOneMayDo() {
        let counter = InstructionCounter(outputDirectory: "")
        #expect(counter.calls(probe: 7_000_000, oneCallPerSetUp: true) == 3, "20 000 000 / 7 000 000 = 2.9, up to 3, odd")
        #expect(counter.calls(probe: 7_000_000) == 4, "rounded to even when calls follow one another")
        #expect(counter.calls(probe: 12_369_410_821, oneCallPerSetUp: true) == 1)
        #expect(counter.calls(probe: 0, oneCallPerSetUp: true) == 1000)
    }

    /// A measurement's count is its counted probe's and its counted region's, over their calls together;
    /// a probe kept apart is no part of it.
    @Test func aMeasurementsTotalAddsItsCountedProbeAndLeavesAProbeApartOut() {
        let totals = CallgrindRegion.measurementTotals([
            CallgrindRegion(kind: .countedProbe, calls: 1, name: "a [derived]"): 1_000,
            CallgrindRegion(kind: .counted, calls: 3, name: "a [derived]"): 2_970,
            CallgrindRegion(kind: .countedProbe, calls: 1, name: "b"): 500,
            CallgrindRegion(kind: .probe, calls: 1, name: "c"): 70,
            CallgrindRegion(kind: .counted, calls: 2, name: "c"): 150,
        ])
        #expect(totals.count == 3)
        #expect(totals["a [derived]"]?.instructions == 3_970 && totals["a [derived]"]?.calls == 4)
        #expect(totals["b"]?.instructions == 500 && totals["b"]?.calls == 1, "a probe that was every call needed")
        #expect(totals["c"]?.instructions == 150 && totals["c"]?.calls == 2)
        #expect(CallgrindRegion(label: "counted-probe 1 a [derived]")?.kind == .countedProbe)
    }
}
