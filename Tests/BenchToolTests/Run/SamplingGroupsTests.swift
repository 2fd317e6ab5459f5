@testable import BenchTool
import Foundation
import Harness
import Runtime
import Testing
import Workloads

/// How a run spends its time without spending its power: the field errors' landing and clearing frames
/// sampled as pairs, each call the other's set-up, and the costliest scenario runs counted on a second
/// thread, with the same counts as on one.
struct SamplingGroupsTests {
    private func runner(filter: String? = nil, quick: Bool = false, strategies: StrategySelection = .all) -> SuiteRunner {
        SuiteRunner(
            options: RunOptions(
                quick: quick, filter: filter.map(MeasurementFilter.init(pattern:)), specDirectory: Fixture.bundledSpecDirectory.path,
                limitsPath: "limits.json", outputPath: nil, format: .text, strategies: strategies),
            progress: ProgressLine(isTerminal: false) { _ in })
    }

    /// The read floor's ratios are each of one set of rounds: the plain @Observable read and the model's
    /// field read, untracked and tracked, are sampled in one group each, and nothing else joins them.
    @Test func theReadFloorsTwoSidesAreSampledInTheSameRounds() throws {
        let suite = Suite(subjects: try BenchSubjects(specDirectory: Fixture.bundledSpecDirectory))
        let groups = SuiteRunner.groups(runner().selected(suite))
        for (observable, field) in [(KeyMeasurements.observableUntracked, KeyMeasurements.fieldUntracked), (KeyMeasurements.observableTracked, KeyMeasurements.fieldTracked)] {
            let holding = groups.filter { $0.contains { $0.measurement.name == observable || $0.measurement.name == field } }
            #expect(holding.count == 1, "\(observable) and \(field) in one group")
            #expect(holding.first.map { $0.map(\.measurement.name) } == [observable, field])
        }
        let alone = SuiteRunner.groups(runner(filter: "field.read.tracked(row-of-8)").selected(suite))
        #expect(alone.map { $0.map(\.measurement.name) } == [[KeyMeasurements.fieldTracked]], "a side selected alone is sampled alone")
    }

    /// A commit with one handle and the same commit with none are sampled in the same rounds: the
    /// incremental limit's ratio and each cost limit's handle's share are of one set of rounds.
    @Test func eachCommitWithAHandleIsSampledInTheSameRoundsAsTheSameCommitWithout() throws {
        let suite = Suite(subjects: try BenchSubjects(specDirectory: Fixture.bundledSpecDirectory))
        let groups = SuiteRunner.groups(runner().selected(suite))
        for pair in [
            [KeyMeasurements.landWithNoHandle, KeyMeasurements.landWithOneHandle], [KeyMeasurements.clearWithOneHandle, KeyMeasurements.clearWithNoHandle],
            ["commit.verdict-read-value-changes(largest-strict, no handle)", "commit.verdict-read-value-changes(largest-strict, 1 handle)"],
        ] {
            let holding = groups.filter { $0.contains { pair.contains($0.measurement.name) } }
            #expect(holding.count == 1, "\(pair) in one group")
            let group = try #require(holding.first)
            #expect(group.map(\.measurement.name) == pair.flatMap { Array(repeating: $0, count: ShapeRegistry.current.shapes.count) })
            #expect(group.map(\.measurement.strategy) == ShapeRegistry.current.labels + ShapeRegistry.current.labels, "every shape of each")
        }
    }

    /// A gating group of two names takes the time two groups of one would: each name keeps its rounds.
    @Test func aGatingGroupOfTwoNamesHasTwiceTheTimeBudget() {
        let one = SuiteRunner.gatingPolicy(quick: false, forks: 8)
        let two = SuiteRunner.gatingPolicy(quick: false, forks: 8, names: 2)
        #expect(two.timeBudgetNanoseconds == 2 * one.timeBudgetNanoseconds)
        #expect(SuiteRunner.gatingPolicy(quick: true, forks: 8, names: 2) == SuiteRunner.policy(quick: true, forks: 8), "a quick run samples as ever")
        #expect(SuiteRunner.samplingDescription(quick: false, forks: 8).contains { $0.hasSuffix("for each measurement name it samples") })
    }

