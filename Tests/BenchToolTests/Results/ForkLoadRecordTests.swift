import Foundation
import Harness
import Testing

@testable import BenchTool

/// A fork's load from two readings, its JSON with every key, and the run's summary line over forks.
struct ForkLoadRecordTests {
    /// A reading at `seconds` on the clock, every counter given unless passed nil.
    static func reading(
        at seconds: Double, onCPU: UInt64? = 0, runQueue: UInt64? = 0, involuntary: Int = 0, voluntary: Int = 0,
        pressure: UInt64? = 0, steal: UInt64? = 0, all: UInt64? = 0, loadAverage: Double? = 0.5
    ) -> ProcessLoad {
        ProcessLoad(
            monotonicNanoseconds: UInt64(seconds * 1e9), onCPUNanoseconds: onCPU, runQueueNanoseconds: runQueue,
            involuntarySwitches: involuntary, voluntarySwitches: voluntary, cpuPressureSomeMicroseconds: pressure,
            stealTicks: steal, allTicks: all, loadAverage: loadAverage)
    }

    /// A fork's record with the given run-queue share, switches and seconds, the other figures fixed.
    static func record(
        fork: Int, runQueue: Double?, involuntary: Int = 0, seconds: Double = 2, pressure: Double? = 0.01, steal: Double? = 0
    ) -> ForkLoadRecord {
        ForkLoadRecord(
            fork: fork, seconds: seconds, runQueueShare: runQueue, onCPUShare: 0.9, involuntarySwitches: involuntary,
            voluntarySwitches: 3, cpuPressureShare: pressure, stealShare: steal, loadAverageAtStart: 0.5, loadAverageAtEnd: 0.6)
    }

    // MARK: - Arithmetic

    @Test func sharesAreOfTheForksWallTime() {
        let start = Self.reading(
            at: 100, onCPU: 5_000_000_000, runQueue: 1_000_000_000, involuntary: 40, voluntary: 7, pressure: 9_000_000,
            steal: 14, all: 40_000, loadAverage: 0.29)
        let end = Self.reading(
            at: 102, onCPU: 6_800_000_000, runQueue: 1_100_000_000, involuntary: 90, voluntary: 10, pressure: 9_500_000,
            steal: 18, all: 40_400, loadAverage: 1.75)
        let record = ForkLoadRecord(fork: 3, from: start, to: end)
        #expect(record.fork == 3)
        #expect(record.seconds == 2, "102 s - 100 s")
        #expect(record.runQueueShare == 0.05, "0.1 s waiting over 2 s")
        #expect(record.onCPUShare == 0.9, "1.8 s on a CPU over 2 s")
        #expect(record.involuntarySwitches == 50 && record.voluntarySwitches == 3, "switches between the readings")
        #expect(record.cpuPressureShare == 0.25, "500 000 µs of pressure over 2 000 000 µs")
        #expect(record.stealShare == 0.01, "4 steal ticks of 400")
        #expect(record.loadAverageAtStart == 0.29 && record.loadAverageAtEnd == 1.75, "both readings' load averages")
    }

    @Test func anUnknownOrUntellableFigureIsNil() {
        let start = Self.reading(at: 10, onCPU: 2_000, runQueue: nil, pressure: nil, steal: 5, all: 900, loadAverage: nil)
        let end = Self.reading(at: 11, onCPU: 1_000, runQueue: 50, pressure: nil, steal: 5, all: 900, loadAverage: nil)
        let record = ForkLoadRecord(fork: 1, from: start, to: end)
        #expect(record.runQueueShare == nil, "unknown at the start")
        #expect(record.onCPUShare == nil, "a sum that went down (a thread ended) tells nothing")
        #expect(record.cpuPressureShare == nil, "a kernel without /proc/pressure")
        #expect(record.stealShare == nil, "no tick passed")
        #expect(record.loadAverageAtStart == nil && record.loadAverageAtEnd == nil)

        let noTime = ForkLoadRecord(fork: 1, from: Self.reading(at: 10), to: Self.reading(at: 10))
        #expect(noTime.seconds == 0 && noTime.runQueueShare == nil && noTime.cpuPressureShare == nil, "no share of no time")
        let known = ForkLoadRecord(fork: 1, from: Self.reading(at: 10), to: Self.reading(at: 11, all: 200))
        #expect(known.runQueueShare == 0 && known.stealShare == 0, "a figure of 0 is known, not nil")
    }

