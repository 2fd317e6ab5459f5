@testable import BenchTool
import Testing

/// What a comparison counts under other hash seeds when runs count the fixed seed alone: only the
/// counts that moved, only on the side that lacks their spread, and none whose verdict is wall time's
/// whatever more seeds would show.
@Suite struct SeedNeedsTests {
    let read = Synthetic.derivedRead

    /// A file whose derived read counted `instructions` at the fixed seed, and `seeds` other counts
    /// that moved by `spread` (none when `seeds` is 0).
    private func file(instructions: Double, seeds: Int = 0, spread: Double = 0) -> ResultsFile {
        var results = Synthetic.comparable(instructions: [read: instructions])
        let index = results.measurements.firstIndex { MeasurementKey($0) == read }!
        results.measurements[index].instructionsUnderOtherHashSeeds =
            seeds == 0 ? nil : [instructions * (1 + spread)] + Array(repeating: instructions, count: seeds - 1)
        return results
    }

    @Test func aCountThatDidNotMoveNeedsNoSeedsAndIsNoChange() {
        let needs = SeedNeeds(old: file(instructions: 10_000), new: file(instructions: 10_005))
        #expect(needs.isEmpty, "0.05 % is what two runs of one build repeat to")
        let decision = InstructionsDecision(ratio: 1.0005, spread: 0.05, seeds: 6, rule: ComparisonRule())
        #expect(decision == .decides(.same, .withinTheThreshold), "whatever its spread: \(decision)")
    }

    @Test func aCountThatMovedIsCountedOnEachSideThatLacksItsSpread() {
        let both = SeedNeeds(old: file(instructions: 10_000), new: file(instructions: 10_300))
        #expect(both.old == [read] && both.new == [read])
        let newOnly = SeedNeeds(old: file(instructions: 10_000, seeds: 6, spread: 0.002), new: file(instructions: 10_300))
        #expect(newOnly.old.isEmpty && newOnly.new == [read], "six seeds are all the schedule gives")
        let steady = SeedNeeds(old: file(instructions: 10_000, seeds: 2, spread: 0.00005), new: file(instructions: 10_300))
        #expect(steady.old.isEmpty, "two seeds that held within 0.01 % are all the schedule gives")
        let moving = SeedNeeds(old: file(instructions: 10_000, seeds: 2, spread: 0.002), new: file(instructions: 10_300))
        #expect(moving.old == [read], "two seeds that moved a little are followed by four more")
    }

    @Test func noSeedsAreCountedWhereTheOtherSideAlreadyWanders() {
        let needs = SeedNeeds(old: file(instructions: 10_000, seeds: 2, spread: 0.05), new: file(instructions: 10_300))
        #expect(needs.isEmpty, "a spread of 5 % leaves the verdict to wall time whatever NEW's seeds show")
    }

    @Test func aCountTooLongToCountAgainIsJudgedByTheThresholdAlone() {
        let long = MeasurementRecord.longestCountedAgain * 2
        #expect(SeedNeeds(old: file(instructions: long), new: file(instructions: long * 1.03)).isEmpty)
        let decision = InstructionsDecision(ratio: 1.03, spread: nil, seeds: 0, rule: ComparisonRule(), tooLongToCountAgain: true)
        #expect(decision == .decides(.slower, .changed))
    }

    @Test func aCountThatMovedWithNoSpreadLeavesTheVerdictToWallTime() throws {
        let comparison = Synthetic.compare(file(instructions: 10_000), file(instructions: 10_300))
        let item = try #require(comparison.measurements.first { $0.key == read })
        #expect(item.instructionsDoubt == .noSpread && item.basis == .wallTime, "\(item.instructionsDoubt as Any)")
        let row = ComparisonTables(comparison: comparison).instructions?.text() ?? ""
        #expect(row.contains("(decides: moved, no spread under other seeds)"), "\(row)")
    }

    @Test func filesCountedByDifferentMethodsNeedNoSeeds() {
        var old = file(instructions: 10_000)
        old.countingMethod = 1
        var new = file(instructions: 10_300)
        new.countingMethod = 2
        #expect(SeedNeeds(old: old, new: new).isEmpty, "wall time decides between methods")
    }
}
