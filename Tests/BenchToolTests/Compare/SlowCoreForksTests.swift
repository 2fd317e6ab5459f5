import Foundation
import Testing

@testable import BenchTool

/// Forks of a slowed core set aside from a comparison of time: by the speed probe alone, on both sides
/// alike, never enough to hide a slowdown every fork shows, and nothing at all for files without
/// readings.
struct SlowCoreForksTests {
    static let key = Synthetic.derivedRead
    static let fast = 7_000.0
    static let slow = 12_000.0

    /// A measurement of `median` in one fork a reading of `speeds`: a fork whose reading is a slowed
    /// core's has its samples `slowdown` times longer, as the machine made them.
    static func forked(median: Double, draw: Int, speeds: [Double], slowdown: Double = 1.8) -> MeasurementRecord {
        MeasurementRecord(
            mergingForks: speeds.enumerated().map { fork, speed in
                var record = Synthetic.spreadMeasurement(
                    key, median: median * (speed > fast * SlowCoreForks.beyond ? slowdown : 1), draw: draw * speeds.count + fork)
                record.batches.speedProbeNanoseconds = [speed]
                return record
            })
    }

    /// Twelve readings, `slowForks` of them (the first) a slowed core's.
    static func speeds(slowForks: Int) -> [Double] {
        (0..<12).map { $0 < slowForks ? slow : fast + Double($0) * 20 }
    }

    @Test func theFastCoreIsALowQuantileOfEveryReadingOfBothSides() throws {
        #expect(SlowCoreForks.fastCore(of: [Synthetic.spreadMeasurement(Self.key, median: 1_000)]) == nil, "no reading, no fast core")
        let records = [Self.forked(median: 1_000, draw: 0, speeds: Self.speeds(slowForks: 4))]
        let fastCore = try #require(SlowCoreForks.fastCore(of: records))
        #expect(fastCore >= Self.fast && fastCore < Self.fast * 1.02, "a third of the readings slow leaves the low quantile fast")
        #expect(SlowCoreForks.kept(records[0], fastCore: fastCore) == (0..<12).map { $0 >= 4 })
        #expect(
            SlowCoreForks.kept(Synthetic.spreadMeasurement(Self.key, median: 1_000, forks: 3), fastCore: fastCore) == [true, true, true],
            "a record with no readings keeps every fork")
    }

    @Test func forksOfASlowedCoreNoLongerHideThatTheCodeIsTheSame() {
        let old = Self.forked(median: 1_000, draw: 0, speeds: Self.speeds(slowForks: 0))
        let new = Self.forked(median: 1_000, draw: 1, speeds: Self.speeds(slowForks: 4))
        let rule = ComparisonRule()
        let blind = MeasurementComparison(old: old, new: new, rule: rule)
        #expect(blind.verdict != .same, "a third of NEW's forks 1.8x slower: no sameness can be shown")
        #expect(blind.slowCore == nil)
        let fastCore = SlowCoreForks.fastCore(of: [old, new])
        let seeing = MeasurementComparison(old: old, new: new, rule: rule, fastCore: fastCore)
        #expect(seeing.slowCore == SlowCoreForks(old: 0, oldForks: 12, new: 4, newForks: 12))
        #expect(seeing.new.forks == 8 && seeing.old.forks == 12, "the sides' figures are the kept forks'")
        #expect(seeing.verdict == .same, "\(seeing.ratio ?? 0) \(String(describing: seeing.ratioInterval))")
    }

    @Test func aSlowdownEveryForkShowsIsStillSlower() {
        let old = Self.forked(median: 1_000, draw: 0, speeds: Self.speeds(slowForks: 3))
        let new = Self.forked(median: 1_300, draw: 1, speeds: Self.speeds(slowForks: 3))
        let seeing = MeasurementComparison(old: old, new: new, rule: ComparisonRule(), fastCore: SlowCoreForks.fastCore(of: [old, new]))
        #expect(seeing.slowCore == SlowCoreForks(old: 3, oldForks: 12, new: 3, newForks: 12))
        #expect(seeing.verdict == .slower)
    }

    @Test func aSideLeftWithFewerThanTwoForksCannotTellAndSaysWhy() {
        let old = Self.forked(median: 1_000, draw: 0, speeds: Self.speeds(slowForks: 0))
        let new = Self.forked(median: 1_000, draw: 1, speeds: Self.speeds(slowForks: 11))
        let seeing = MeasurementComparison(old: old, new: new, rule: ComparisonRule(), fastCore: SlowCoreForks.fastCore(of: [old, new]))
        #expect(seeing.slowCore == SlowCoreForks(old: 0, oldForks: 12, new: 11, newForks: 12))
        #expect(seeing.slowCore?.leavesTooFew == true)
        #expect(seeing.verdict == .cannotTell && seeing.reason == .slowCore)
        #expect(seeing.new.forks == 12, "nothing set aside from the figures shown")
    }

    @Test func filesWithoutReadingsCompareAsBeforeAndWriteNoNewKey() throws {
        let forks = Synthetic.judgedForks
        let old = Synthetic.comparable(forks: forks)
        let new = Synthetic.comparable(draw: 1, factors: [Synthetic.derivedRead: 1.2], forks: forks)
        let comparison = Synthetic.compare(old, new)
        #expect(comparison.fastCore == nil)
        #expect(comparison.measurements.allSatisfy { $0.slowCore == nil })
        let json = ComparisonReport.render(comparison, format: .json)
        #expect(!json.contains("slowCore") && !json.contains("fastCore"))
        #expect(!ComparisonReport.render(comparison, format: .text).contains("core:"))
    }

    @Test func theHeaderSaysWhatWasSetAside() throws {
        var old = Synthetic.comparable(forks: 12)
        var new = Synthetic.comparable(draw: 1, forks: 12)
        for index in old.measurements.indices { old.measurements[index].batches.speedProbeNanoseconds = Self.speeds(slowForks: 0) }
        for index in new.measurements.indices { new.measurements[index].batches.speedProbeNanoseconds = Self.speeds(slowForks: 0) }
        new.measurements[0].batches.speedProbeNanoseconds = Self.speeds(slowForks: 2)
        let comparison = Synthetic.compare(old, new)
        #expect(comparison.fastCore != nil)
        let line = try #require(ComparisonReport.header(comparison).first { $0.hasPrefix("core:") })
        #expect(line.hasSuffix("are set aside from time: 2 of 96 forks, in 1 measurement"), "\(line)")
        #expect(ComparisonReport.render(comparison, format: .json).contains("\"slowCore\""))
    }
}
