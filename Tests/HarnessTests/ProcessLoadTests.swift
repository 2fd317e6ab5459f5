import Foundation
import Testing

@testable import Harness

/// The load counters: each `/proc` format parsed on fixed text as the kernel writes it (and as an
/// older or smaller kernel does not), and a reading of this process on this machine.
struct ProcessLoadTests {
    // MARK: - Parsing

    @Test func parsesSchedstat() {
        let figures = OperatingSystem.parseSchedstat("352298600 86228 27\n")
        #expect(figures?.onCPU == 352_298_600, "the first field is time on a CPU, ns")
        #expect(figures?.runQueue == 86_228, "the second is time waiting on a run queue, ns")
        #expect(OperatingSystem.parseSchedstat("0 0 0\n").map { [$0.onCPU, $0.runQueue] } == [0, 0], "scheduler statistics off")
        #expect(OperatingSystem.parseSchedstat("") == nil, "an empty file")
        #expect(OperatingSystem.parseSchedstat("352298600\n") == nil, "one field is not a reading")
        #expect(OperatingSystem.parseSchedstat("x 1 2\n") == nil, "not numbers")
    }

    @Test func parsesPressure() {
        let text = """
            some avg10=0.08 avg60=1.57 avg300=1.77 total=8954845
            full avg10=0.00 avg60=0.00 avg300=0.00 total=0

            """
        #expect(OperatingSystem.parsePressure(text) == 8_954_845, "the some line's total, µs")
        let fullFirst = "full avg10=0.00 avg60=0.00 avg300=0.00 total=7\nsome avg10=0.00 avg60=0.00 avg300=0.00 total=12\n"
        #expect(OperatingSystem.parsePressure(fullFirst) == 12, "the some line, wherever it is, not the full line")
        #expect(OperatingSystem.parsePressure("some avg10=0.08 avg60=1.57 avg300=1.77 total=\n") == nil, "a total that is no number")
        #expect(OperatingSystem.parsePressure("full avg10=0.00 avg60=0.00 avg300=0.00 total=7\n") == nil, "no some line")
    }

    @Test func aKernelWithoutPressureGivesNil() {
        // A kernel without PSI has no /proc/pressure/cpu: nothing to read, and no text to parse.
        #expect(OperatingSystem.parsePressure("") == nil, "no text, no figure")
    }

    @Test func parsesStat() {
        let text = """
            cpu  11284 0 1031 31172 447 0 13 14 0 0
            cpu0 3935 0 498 17497 20 0 7 5 0 0
            cpu1 7349 0 533 13675 427 0 6 9 0 0
            intr 1195338 0 9 0 0 0
            ctxt 2411209
            btime 1767000000

            """
        let ticks = OperatingSystem.parseStat(text)
        #expect(ticks?.steal == 14, "steal is the 8th number")
        #expect(ticks?.all == 11284 + 0 + 1031 + 31172 + 447 + 0 + 13 + 14, "the first 8 numbers, guest time left out")
        #expect(OperatingSystem.parseStat("cpu0 3935 0 498 17497 20 0 7 5 0 0\n") == nil, "a core's line is not the machine's")
        #expect(OperatingSystem.parseStat("cpu  11284 0 1031 31172 447 0 13\n") == nil, "a kernel too old to count steal")
        #expect(OperatingSystem.parseStat("") == nil, "no text")
    }

    @Test func parsesLoadAverage() {
        #expect(OperatingSystem.parseLoadAverage("0.29 0.30 0.13 1/113 2655\n") == 0.29, "the 1-minute figure")
        #expect(OperatingSystem.parseLoadAverage("12.50 8.00 3.10 5/400 9999\n") == 12.5)
        #expect(OperatingSystem.parseLoadAverage("") == nil, "no text")
        #expect(OperatingSystem.parseLoadAverage("busy 0.30\n") == nil, "not a number")
    }

    // MARK: - This machine

    #if os(Linux)
        @Test func readsThisProcessOnLinux() {
            let load = ProcessLoad.read()
            #expect(load.onCPUNanoseconds != nil, "/proc/self/task/*/schedstat gives time on a CPU")
            #expect(load.runQueueNanoseconds != nil, "and time on a run queue")
            #expect(load.involuntarySwitches >= 0 && load.voluntarySwitches >= 0, "getrusage counts")
            #expect(load.allTicks != nil && load.stealTicks != nil, "/proc/stat gives ticks")
            #expect(load.loadAverage.map { $0 >= 0 } == true, "/proc/loadavg gives a load average")
        }

        @Test func aBusyLoopMovesTimeOnACPUForward() throws {
            let before = ProcessLoad.read()
            let started = MonotonicClock.now()
            var spin: UInt64 = 0
            while MonotonicClock.now() &- started < 50_000_000 { spin &+= 1 }
            blackHole(spin)
            let after = ProcessLoad.read()
            let onCPUBefore = try #require(before.onCPUNanoseconds)
            let onCPUAfter = try #require(after.onCPUNanoseconds)
            #expect(onCPUAfter > onCPUBefore, "50 ms of spinning is time on a CPU: \(onCPUBefore) ns, then \(onCPUAfter) ns")
            #expect(after.monotonicNanoseconds > before.monotonicNanoseconds, "the clock moved forward")
            #expect(after.involuntarySwitches >= before.involuntarySwitches, "switch counts never go down")
            #expect(after.voluntarySwitches >= before.voluntarySwitches, "switch counts never go down")
        }
    #endif
}
