import Foundation
import Testing

@testable import BenchTool

/// Instructions decide where the change is beyond the threshold and clearly beyond the counts' spread
/// under other hash seeds; wall time only where the counts wander. Synthetic files: wall time
/// unchanged unless a test shifts it, so a verdict by wall time is "no change".
struct SeedSpreadCompareTests {
    private let read = Synthetic.derivedRead

    /// A comparable file whose derived phase read counts `instructions` per operation under the fixed
    /// seed and moves by `spread` (±) under `seeds` other seeds, its wall time multiplied by `wallTime`,
    /// taken in `forks` processes.
    private func file(
        draw: Int = 0, instructions: Double, spread: Double?, seeds: Int = 6, wallTime: Double = 1, forks: Int = 1
    ) -> ResultsFile {
        var results = Synthetic.comparable(draw: draw, factors: [read: wallTime], instructions: [read: instructions], forks: forks)
        let index = results.measurements.firstIndex { MeasurementKey($0) == read }!
        results.measurements[index].instructionsUnderOtherHashSeeds = spread.map { spread in
            [instructions * (1 + spread), instructions * (1 - spread / 2)]
                + (2..<seeds).map { instructions * (1 + spread * Double($0 % 3 - 1) / 4) }
        }
        return results
    }

    private func compared(_ old: ResultsFile, _ new: ResultsFile, rule: ComparisonRule = ComparisonRule()) throws
        -> (ResultsComparison, MeasurementComparison)
    {
        let comparison = Synthetic.compare(old, new, rule: rule)
        return (comparison, try #require(comparison.measurements.first { $0.key == read }))
    }

    // MARK: - Four cases: a change against the counts' spread under other seeds

    @Test func aFourPercentChangeWithASpreadOfAFifthOfAPercentIsSlowerByInstructions() throws {
        let (comparison, item) = try compared(
            file(instructions: 10_000, spread: 0.002), file(draw: 1, instructions: 10_400, spread: 0.002))
        #expect(item.instructionsVaryWithHashing == true, "±0.2 % is past what one build repeats to")
        #expect(abs(try #require(item.instructionsSpread) - 0.002) < 1e-12)
        #expect(item.timeVerdict == .cannotTell, "one process a side: time cannot see it")
        #expect(item.basis == .instructions && item.verdict == .slower && item.reason == .changed)
        #expect(item.instructionsDoubt == nil)
        #expect(comparison.regressions == ["phase.read.tracked(largest-strict) [derived]: slower by instructions"])
    }

    @Test func aThirdOfAPercentWithTheSameSpreadIsNotCalled() throws {
        let (comparison, item) = try compared(
            file(instructions: 10_000, spread: 0.002), file(draw: 1, instructions: 10_030, spread: 0.002))
        // 0.3 % plus three spreads (0.6 %) stays within 1 %: the counts say the same, and say it; the
        // same is the time's to show, which one process cannot.
        #expect(item.instructionsVerdict == .same && item.instructionsDoubt == nil)
        #expect(item.verdict == .cannotTell && item.basis == .wallTime)
        #expect(comparison.regressions.isEmpty && comparison.slower.isEmpty)
    }

    @Test(arguments: [1.04, 1.40, 0.70])
    func aCountThatWandersLeavesTheDecisionToWallTime(instructionsRatio: Double) throws {
        let old = file(instructions: 10_000, spread: 0.10)
        let (comparison, item) = try compared(old, file(draw: 1, instructions: 10_000 * instructionsRatio, spread: 0.10))
        #expect(item.basis == .wallTime && item.instructionsDoubt == .countsWander)
        #expect(item.verdict == .cannotTell && comparison.regressions.isEmpty, "time decides, in one process a side")

        // The same counts beside a real slowdown in wall time, taken in forks: wall time calls it.
        let forks = Synthetic.judgedForks
        let (_, slowed) = try compared(
            file(instructions: 10_000, spread: 0.10, forks: forks),
            file(draw: 1, instructions: 10_000 * instructionsRatio, spread: 0.10, wallTime: 1.2, forks: forks))
        #expect(slowed.basis == .wallTime && slowed.verdict == .slower)
    }

    @Test(arguments: [nil, 0.0005, 0.002, 0.006, 0.10] as [Double?])
    func theSameCountsCallNothing(spread: Double?) throws {
        let comparison = Synthetic.compare(
            file(instructions: 10_000, spread: spread), file(draw: 1, instructions: 10_000, spread: spread))
        #expect(comparison.measurements.allSatisfy { $0.verdict != .slower && $0.verdict != .faster }, "A/A at ±\(spread ?? 0)")
        #expect(comparison.regressions.isEmpty)
    }

    // MARK: - The band between

    @Test func aChangeWithinThreeSpreadsOfTheThresholdIsLeftToWallTime() throws {
        // ±0.6 %: a change must pass 1.8 % to be called, and none is cleared, three spreads being past 1 %.
        let old = file(instructions: 10_000, spread: 0.006)
        for (count, expected) in [(10_150.0, nil), (9_950, nil), (10_030, nil), (10_200, ComparisonVerdict.slower),
                                  (9_800, .faster)] {
            let (_, item) = try compared(old, file(draw: 1, instructions: count, spread: 0.006))
            if let expected {
                #expect(item.basis == .instructions && item.verdict == expected, "\(count) over 10000 at ±0.6 %")
            } else {
                #expect(item.basis == .wallTime && item.instructionsDoubt == .withinTheSpread, "\(count) over 10000")
            }
        }
    }

    @Test func theWiderSpreadOfTheTwoFilesIsTheOneJudgedAgainst() throws {
        // NEW's count moved ±1.5 % under its seeds, past the deciding band, though OLD's held to ±0.2 %.
        let (_, wide) = try compared(file(instructions: 10_000, spread: 0.002), file(draw: 1, instructions: 10_400, spread: 0.015))
        #expect(abs((wide.instructionsSpread ?? 0) - 0.015) < 1e-12)
        #expect(wide.basis == .wallTime && wide.instructionsDoubt == .countsWander)
        // Within 0.1 % in OLD, ±0.6 % in NEW: NEW's spread, the wider, is the one judged against.
        let (_, wider) = try compared(file(instructions: 10_000, spread: 0.0005), file(draw: 1, instructions: 10_150, spread: 0.006))
        #expect(wider.basis == .wallTime && wider.instructionsDoubt == .withinTheSpread)
    }

    @Test func aSpreadUnderTwoSeedsLeavesTheDecisionToWallTimeAsBefore() throws {
        // Files made before the band counted every measurement under two other seeds; two can show a
        // count that moves by percents as holding within a fifth of one, so they compare as they did.
        let (comparison, item) = try compared(
            file(instructions: 10_000, spread: 0.002, seeds: 2), file(draw: 1, instructions: 10_400, spread: 0.002))
        #expect(item.instructionsSeeds == 2 && item.basis == .wallTime && item.instructionsDoubt == .tooFewSeeds)
        #expect(item.verdict == .cannotTell && comparison.regressions.isEmpty)
        let (_, unprobed) = try compared(
            file(instructions: 10_000, spread: nil), file(draw: 1, instructions: 10_400, spread: 0.002))
        #expect(unprobed.instructionsSeeds == 0 && unprobed.instructionsDoubt == .tooFewSeeds, "one file never counted again")
        let (_, six) = try compared(file(instructions: 10_000, spread: 0.002), file(draw: 1, instructions: 10_400, spread: 0.002))
        #expect(six.instructionsSeeds == 6 && six.verdict == .slower)
    }

    @Test func theCommittedResultsFilesOfTwoSeedsCompareAsTheyDid() throws {
        // Each committed run against the next, as the release gate and history compare them: where
        // both files counted under two seeds at most, every verdict is the one the rule before the band
        // gave (counts that moved past 0.1 % left to wall time, the others judged by the threshold),
        // but where the rule now differs: a count that did not move at the fixed seed is the same
        // whatever its spread, and one that moved in files that never counted other seeds (and could
        // have) is left to time; and counts that did not move never clear a time that is slower.
        let directory = Synthetic.repositoryFile("results")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter(ResultsWriter.isResultsFileName).sorted()
        let files = try names.map { try ResultsValidator.validate(path: directory + "/" + $0) }
            .filter { $0.measurements.allSatisfy { ($0.instructionsUnderOtherHashSeeds?.count ?? 0) <= 2 } }
        #expect(files.count >= 2, "results/ holds runs counted before the band")
        var compared = 0
        for (old, new) in zip(files, files.dropFirst()) {
            // Few resamples: wall time's verdict is what both rules share, so its precision is not at stake.
            for item in Synthetic.compare(old, new, rule: ComparisonRule(resamples: 100)).measurements {
                let countsSay: ComparisonVerdict? =
                    item.instructionsRatio.flatMap { ratio in
                        let shortest = min(item.old.instructionsPerOperation ?? 0, item.new.instructionsPerOperation ?? 0)
                        if abs(ratio - 1) <= MeasurementRecord.hashSensitivity { return ComparisonVerdict.same }
                        if item.instructionsSpread == nil && shortest <= MeasurementRecord.longestCountedAgain { return nil }
                        return item.instructionsVaryWithHashing == true
                            ? nil : MeasurementComparison.beyond(ratio: ratio, threshold: ComparisonRule.defaultInstructionsThreshold).0
                    }
                let before: ComparisonVerdict =
                    countsSay == .slower || item.timeVerdict == .slower ? .slower : countsSay == .faster ? .faster : item.timeVerdict
                #expect(item.verdict == before, "\(item.key.label): \(item.verdict) where it was \(before)")
                compared += item.instructionsRatio == nil ? 0 : 1
            }
        }
        #expect(compared > 0, "some of those pairs both counted instructions")
    }

    @Test func aSeedStableCountIsJudgedByTheThresholdAloneAsBefore() throws {
        // 1.2 % with ±0.05 %: under 0.1 %, no margin applies, exactly as files compared before the band.
        let (_, item) = try compared(file(instructions: 10_000, spread: 0.0005), file(draw: 1, instructions: 10_120, spread: 0.0005))
        #expect(item.instructionsVaryWithHashing == false && item.basis == .instructions && item.verdict == .slower)
    }

    @Test func theMarginAndTheBandAreTheRulesToSet() throws {
        let old = file(instructions: 10_000, spread: 0.002)
        let new = file(draw: 1, instructions: 10_400, spread: 0.002)
        let (_, wider) = try compared(old, new, rule: ComparisonRule(seedSpreadMargin: 25))
        #expect(wider.basis == .wallTime && wider.instructionsDoubt == .withinTheSpread, "4 % is within 25 × 0.2 %")
        let (_, narrower) = try compared(old, new, rule: ComparisonRule(widestDecidingSpread: 0.001))
        #expect(narrower.basis == .wallTime && narrower.instructionsDoubt == .countsWander)
    }

    // MARK: - What a reader sees

    @Test func theInstructionsTableShowsTheSpreadAndWhyWallTimeDecides() throws {
        let (comparison, _) = try compared(
            file(instructions: 10_000, spread: 0.006), file(draw: 1, instructions: 10_150, spread: 0.006))
        let text = ComparisonReport.render(comparison, format: .text)
        let row = try #require(text.split(separator: "\n").last { $0.hasPrefix("phase.read.tracked(largest-strict) [derived]") })
        #expect(row.contains("±0.60%") && row.hasSuffix("(decides: change within 3× the spread)"), "\(row)")
        #expect(comparison.rule.sentence.contains("beyond 3× their spread there (at most 1%, under 6 seeds or more)"),
                "\(comparison.rule.sentence)")
    }

    @Test func aRuleWrittenBeforeTheBandReadsWithItsDefaults() throws {
        let old = #"{"threshold":0.05,"instructionsThreshold":0.02,"significanceLevel":0.05,"confidenceLevel":0.95,"#
            + #""resamples":10000,"seed":24301}"#
        let rule = try JSONDecoder().decode(ComparisonRule.self, from: Data(old.utf8))
        #expect(rule == ComparisonRule(instructionsThreshold: 0.02))
        let again = try JSONDecoder().decode(ComparisonRule.self, from: JSONEncoder().encode(ComparisonRule(seedSpreadMargin: 4)))
        #expect(again.seedSpreadMargin == 4 && again.widestDecidingSpread == ComparisonRule.defaultWidestDecidingSpread)
    }
}
