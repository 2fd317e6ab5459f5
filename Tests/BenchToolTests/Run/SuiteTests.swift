@testable import BenchTool
import Foundation
import Harness
import Runtime
import Testing
import Workloads

/// The suite over the bundled spec: that it produces what the limits name, counts what Workloads
/// counts, and reports reads per field honestly.
struct SuiteTests {
    static func subjects() throws -> BenchSubjects { try BenchSubjects(specDirectory: Fixture.bundledSpecDirectory) }
    static let repositoryRoot = Fixture.bundledSpecDirectory.deletingLastPathComponent()

    private func runner(filter: String? = nil, quick: Bool = true) -> SuiteRunner {
        SuiteRunner(
            options: RunOptions(
                quick: quick, filter: filter.map(MeasurementFilter.init(pattern:)), specDirectory: "spec", limitsPath: "limits.json",
                outputPath: nil, format: .text, strategies: .both),
            progress: ProgressLine(isTerminal: false) { _ in })
    }

    @Test func everyLimitNamesSomethingTheBenchProduces() throws {
        let limits = try LimitsFile.load(path: Self.repositoryRoot.appendingPathComponent("limits.json").path)
        let subjects = try Self.subjects()
        let suite = Suite(subjects: subjects)
        let measured = Set(suite.measurements.map { "\($0.name)|\($0.strategy.rawValue)" })
        let scenarios = Set(Scenario.all.map(\.name))
        for limit in limits.limits {
            if limit.isTiming {
                #expect(measured.contains("\(limit.metric)|\((limit.strategy ?? .unshaped).rawValue)"), "limit \(limit.id): no measurement \(limit.metric)")
                if let denominator = limit.denominator {
                    #expect(measured.contains("\(denominator)|\((limit.strategy ?? .unshaped).rawValue)"), "limit \(limit.id): no measurement \(denominator)")
                }
            } else {
                #expect(scenarios.contains(limit.metric), "limit \(limit.id): no scenario \(limit.metric)")
            }
        }
    }

    @Test func noLimitReadsAPointOfAScalingCurve() throws {
        // A curve point takes half the rounds of others (SuiteRunner.curvePointMinimumSamples): that
        // holds only while what a limit judges is sampled at the full rule.
        let limits = try LimitsFile.load(path: Self.repositoryRoot.appendingPathComponent("limits.json").path)
        let curvePoints = Set(Suite(subjects: try Self.subjects()).measurements.filter { $0.curve != nil }.map(\.name))
        #expect(!curvePoints.isEmpty)
        for limit in limits.limits where limit.isTiming {
            #expect(!curvePoints.contains(limit.metric), "limit \(limit.id) reads the curve point \(limit.metric)")
            if let denominator = limit.denominator {
                #expect(!curvePoints.contains(denominator), "limit \(limit.id) reads the curve point \(denominator)")
            }
        }
    }

    @Test(arguments: [(6, 3), (3, 2), (2, 2), (20, 10), (5, 3)])
    func aCurvePointTakesHalfTheRoundsRoundedUpAndAtLeastTwo(minimum: Int, expected: Int) {
        #expect(SuiteRunner.curvePointMinimumSamples(minimum, quick: false, forks: 8) == expected)
    }

    @Test func aCurvePointKeepsItsRoundsInAQuickOrSingleProcessRun() {
        #expect(SuiteRunner.curvePointMinimumSamples(5, quick: true, forks: 1) == 5)
        #expect(SuiteRunner.curvePointMinimumSamples(20, quick: false, forks: 1) == 20)
        #expect(SuiteRunner.curvePointMinimumSamples(6, quick: true, forks: 8) == 6)
    }

    @Test func theSamplingRuleSaysWhatACurvePointTakesOnlyWhereItDiffers() {
        #expect(SuiteRunner.samplingDescription(quick: false, forks: 8).contains("a group of points of a scaling curve takes at least half the rounds its kind takes otherwise, rounded up, and at least 2 (3 where the others take 6)"))
        #expect(!SuiteRunner.samplingDescription(quick: true, forks: 8).contains { $0.contains("scaling curve") })
        #expect(!SuiteRunner.samplingDescription(quick: false, forks: 1).contains { $0.contains("scaling curve") })
    }