    // MARK: - JSON

    @Test func everyKeyIsWrittenNullWhereUnknown() throws {
        let record = ForkLoadRecord(
            fork: 2, seconds: 1.5, runQueueShare: nil, onCPUShare: 0.98, involuntarySwitches: 12, voluntarySwitches: 4,
            cpuPressureShare: nil, stealShare: nil, loadAverageAtStart: 0.5, loadAverageAtEnd: nil)
        let data = try JSONEncoder().encode(record)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == [
            "fork", "seconds", "runQueueShare", "onCPUShare", "involuntarySwitches", "voluntarySwitches", "cpuPressureShare",
            "stealShare", "loadAverageAtStart", "loadAverageAtEnd",
        ], "every key, always")
        for key in ["runQueueShare", "cpuPressureShare", "stealShare", "loadAverageAtEnd"] {
            #expect(object[key] is NSNull, "\(key) unknown is null")
        }
        #expect(object["onCPUShare"] as? Double == 0.98 && object["fork"] as? Int == 2)
        #expect(try JSONDecoder().decode(ForkLoadRecord.self, from: data) == record, "reads back as written")

        let full = Self.record(fork: 1, runQueue: 0.004, involuntary: 30)
        #expect(try JSONDecoder().decode(ForkLoadRecord.self, from: JSONEncoder().encode(full)) == full, "a record of every figure too")
    }

    // MARK: - Summary

    @Test func theSummaryIsTheMedianOverForks() {
        let records = [
            Self.record(fork: 1, runQueue: 0.002, involuntary: 20, seconds: 2, pressure: 0.01, steal: 0),
            Self.record(fork: 2, runQueue: 0.012, involuntary: 60, seconds: 3, pressure: 0.03, steal: 0.02),
            Self.record(fork: 3, runQueue: nil, involuntary: 8, seconds: 1, pressure: nil, steal: nil),
            Self.record(fork: 4, runQueue: 0.004, involuntary: 0, seconds: 0, pressure: 0.02, steal: 0.01),
        ]
        let summary = ForkLoadSummary(records)
        #expect(summary.forks == 4)
        #expect(summary.forksWithRunQueueShare == 3, "fork 3 had none")
        #expect(summary.medianRunQueueShare == 0.004, "the middle of 0.2, 0.4 and 1.2 %")
        #expect(summary.largestRunQueueShare == 0.012)
        #expect(summary.medianInvoluntarySwitchesPerSecond == 10, "the middle of 10, 20 and 8 a second; a fork of no time left out")
        #expect(summary.medianCPUPressureShare == 0.02)
        #expect(summary.medianStealShare == 0.01)

        let even = ForkLoadSummary([Self.record(fork: 1, runQueue: 0.25), Self.record(fork: 2, runQueue: 0.75)])
        #expect(even.medianRunQueueShare == 0.5, "an even count's median is the mean of the middle two")
    }

    @Test func noForksSummarizeToNothing() {
        for records in [nil, [ForkLoadRecord]()] {
            let summary = ForkLoadSummary(records, quietRunQueueShare: 0.01)
            #expect(summary.forks == 0 && summary.medianRunQueueShare == nil && summary.largestRunQueueShare == nil)
            #expect(summary.medianInvoluntarySwitchesPerSecond == nil && summary.medianCPUPressureShare == nil)
            #expect(summary.line == "machine: not read (no fork recorded its load)")
        }
    }

    @Test func theLineGivesEveryKnownSignal() {
        let records = [
            Self.record(fork: 1, runQueue: 0.004, involuntary: 24, seconds: 2, pressure: 0.003, steal: 0),
            Self.record(fork: 2, runQueue: 0.012, involuntary: 24, seconds: 2, pressure: 0.003, steal: 0),
            Self.record(fork: 3, runQueue: 0.003, involuntary: 24, seconds: 2, pressure: 0.003, steal: 0),
        ]
        #expect(ForkLoadSummary(records, quietRunQueueShare: 0.01).line == """
            machine: forks waited 0.400 % of their time for a CPU (median over 3 forks, most 1.20 %; quiet runs here wait \
            under 1 %), 12.0 involuntary switches a second, CPU pressure 0.300 %, steal 0 %
            """)
        #expect(ForkLoadSummary(records).line == """
            machine: forks waited 0.400 % of their time for a CPU (median over 3 forks, most 1.20 %), 12.0 involuntary \
            switches a second, CPU pressure 0.300 %, steal 0 %
            """, "no declared bound, no comparison")
        #expect(ForkLoadSummary([records[0]], quietRunQueueShare: 0.005).line == """
            machine: the fork waited 0.400 % of its time for a CPU (quiet runs here wait under 0.500 %), 12.0 involuntary \
            switches a second, CPU pressure 0.300 %, steal 0 %
            """, "one fork has no median and no most")
    }

    @Test func theLineLeavesOutUnknownSignals() {
        let records = [
            Self.record(fork: 1, runQueue: nil, involuntary: 10, seconds: 2, pressure: nil, steal: nil),
            Self.record(fork: 2, runQueue: nil, involuntary: 30, seconds: 2, pressure: nil, steal: nil),
        ]
        let line = ForkLoadSummary(records, quietRunQueueShare: 0.01).line
        #expect(line == "machine: 10.0 involuntary switches a second", "only switches known: \(line)")
        #expect(!line.contains("0 %"), "an unknown signal is not written as 0")

        let nothing = [Self.record(fork: 1, runQueue: nil, seconds: 0, pressure: nil, steal: nil)]
        #expect(ForkLoadSummary(nothing).line == "machine: no load figure could be read in 1 fork")
    }

    // MARK: - A look before a run

    @Test func theLookGivesLoadPressureAndSteal() {
        let start = Self.reading(at: 50, pressure: 1_000_000, steal: 10, all: 10_000, loadAverage: 0.12)
        let end = Self.reading(at: 51, pressure: 1_010_000, steal: 12, all: 10_200, loadAverage: 0.12)
        #expect(ForkLoadSummary.lookAtTheMachine(from: start, to: end, cores: 2) == """
            # machine now: load average 0.120 (2 cores), CPU pressure 1.00 % and steal 1.00 % over the last 1.00 s
            """)

        let bare = Self.reading(at: 50, pressure: nil, steal: nil, all: nil, loadAverage: nil)
        let bareEnd = Self.reading(at: 51, pressure: nil, steal: nil, all: nil, loadAverage: nil)
        #expect(ForkLoadSummary.lookAtTheMachine(from: bare, to: bareEnd, cores: 1) == "# machine now: 1 core", "nothing unknown is written")
        let noSteal = Self.reading(at: 51, pressure: 1_000_000, steal: nil, all: nil, loadAverage: 3)
        #expect(ForkLoadSummary.lookAtTheMachine(from: start, to: noSteal, cores: 2) == """
            # machine now: load average 3.00 (2 cores), CPU pressure 0 % over the last 1.00 s
            """)
    }

    #if os(Linux)
        @Test func aLookAtThisMachineNamesItsCores() {
            let line = ForkLoadSummary.lookAtTheMachine(over: 0.05)
            #expect(line.hasPrefix("# machine now: load average "), "\(line)")
            #expect(line.contains("(\(ProcessInfo.processInfo.activeProcessorCount) core"), "\(line)")
        }
    #endif
}
