import Testing

@testable import BenchTool

/// The decision rule on synthetic files: what is slower, faster, the same or cannot tell, and what fails
/// a release.
struct CompareTests {
    private func verdicts(_ comparison: ResultsComparison) -> [String: ComparisonVerdict] {
        Dictionary(uniqueKeysWithValues: comparison.measurements.map { ($0.key.label, $0.verdict) })
    }

    // MARK: - Wall time

    @Test func identicalFilesOfForksAreTheSameEverywhere() {
        let file = Synthetic.comparable(forks: Synthetic.judgedForks)
        let comparison = Synthetic.compare(file, file)
        #expect(comparison.measurements.count == 4)
        #expect(comparison.measurements.allSatisfy { $0.verdict == .same && $0.reason == .withinTheThreshold })
        #expect(comparison.measurements.allSatisfy { $0.ratio == 1 && $0.rankTest.pValue == 1 })
        #expect(comparison.changedCounts.isEmpty && comparison.equalCounts == 2)
        #expect(comparison.regressions.isEmpty && comparison.warnings.isEmpty)
        #expect(comparison.exitStatus(failOnRegression: true) == .success)
    }

    @Test func identicalFilesOfOneProcessCannotTell() {
        let file = Synthetic.comparable()
        let comparison = Synthetic.compare(file, file)
        #expect(comparison.measurements.allSatisfy { $0.verdict == .cannotTell && $0.reason == .oneProcessASide },
                "one process's samples show neither a change nor its absence")
        #expect(comparison.regressions.isEmpty && comparison.warnings == [Synthetic.oneProcessWarning])
        #expect(comparison.exitStatus(failOnRegression: true) == .tooNoisy, "a gate does not pass on what it could not see")
        #expect(comparison.exitStatus(failOnRegression: false) == .success)
    }

    @Test func anIntervalPastTheThresholdCannotTellAndMoreForksTell() throws {
        // Forks spread ±12 % apart: four a side cannot show a 2 % shift to be within 5 %; thirty-two can.
        func file(forks: Int, factor: Double) -> ResultsFile {
            var file = Synthetic.comparable(forks: forks)
            let index = file.measurements.firstIndex { MeasurementKey($0) == Synthetic.derivedRead }!
            file.measurements[index] = MeasurementRecord(mergingForks: (0..<forks).map { fork in
                let level = 1_000 * factor * (1 + 0.12 * (Double((fork * 7) % forks) / Double(max(1, forks - 1)) - 0.5))
                return Synthetic.spreadMeasurement(Synthetic.derivedRead, median: level, draw: fork)
            })
            return file
        }
        let few = try #require(Synthetic.compare(file(forks: 4, factor: 1), file(forks: 4, factor: 1.02)).measurements.first {
            $0.key == Synthetic.derivedRead })
        #expect(few.verdict == .cannotTell && few.reason == .reachesPastTheThreshold, "\(String(describing: few.ratioInterval))")
        let many = try #require(Synthetic.compare(file(forks: 32, factor: 1), file(forks: 32, factor: 1.02)).measurements.first {
            $0.key == Synthetic.derivedRead })
        #expect(many.verdict == .same, "\(String(describing: many.ratioInterval))")
    }

    @Test(arguments: [1, 2, 3])
    func anotherDrawOfTheSameSpreadIsNoChange(draw: Int) {
        let comparison = Synthetic.compare(Synthetic.comparable(), Synthetic.comparable(draw: draw))
        #expect(comparison.measurements.allSatisfy { $0.verdict != .slower && $0.verdict != .faster },
                "A/A: \(comparison.measurements.map { "\($0.key.label) \($0.verdict) p=\($0.rankTest.pValue)" })")
    }

    @Test func aTwentyPercentShiftIsSlowerForThatMeasurementOnly() throws {
        let forks = Synthetic.judgedForks
        let comparison = Synthetic.compare(
            Synthetic.comparable(forks: forks), Synthetic.comparable(draw: 1, factors: [Synthetic.derivedRead: 1.2], forks: forks))
        let shifted = try #require(comparison.measurements.first { $0.key == Synthetic.derivedRead })
        #expect(shifted.verdict == .slower && shifted.basis == .wallTime)
        #expect(abs(try #require(shifted.ratio) - 1.2) < 0.03, "the ratio of medians is the shift: \(shifted.ratio ?? 0)")
        let interval = try #require(shifted.ratioInterval)
        #expect(interval.lower > 1.05 && interval.upper < 1.35 && shifted.rankTest.pValue < 0.001)
        #expect(comparison.slower.map(\.key) == [Synthetic.derivedRead], "nothing else moved")
        #expect(comparison.regressions == ["phase.read.tracked(largest-strict) [derived]: slower by wall time"])
        #expect(comparison.exitStatus(failOnRegression: true) == .failure)
        #expect(comparison.exitStatus(failOnRegression: false) == .success, "only --fail-on-regression fails")
    }

    @Test func aTwoPercentShiftIsUnderAFivePercentThresholdButNotUnderOnePercent() throws {
        let old = Synthetic.comparable(forks: Synthetic.judgedForks)
        let new = Synthetic.comparable(factors: [Synthetic.derivedRead: 1.02], forks: Synthetic.judgedForks)
        let atFive = try #require(Synthetic.compare(old, new).measurements.first { $0.key == Synthetic.derivedRead })
        #expect(atFive.verdict == .same && atFive.reason == .withinTheThreshold,
                "significant (p \(atFive.rankTest.pValue), \(String(describing: atFive.ratioInterval))) but 2% < 5%")
        let atOne = try #require(
            Synthetic.compare(old, new, rule: ComparisonRule(threshold: 0.01)).measurements.first { $0.key == Synthetic.derivedRead })
        #expect(atOne.verdict == .slower, "the threshold is the option's, not a constant")
    }

    @Test func anImprovementAloneNeverFails() {
        let comparison = Synthetic.compare(
            Synthetic.comparable(forks: Synthetic.judgedForks),
            Synthetic.comparable(draw: 2, factors: [Synthetic.derivedRead: 0.8], forks: Synthetic.judgedForks))
        #expect(comparison.faster.map(\.key) == [Synthetic.derivedRead] && comparison.slower.isEmpty)
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.exitStatus(failOnRegression: true) == .success)
    }

    @Test func aShiftTheRankTestDoesNotSeeIsNoChange() {
        // In one process: not slower, and not shown the same either.
        // Half the samples 30% higher, half unchanged, in both files alike: the medians can differ while
        // the distributions do not.
        let samples: [Double] = (0..<30).map { index in
            let base: Double = index % 2 == 0 ? 1_000 : 1_300
            return base + Double(index)
        }
        let old = Synthetic.measurement(Synthetic.phaseRead, .derived, samples: samples, lower: 1_000, upper: 1_329)
        let new = Synthetic.measurement(Synthetic.phaseRead, .derived, samples: Array(samples.reversed()), lower: 1_000, upper: 1_329)
        let compared = MeasurementComparison(old: old, new: new, rule: ComparisonRule())
        #expect(compared.verdict == .cannotTell && compared.reason == .oneProcessASide)
    }

    @Test func samplesThatAreNotAllPositiveGiveNoRatio() {
        // A sample below the timer's overhead is kept as measured, negative.
        var old = Synthetic.measurement(Synthetic.phaseRead, .derived, samples: [1, 2, 3], lower: 1, upper: 3)
        old.samples[0] = -1
        let compared = MeasurementComparison(old: old, new: old, rule: ComparisonRule())
        #expect(compared.ratio == nil && compared.ratioInterval == nil)
        #expect(compared.verdict == .cannotTell && compared.reason == .noRatio)
    }

    // MARK: - Instructions

    @Test func instructionsInBothFilesDecideAndWallTimeIsStillShown() throws {
        let read = Synthetic.derivedRead
        let old = Synthetic.comparable(instructions: [read: 10_000])
        let new = Synthetic.comparable(draw: 1, instructions: [read: 10_200])
        let comparison = Synthetic.compare(old, new)
        let compared = try #require(comparison.measurements.first { $0.key == read })
        #expect(compared.basis == .instructions && compared.verdict == .slower, "2% more instructions, past 1%")
        #expect(compared.instructionsRatio == 1.02)
        #expect(compared.timeVerdict == .cannotTell && compared.ratio != nil, "time is judged and kept")
        #expect(comparison.regressions == ["phase.read.tracked(largest-strict) [derived]: slower by instructions"])
        let others = comparison.measurements.filter { $0.key != read }
        #expect(others.allSatisfy { $0.basis == .wallTime }, "only measurements counted in both files")
    }

    @Test func aCountThatMovesUnderOtherHashSeedsLeavesTheVerdictToWallTime() throws {
        // A tracked read's count moved ±9 % under other seeds: another build moves it as much, so its
        // 8 % "increase" is no evidence; wall time, unchanged, decides.
        let read = Synthetic.derivedRead
        var old = Synthetic.comparable(instructions: [read: 10_000])
        var new = Synthetic.comparable(draw: 1, instructions: [read: 10_800])
        old.measurements[0].instructionsUnderOtherHashSeeds = [10_900, 9_400]
        new.measurements[0].instructionsUnderOtherHashSeeds = [9_900, 11_200]
        #expect(old.measurements[0].name == read.name && old.measurements[0].strategy == read.strategy)
        let comparison = Synthetic.compare(old, new)
        let compared = try #require(comparison.measurements.first { $0.key == read })
        #expect(compared.instructionsVaryWithHashing == true && compared.instructionsRatio == 1.08)
        #expect(compared.basis == .wallTime && compared.verdict == .cannotTell, "time decides, and in one process cannot tell")
        #expect(comparison.regressions.isEmpty)
        let text = ComparisonReport.render(comparison, format: .text)
        let row = try #require(text.split(separator: "\n").last { $0.hasPrefix("phase.read.tracked(largest-strict) [derived]") })
        #expect(row.contains("±9.0%") && row.hasSuffix("(decides: counts wander)"), "the instructions table says why: \(row)")

        // Counted again and unmoved: the count decides, as ever.
        old.measurements[0].instructionsUnderOtherHashSeeds = [10_000, 10_000]
        new.measurements[0].instructionsUnderOtherHashSeeds = [10_800, 10_801]
        let steady = try #require(Synthetic.compare(old, new).measurements.first { $0.key == read })
        #expect(steady.instructionsVaryWithHashing == false && steady.basis == .instructions && steady.verdict == .slower)
    }

    @Test func countsUnderOtherSeedsNeedTheFixedSeedsCount() {
        var file = Synthetic.comparable()
        file.measurements[0].instructionsUnderOtherHashSeeds = [100]
        #expect(ResultsValidator.problems(in: file).contains { $0.hasSuffix("counts under other hash seeds without the count under the fixed one") })
        file.measurements[0].instructionsPerOperation = 100
        file.measurements[0].instructionsUnderOtherHashSeeds = []
        #expect(ResultsValidator.problems(in: file).contains { $0.hasSuffix("must be finite, non-negative numbers, at least one") })
    }

    @Test func unmovedInstructionsCannotClearATimeThatIsSlower() throws {
        let read = Synthetic.derivedRead
        let comparison = Synthetic.compare(
            Synthetic.comparable(instructions: [read: 10_000], forks: Synthetic.judgedForks),
            Synthetic.comparable(factors: [read: 1.2], instructions: [read: 10_050], forks: Synthetic.judgedForks))
        let compared = try #require(comparison.measurements.first { $0.key == read })
        #expect(compared.instructionsVerdict == .same, "0.5% is within 1%")
        #expect(compared.timeVerdict == .slower && compared.verdict == .slower && compared.basis == .wallTime)
        #expect(compared.reason == .slowerInTimeAlone && compared.isSlowerInTimeAlone)
        #expect(comparison.regressions == ["phase.read.tracked(largest-strict) [derived]: " + ComparisonReason.slowerInTimeAlone.rawValue])
        #expect(comparison.exitStatus(failOnRegression: true) == .failure)
        let text = ComparisonReport.render(comparison, format: .text)
        #expect(text.contains("slower by wall time, instructions unmoved: memory, kernel or waiting"), "said in words")
    }

    @Test func unmovedInstructionsAndATimeWithinTheThresholdAreTheSame() throws {
        let read = Synthetic.derivedRead
        let comparison = Synthetic.compare(
            Synthetic.comparable(instructions: [read: 10_000], forks: Synthetic.judgedForks),
            Synthetic.comparable(draw: 1, instructions: [read: 10_050], forks: Synthetic.judgedForks))
        let compared = try #require(comparison.measurements.first { $0.key == read })
        #expect(compared.instructionsVerdict == .same && compared.timeVerdict == .same)
        #expect(compared.verdict == .same && compared.basis == .wallTime, "the same is the time's to show")
        #expect(comparison.exitStatus(failOnRegression: true) == .success)
    }

    @Test func unmovedInstructionsAndATimeThatCannotTellCannotTell() throws {
        let read = Synthetic.derivedRead
        let comparison = Synthetic.compare(
            Synthetic.comparable(instructions: [read: 10_000]), Synthetic.comparable(factors: [read: 1.3], instructions: [read: 10_000]))
        let compared = try #require(comparison.measurements.first { $0.key == read })
        #expect(compared.instructionsVerdict == .same && compared.verdict == .cannotTell, "a count that did not move clears nothing")
        #expect(comparison.exitStatus(failOnRegression: true) == .tooNoisy)
    }

    @Test func instructionsInOneFileOnlyLeaveWallTimeToDecide() throws {
        let read = Synthetic.derivedRead
        let comparison = Synthetic.compare(Synthetic.comparable(), Synthetic.comparable(instructions: [read: 10_000]))
        let compared = try #require(comparison.measurements.first { $0.key == read })
        #expect(compared.basis == .wallTime && compared.instructionsRatio == nil)
    }

    // MARK: - Counts, allocations, added and removed

    @Test func aChangedCountIsReportedAndIsARegression() {
        let comparison = Synthetic.compare(Synthetic.comparable(), Synthetic.comparable(derivedReruns: 2))
        #expect(comparison.changedCounts == [
            CountChange(scenario: Synthetic.spreadsScenario, strategy: .derived, body: "phase-only", old: 1, new: 2)
        ])
        #expect(comparison.equalCounts == 1)
        #expect(comparison.measurements.allSatisfy { $0.verdict == .cannotTell })
        #expect(comparison.regressions == ["verdict-read-value-changes(spreads-only) [derived] phase-only: re-runs 1 -> 2"])
        #expect(comparison.exitStatus(failOnRegression: true) == .failure)
    }

    @Test func countsAboutAnotherOperationAreNotComparedAndSaySo() {
        var old = Synthetic.comparable(forks: Synthetic.judgedForks)
        var new = Synthetic.comparable(derivedReruns: 2, forks: Synthetic.judgedForks)
        old.subjects = [SubjectRecord(role: "spreads-only", operation: "PageSpreads", fixture: "page", records: 9, slotsWalked: 1)]
        new.subjects = [SubjectRecord(role: "spreads-only", operation: "PageQuery", fixture: "page", records: 9, slotsWalked: 0)]
        let comparison = Synthetic.compare(old, new)
        #expect(comparison.changedCounts == [], "another operation's re-runs are no change of this one's")
        #expect(comparison.equalCounts == 0)
        #expect(comparison.warnings.contains(
            "the subjects differ: spreads-only is PageSpreads (old) vs PageQuery (new): its 1 scenario count another operation, and their re-runs are not compared"))
        #expect(comparison.exitStatus(failOnRegression: true) == .success)
        new.subjects[0].operation = "PageSpreads"
        #expect(Synthetic.compare(old, new).changedCounts.count == 1, "the same operation in both: compared as ever")
    }

    @Test func aCountThatFallsIsAChangeToo() {
        let comparison = Synthetic.compare(Synthetic.comparable(derivedReruns: 2), Synthetic.comparable(derivedReruns: 1))
        #expect(comparison.exitStatus(failOnRegression: true) == .failure, "counts are behaviour: any change fails")
    }

    @Test func allocationsAreComparedExactlyAndGateOnlyOverEqualPasses() throws {
        let read = Synthetic.derivedRead
        let more = Synthetic.compare(Synthetic.comparable(allocations: [read: 2]), Synthetic.comparable(allocations: [read: 3]))
        let change = try #require(more.measurements.first { $0.key == read }?.allocations)
        #expect(change.old == 2 && change.new == 3 && change.isExact && change.isRegression)
        #expect(more.regressions == ["phase.read.tracked(largest-strict) [derived]: more allocations per operation"])

        let fewer = Synthetic.compare(Synthetic.comparable(allocations: [read: 3]), Synthetic.comparable(allocations: [read: 2]))
        #expect(fewer.allocationChanges.count == 1 && fewer.regressions.isEmpty)

        var unequal = Synthetic.comparable(allocations: [read: 3])
        let index = try #require(unequal.measurements.firstIndex { MeasurementKey($0) == read })
        unequal.measurements[index].allocations = .counted(Synthetic.allocationCount(iterations: 8, allocations: 25, bytes: 800))
        let amortized = Synthetic.compare(Synthetic.comparable(allocations: [read: 3]), unequal)
        let notGating = try #require(amortized.measurements.first { $0.key == read }?.allocations)
        #expect(notGating.isChanged && !notGating.isExact && !notGating.isRegression)
        #expect(amortized.regressions.isEmpty, "3.125 over 8 operations against 3 over 100 is the pass, not the code")

        let uncounted = Synthetic.compare(Synthetic.comparable(), Synthetic.comparable(allocations: [read: 3]))
        #expect(uncounted.measurements.allSatisfy { $0.allocations == nil }, "compared only where both counted")
    }

    @Test func measurementsAndCountsInOneFileOnlyAreListedNotJudged() {
        var new = Synthetic.comparable(forks: Synthetic.judgedForks)
        new.measurements.removeAll { $0.strategy == .stored }
        new.counts.append(CountRecord(scenario: "new-scenario", strategy: .derived, body: "phase-only", reruns: 0))
        let comparison = Synthetic.compare(Synthetic.comparable(forks: Synthetic.judgedForks), new)
        #expect(comparison.removedMeasurements == ["phase.read.tracked(largest-strict) [stored]"])
        #expect(comparison.addedMeasurements.isEmpty)
        #expect(comparison.addedCounts == ["new-scenario [derived] phase-only"])
        #expect(comparison.measurements.count == 3)
        #expect(comparison.exitStatus(failOnRegression: true) == .success)
    }

    // MARK: - Warnings

    @Test func differentEnvironmentsAndLimitsAreWarnedAbout() {
        var new = Synthetic.comparable()
        new.environment.cpuModel = "Other CPU"
        new.environment.toolchain = "Swift version 6.4"
        new.limitsSHA256 = String(repeating: "cd", count: 32)
        let comparison = Synthetic.compare(Synthetic.comparable(), new)
        #expect(comparison.warnings == [
            "the environments differ: cpuModel 'Test CPU' (old) vs 'Other CPU' (new)",
            "the environments differ: toolchain 'Swift version 6.3.1' (old) vs 'Swift version 6.4' (new)",
            "the limits differ: limitsSHA256 '\(String(repeating: "ab", count: 32))' (old) vs '\(String(repeating: "cd", count: 32))' (new)",
            Synthetic.oneProcessWarning,
        ])
        #expect(comparison.measurements.count == 4, "still compared")
    }

    @Test func aDebugBuildAndAQuickRunAreWarnedAbout() {
        var new = Synthetic.comparable()
        new.environment.buildConfiguration = "debug"
        new.options.quick = true
        #expect(Synthetic.compare(Synthetic.comparable(), new).warnings == [
            "the environments differ: buildConfiguration 'release' (old) vs 'debug' (new)",
            "the runs differ: old is a full run, new is --quick",
            Synthetic.oneProcessWarning,
            "new is a debug build: its wall times say little about a release",
        ])
    }
}