    @Test func theSuiteMeasuresBothStrategiesOfEachStrategyMeasurementNextToEachOther() throws {
        let suite = Suite(subjects: try Self.subjects())
        for (index, measurement) in suite.measurements.enumerated() where measurement.strategy == .derived {
            let next = suite.measurements.indices.contains(index + 1) ? suite.measurements[index + 1] : nil
            if measurement.name.contains("fixture)") { continue }  // the fixture-size curve is the derived getter's alone
            #expect(next?.name == measurement.name && next?.strategy == .stored, "\(measurement.name) is sampled beside its stored twin")
        }
        #expect(suite.scalingUnavailable == nil, "the bundled strict operation is the generator's shape")
    }

    @Test func theCountsAreWorkloadsCountsOnePerBody() throws {
        let subjects = try Self.subjects()
        let counts = try runner(filter: "verdict-read-value-changes(spreads-only)").count(subjects)
        let expected = try Scenario.verdictReadValueChanges(.spreadsOnly).run(spec: subjects.spec, picked: #require(subjects.spreadsOnly), strategy: .derived)
        let derived = counts.filter { $0.strategy == .derived }
        #expect(derived.map(\.body) == expected.reruns.map(\.body))
        #expect(derived.map(\.reruns) == expected.reruns.map(\.reruns))
        #expect(Set(counts.map(\.scenario)) == ["verdict-read-value-changes(spreads-only)"], "the filter keeps only that scenario")
    }

    @Test func aQuickRunLeavesOutTheThousandHandleScenarioOnly() throws {
        let subjects = try Self.subjects()
        let quick = runner().selectedScenarios(subjects).map(\.0.name)
        let full = runner(quick: false).selectedScenarios(subjects).map(\.0.name)
        #expect(Set(full).subtracting(quick) == ["nulls-or-errors-commit(largest-strict, 1000 handles)"])
    }

    @Test func aQuickRunLeavesOutTheThousandHandleMeasurementsOnly() throws {
        let suite = Suite(subjects: try Self.subjects())
        let quick = runner().selected(suite).map(\.key.label)
        let full = runner(quick: false).selected(suite).map(\.key.label)
        #expect(Set(full).subtracting(quick) == [
            "commit.nulls-or-errors(largest-strict, 1000 handles) [derived]",
            "commit.nulls-or-errors(largest-strict, 1000 handles) [stored]",
        ])
        #expect(quick.contains("commit.nulls-or-errors(largest-strict, 100 handles) [stored]"))
    }

    @Test func aRowOfEightIsReportedPerFieldAndTheTimedClosureRanAsClaimed() throws {
        let subjects = try Self.subjects()
        let suite = Suite(subjects: subjects)
        let measurement = try #require(suite.measurements.first { $0.name == "field.read.untracked(row-of-8)" })
        let prepared = try measurement.prepare()
        var calls = 0
        let counted = SuiteMeasurement.Prepared(setUp: prepared.setUp, operation: { calls += 1; return prepared.operation() })
        var policy = SuiteRunner.policy(quick: true)
        policy.timeBudgetNanoseconds = 1_000_000
        let result = Sampler(policy: policy, timer: TimerCharacteristics.measure(readings: 1000)).run(
            Measurement(measurement.name, setUp: counted.setUp, operation: counted.operation))
        #expect(result.invocations.total == calls, "the sampler's count of calls is the closure's own")
        let perField = SuiteRunner.perOperation(result, measurement, policy)
        #expect(perField.samples == result.samples.map { $0 / 8 })
        #expect(perField.summary.count == result.samples.count)
    }

    @Test func badInputExitsTwo() {
        #expect(BenchCommand.main(["--fast"]) == 2)
        #expect(BenchCommand.main(["validate", "/nonexistent/results.json"]) == 2)
        #expect(BenchCommand.main(["--spec", "/nonexistent/spec", "--list"]) == 2)
    }
}
