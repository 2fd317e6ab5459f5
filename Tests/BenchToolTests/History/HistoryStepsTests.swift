import Foundation
import Testing

@testable import BenchTool

/// The commits where `bench history` says a series stepped: instructions beyond compare's threshold on
/// one toolchain, wall time by compare's rule on one machine, nothing claimed across either.
struct HistoryStepsTests {
    private static let threshold = ComparisonRule.defaultInstructionsThreshold
    private static let count = 1_000_000.0

    /// Commit `index` as a full hash, and its date: one a day, in order.
    private static func commit(_ index: Int) -> String { String(repeating: String(index, radix: 16), count: 40) }
    private static func date(_ index: Int) -> String { "2026-01-\(index + 10)T00:00:00Z" }

    /// The history of `runs`, in the order given (that of their commits), and its steps.
    private func history(_ runs: [ResultsFile]) throws -> (History, HistorySteps) {
        let directory = try Synthetic.resultsDirectory(runs.enumerated().map { ("run-\($0.offset).json", $0.element) })
        let positions = Dictionary(uniqueKeysWithValues: runs.enumerated().map { ($0.element.environment.commit, $0.offset) })
        let history = try History.load(directory: directory, filter: nil, positions: { _ in positions })
        return (history, HistorySteps(history))
    }

    private func run(_ index: Int, instructions: Double? = nil, factor: Double = 1, cpuModel: String = "Test CPU",
                     toolchain: String = "Swift version 6.3.1", forks: Int = 1) -> ResultsFile {
        Synthetic.steppingRun(
            commit: Self.commit(index), date: Self.date(index), instructions: instructions, factor: factor, draw: index,
            cpuModel: cpuModel, toolchain: toolchain, forks: forks)
    }

    // MARK: - Instructions

    @Test func aCountStepIsAtTheCommitItCameWithAndAMoveUnderTheThresholdIsNone() throws {
        let under = Self.count * (1 + Self.threshold / 2)
        let over = under * (1 + Self.threshold * 5)
        let (history, found) = try history([
            run(0, instructions: Self.count), run(1, instructions: Self.count), run(2, instructions: under), run(3, instructions: over),
            run(4, instructions: over),
        ])
        let steps = found.steps
        #expect(steps.count == 1, "one step, at the move beyond the threshold: \(steps)")
        let step = try #require(steps.first)
        #expect(history.runs[step.run].results.environment.commit == Self.commit(3), "the step is at the later file's commit")
        #expect(history.runs[step.since].results.environment.commit == Self.commit(2))
        #expect(step.key == Synthetic.derivedRead && step.basis == .instructions && step.verdict == .slower)
        #expect(step.before == under && step.after == over)
        #expect(found.steps(at: 2).isEmpty, "a move of half the threshold is no step")
        #expect(found.breaks.isEmpty)
    }

    @Test func aCountThatFallsBeyondTheThresholdIsAFasterStep() throws {
        let (_, found) = try history([run(0, instructions: Self.count), run(1, instructions: Self.count * (1 - Self.threshold * 3))])
        #expect(found.steps.map(\.verdict) == [.faster] && found.steps.map(\.run) == [1])
    }

    @Test func aCountIsNotSetAgainstAnotherToolchainsButAgainstItsOwnLastRun() throws {
        let moved = Self.count * (1 + Self.threshold * 5)
        let (_, found) = try history([
            run(0, instructions: Self.count), run(1, instructions: moved, toolchain: "Swift version 6.4"),
            run(2, instructions: moved),
        ])
        #expect(found.steps(at: 1).isEmpty, "no step is claimed across toolchains")
        #expect(found.breaks.map(\.run) == [1] && found.breaks.map(\.text) == ["not compared: another toolchain"])
        #expect(found.breaks.first?.basis == .instructions && found.breaks.first?.since == 0)
        let step = try #require(found.steps.first)
        #expect(found.steps.count == 1 && step.run == 2 && step.since == 0, "run 2 steps from run 0, the last of its toolchain")
    }