    @Test func theLandingAndClearingFramesOfAsManyHandlesAreSampledAsPairsWhereTheLandingStands() throws {
        let suite = Suite(subjects: try BenchSubjects(specDirectory: Fixture.bundledSpecDirectory))
        let chosen = runner().selected(suite)
        let groups = SuiteRunner.groups(chosen)
        let paired = groups.filter { $0.contains { $0.partner != nil } }
        #expect(paired.count == Suite.frameHandleCounts.count, "one group of pairs per handle count")
        for group in paired {
            #expect(group.allSatisfy { $0.measurement.name.hasPrefix("frame.field-errors.land(") })
            #expect(group.allSatisfy { $0.partner?.strategy == $0.measurement.strategy }, "a pair is of one strategy")
            #expect(group.map(\.measurement.strategy) == ShapeRegistry.current.labels)
        }
        // Every measurement is sampled exactly once, alone or in a pair.
        let sampled = groups.flatMap { $0.flatMap { [$0.measurement] + ($0.partner.map { [$0] } ?? []) } }
        #expect(sampled.map(\.key.label).sorted() == chosen.map(\.key.label).sorted())
        #expect(!groups.contains { $0.contains { $0.measurement.name.hasPrefix("frame.field-errors.clear(") } })
    }

    /// A look after the first measures what its limits read as the first forks sampled it: every
    /// strategy of the name, in one group, and a frame with the partner it alternates with.
    @Test func aLookMeasuresEachNameItsLimitsReadInEveryStrategyAndWithItsPartner() throws {
        let suite = Suite(subjects: try BenchSubjects(specDirectory: Fixture.bundledSpecDirectory))
        let chosen = runner().selected(suite)
        let land = "commit.field-errors.land(largest-strict, 1 handle)"
        let cost = Limit(
            id: "root-cost-land", description: "d", metric: land, statistic: .pairedRatioToStored, strategy: .root,
            comparison: .lessThanOrEqualTo, threshold: 1.05, unit: .ratio, source: "s")
        let again = SuiteRunner.measuredAgain(for: [cost], from: chosen)
        let landNoHandle = KeyMeasurements.landWithNoHandle
        let shapes = ShapeRegistry.current.shapes.count
        #expect(again.map(\.name) == Array(repeating: landNoHandle, count: shapes) + Array(repeating: land, count: shapes),
                "with the commit it shares its rounds with")
        #expect(again.map(\.strategy) == ShapeRegistry.current.labels + ShapeRegistry.current.labels)
        #expect(SuiteRunner.groups(again).count == 1, "sampled together, interleaved, as in the first forks")
        let frame = Limit(
            id: "f", description: "d", metric: "frame.field-errors.clear(largest-strict, 1 handle)", statistic: .median, strategy: .root,
            comparison: .lessThan, threshold: 1, unit: .nanoseconds, source: "s")
        let frames = SuiteRunner.measuredAgain(for: [frame], from: chosen)
        #expect(Set(frames.map(\.name)) == ["frame.field-errors.clear(largest-strict, 1 handle)", "frame.field-errors.land(largest-strict, 1 handle)"])
        #expect(SuiteRunner.groups(frames).allSatisfy { $0.allSatisfy { $0.partner != nil } }, "the pair stays a pair")
    }

    @Test func aFilterThatKeepsOnlyOneOfAPairSamplesItWithItsOwnSetUp() throws {
        let suite = Suite(subjects: try BenchSubjects(specDirectory: Fixture.bundledSpecDirectory))
        let groups = SuiteRunner.groups(runner(filter: "frame.field-errors.clear(").selected(suite))
        #expect(groups.count == Suite.frameHandleCounts.count)
        #expect(groups.allSatisfy { $0.allSatisfy { $0.partner == nil } })
    }

    @Test func theCostliestScenarioRunsGoToTheSecondThreadAndNothingWithoutAThousandHandles() {
        let items = (0..<3).flatMap { scenario in FigureStrategy.measured.map { CountingItem(scenario: scenario, strategy: $0) } }
        let (here, there) = SuiteRunner.shares(items, handleCounts: [1, 100, 1000])
        #expect(Set(here).isDisjoint(with: there) && here.count + there.count == items.count)
        #expect(there.contains(CountingItem(scenario: 2, strategy: .derived)), "the derived thousand-handle run, the costliest")
        #expect(!there.contains(CountingItem(scenario: 2, strategy: .stored)), "about half the cost each")
        #expect(here.map(\.scenario) == here.map(\.scenario).sorted(), "each share keeps the run's order")
        #expect(SuiteRunner.shares(items, handleCounts: [1, 10, 100]).there.isEmpty)
    }

    @Test func countingOnTwoThreadsGivesTheCountsOfOne() throws {
        let subjects = try BenchSubjects(specDirectory: Fixture.bundledSpecDirectory)
        let runner = self.runner(filter: "nulls-or-errors-commit(", strategies: .stored)
        let counts = try runner.count(subjects)
        let scenarios = runner.selectedScenarios(subjects)
        #expect(scenarios.contains { $0.0.handleCount > SuiteRunner.quickHandleLimit }, "the second thread has work")
        var one: [CountRecord] = []
        for index in scenarios.indices {
            one += try SuiteRunner.count(CountingItem(scenario: index, strategy: .stored), scenarios: scenarios, spec: subjects.spec)
        }
        #expect(counts == one)
    }
}