    @Test func aCountThatWandersUnderOtherHashSeedsClaimsNoStep() throws {
        let moved = Self.count * (1 + Self.threshold * 2)
        var wandering = [run(0, instructions: Self.count), run(1, instructions: moved)]
        // Each count moved under other hash seeds by more than the change: compare leaves it to wall time.
        wandering[0].measurements[0].instructionsUnderOtherHashSeeds = [Self.count * (1 + Self.threshold * 0.9)]
        wandering[1].measurements[0].instructionsUnderOtherHashSeeds = [moved * (1 - Self.threshold * 0.9)]
        #expect(wandering[0].measurements[0].key == Synthetic.derivedRead)
        let (_, found) = try history(wandering)
        #expect(found.steps.isEmpty, "\(found.steps)")
    }

    // MARK: - Wall time

    @Test func forksOfASlowedCoreClaimNoStep() throws {
        // Two runs of one cost; in the second, ten of its twelve forks fell on a slowed core, 1.8x
        // slower, and the speed probe read so.
        let forks = 12
        var before = run(0, forks: forks)
        var after = run(1, forks: forks)
        for index in before.measurements.indices { before.measurements[index].batches.speedProbeNanoseconds = Array(repeating: 7_000, count: forks) }
        for index in after.measurements.indices { after.measurements[index].batches.speedProbeNanoseconds = Array(repeating: 7_000, count: forks) }
        let read = after.measurements.firstIndex { $0.key == Synthetic.derivedRead }!
        var slowed = Synthetic.spreadMeasurement(Synthetic.derivedRead, median: 1_000, draw: 1, forks: forks).forkRecords
        for fork in 0..<10 {
            slowed[fork] = Synthetic.spreadMeasurement(Synthetic.derivedRead, median: 1_800, draw: 100 + fork, forks: 1)
        }
        after.measurements[read] = MeasurementRecord(mergingForks: slowed.map { var record = $0; record.forks = nil; return record })
        after.measurements[read].batches.speedProbeNanoseconds = (0..<forks).map { $0 < 10 ? 12_000 : 7_000 }
        let (_, seeing) = try history([before, after])
        #expect(seeing.steps.filter { $0.basis == .wallTime }.isEmpty, "the two forks left on a fast core show no change")
        after.measurements[read].batches.speedProbeNanoseconds = nil
        for index in before.measurements.indices { before.measurements[index].batches.speedProbeNanoseconds = nil }
        for index in after.measurements.indices { after.measurements[index].batches.speedProbeNanoseconds = nil }
        let (_, blind) = try history([before, after])
        #expect(blind.steps.map(\.key) == [Synthetic.derivedRead], "without the probe, the slowed forks read as a slower build")
    }

    @Test func aWallTimeStepIsClaimedOnlyBetweenRunsOfOneMachine() throws {
        let forks = Synthetic.judgedForks
        let (history, found) = try history([
            run(0, forks: forks), run(1, factor: 1.2, cpuModel: "Other CPU", forks: forks), run(2, factor: 1.2, forks: forks),
            run(3, factor: 1.2, forks: forks),
        ])
        let wallTime = found.steps.filter { $0.basis == .wallTime }
        #expect(wallTime.count == 1, "\(wallTime)")
        let step = try #require(wallTime.first)
        #expect(step.run == 2 && step.since == 0, "set against the last run of its machine, not the one before it")
        #expect(step.key == Synthetic.derivedRead && step.verdict == .slower)
        #expect(step.ratioInterval.map { $0.lower > 1 } == true, "the ratio's interval lies above 1")
        #expect(found.steps(at: 1).isEmpty, "a slower run on another machine claims nothing")
        #expect(found.steps(at: 3).isEmpty, "two runs at the same cost, each its own noise, do not step")
        #expect(found.breaks.map(\.run) == [1] && found.breaks.map(\.text) == ["not compared: another machine"])
        #expect(found.breaks.first?.basis == .wallTime && found.breaks.first?.field == "cpuModel")
        #expect(history.runs.count == 4)
    }

    @Test func wallTimeInOneProcessIsLeftOutOfTheSeries() throws {
        let forks = Synthetic.judgedForks
        let (_, found) = try history([run(0, forks: forks), run(1, factor: 1.2), run(2, factor: 1.2, forks: forks)])
        #expect(found.steps.filter { $0.basis == .wallTime }.map { [$0.since, $0.run] } == [[0, 2]],
                "the one-process run between is skipped, as compare cannot tell a change there")
    }

    /// Where both runs recorded the thread's CPU clock, a time step is judged on it, as compare judges:
    /// a run whose wall time stretched while its CPU time held claims no step; one whose CPU time moved
    /// steps in CPU time, its figures the CPU clock's.
    @Test func timeStepsAreJudgedOnTheCPUClockWhereBothRunsHaveIt() throws {
        let forks = Synthetic.judgedForks
        var runs = [run(0, forks: forks), run(1, factor: 1.2, forks: forks), run(2, factor: 1.2, forks: forks)]
        #expect(runs.allSatisfy { $0.measurements[0].key == Synthetic.derivedRead })
        // Run 1 waited for a CPU: 1.2x on the wall clock, run 0's own on the CPU clock; run 2 is 1.2x on both.
        runs[0].measurements[0].threadCPUSamples = runs[0].measurements[0].samples
        runs[1].measurements[0].threadCPUSamples = runs[0].measurements[0].samples
        runs[2].measurements[0].threadCPUSamples = runs[2].measurements[0].samples
        let (_, found) = try history(runs)
        #expect(found.steps(at: 1).isEmpty, "wall time stretched, CPU time held: \(found.steps)")
        let step = try #require(found.steps(at: 2).first)
        #expect(step.basis == .threadCPU && step.verdict == .slower && step.since == 1, "\(step)")
        #expect(step.after / step.before > 1.1 && step.figureText(step.before).hasSuffix("s"), "a duration: \(step.figureText(step.before))")
    }

    // MARK: - Output

    /// The history, in `format`, of three runs: a count step at the second, and a third on another
    /// toolchain.
    private func stepThenAnotherToolchain(_ format: HistoryFormat) throws -> (CommandOutput, moved: Double) {
        let moved = Self.count * (1 + Self.threshold * 5)
        let runs = [
            run(0, instructions: Self.count), run(1, instructions: moved),
            run(2, instructions: moved, toolchain: "Swift version 6.4"),
        ]
        let directory = try Synthetic.resultsDirectory(runs.enumerated().map { ("run-\($0.offset).json", $0.element) })
        let positions = Dictionary(uniqueKeysWithValues: runs.enumerated().map { ($0.element.environment.commit, $0.offset) })
        let output = HistoryCommand.run(
            HistoryOptions(resultsDirectory: directory, format: format), positions: { _ in positions })
        return (output, moved)
    }

    @Test func theJSONCarriesEachStepAndBreak() throws {
        let (output, moved) = try stepThenAnotherToolchain(.json)
        #expect(output.status == 0, "\(output.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let steps = try #require(document["steps"] as? [[String: Any]])
        #expect(steps.count == 1)
        #expect(steps.first?["name"] as? String == Synthetic.phaseRead && steps.first?["strategy"] as? String == "derived")
        #expect(steps.first?["basis"] as? String == "instructions" && steps.first?["verdict"] as? String == "slower")
        #expect(steps.first?["run"] as? Int == 1 && steps.first?["since"] as? Int == 0)
        #expect(steps.first?["commit"] as? String == Self.commit(1) && steps.first?["sinceCommit"] as? String == Self.commit(0))
        #expect(steps.first?["before"] as? Double == Self.count && steps.first?["after"] as? Double == moved)
        #expect(steps.first?["lower"] is NSNull, "a count has no interval, and says so with null")
        #expect(steps.first?["text"] as? String == "1.05× slower")
        let breaks = try #require(document["breaks"] as? [[String: Any]])
        #expect(breaks.count == 1 && breaks.first?["run"] as? Int == 2 && breaks.first?["basis"] as? String == "instructions")
        #expect(breaks.first?["text"] as? String == "not compared: another toolchain")
        #expect((document["stepsRule"] as? String)?.hasPrefix("instructions beyond ±1% on one toolchain") == true)
    }

    @Test func theTextHasARowPerStepAndPerBreak() throws {
        let (output, _) = try stepThenAnotherToolchain(.text)
        let section = """
            steps (instructions beyond ±1% on one toolchain; time (CPU clock where both runs have it) beyond ±5% by compare's rule on one machine)
            commit   since    measurement                         shape    by            before   after    change
            1111111  0000000  phase.read.tracked(largest-strict)  derived  instructions  1000000  1050000  1.05× slower
            2222222  1111111  —                                   —        instructions  —        —        not compared: another toolchain
            """
        #expect(output.standardOutput.contains(section), "\(output.standardOutput)")
    }
}
