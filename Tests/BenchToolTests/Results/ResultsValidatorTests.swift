import Foundation
import Testing

@testable import BenchTool

/// What `bench validate` catches that decoding cannot.
struct ResultsValidatorTests {
    @Test func aConsistentFileHasNoProblems() {
        #expect(ResultsValidator.problems(in: Synthetic.results()) == [])
        #expect(ResultsValidator.problems(in: Synthetic.results(build: "debug")) == [])
        #expect(ResultsValidator.problems(in: Synthetic.results(quick: true)) == [])
    }

    /// Each fork's load figure is held to its range, and a refusal names the field: a negative time or
    /// count was once accepted, and a negative run-queue share refused only as a verdict that differed.
    @Test func aForksLoadFiguresAreCheckedForTheirRangeByName() {
        let quiet = ForkLoadRecord(
            fork: 1, seconds: 10, runQueueShare: 0.001, onCPUShare: 1.0001, involuntarySwitches: 20, voluntarySwitches: 0,
            cpuPressureShare: 0.01, stealShare: 0, loadAverageAtStart: 1.3, loadAverageAtEnd: nil)
        #expect(ResultsValidator.problems(in: [quiet]) == [], "a share of wall time may pass 1 by a hair")
        var bad = quiet
        bad.fork = 0
        bad.seconds = -3
        bad.involuntarySwitches = -1
        bad.runQueueShare = -0.2
        bad.stealShare = 1.5
        bad.loadAverageAtEnd = .infinity
        #expect(ResultsValidator.problems(in: [quiet, bad]) == [
            "forkLoads[1].fork: 0, but forks are numbered from 1",
            "forkLoads[1].involuntarySwitches: -1 is negative",
            "forkLoads[1].seconds: -3.0 is negative",
            "forkLoads[1].runQueueShare: -0.2 is negative",
            "forkLoads[1].loadAverageAtEnd: inf is not a finite number",
            "forkLoads[1].stealShare: 1.5 is more than every tick",
        ])
        var results = Synthetic.results()
        results.forkLoads = [bad]
        #expect(ResultsValidator.problems(in: results).contains("forkLoads[0].seconds: -3.0 is negative"))
    }

    @Test func samplesMustMatchTheirSummary() {
        var results = Synthetic.results()
        results.measurements[0].samples.append(1_003)
        #expect(ResultsValidator.problems(in: results).contains(
            "measurement 'phase.read.tracked(largest-strict)' (derived): 4 samples, but the summary counts 3"))
        results = Synthetic.results()
        results.measurements[2].summary.median = 701
        #expect(ResultsValidator.problems(in: results).contains(
            "measurement 'field.read.tracked(row-of-8)' (unshaped): summary median 701.0 is not the samples' median 712.0"))
    }

    @Test func aVerdictMustFollowFromTheFilesOwnFigures() {
        var results = Synthetic.results()
        results.counts[0].reruns = 2
        let problems = ResultsValidator.problems(in: results)
        #expect(problems.contains("limit 'extra-bodies': recorded pass, but the file's own figures judge fail"))
        #expect(problems.contains { $0.hasPrefix("decision 'derived phase ships' is not what the verdicts conclude") })
    }

    @Test func bodyDifferencesMustBeTheFilesOwn() throws {
        var results = Synthetic.results()
        results.limits[1].bodyDifferences = [BodyDifference(body: "phase-only", derived: 2, stored: 1)]
        #expect(ResultsValidator.problems(in: results) == ["limit 'extra-bodies': the body differences recorded are not the file's own counts"],
                "the verdict agrees, but the bodies it names are not the file's counts")
        results.limits[1].bodyDifferences = nil
        #expect(ResultsValidator.problems(in: results) == [], "a file written before bodyDifferences were kept")
        let json = String(decoding: try JSONEncoder().encode(BodyDifference(body: "phase", derived: 1, stored: 0)), as: UTF8.self)
        #expect(json.contains("\"difference\":1"))
        let lie = Data(json.replacingOccurrences(of: "\"difference\":1", with: "\"difference\":0").utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BodyDifference.self, from: lie) }
    }

    @Test func everyLimitsMetricMustExistInAnUnfilteredRun() {
        var results = Synthetic.results()
        results.measurements.remove(at: 0)
        let problems = ResultsValidator.problems(in: results)
        #expect(problems.contains("limit 'phase-read': metric 'phase.read.tracked(largest-strict)' is missing from an unfiltered run"))
        results.options.filter = "bodies"
        #expect(!ResultsValidator.problems(in: results).contains { $0.contains("missing from an unfiltered run") },
                "a filtered run may leave a metric out; its limit must then say not judged")
    }

    @Test func duplicatesHashesFitsAndAllocationsAreChecked() {
        var results = Synthetic.results()
        results.counts.append(results.counts[0])
        results.limitsSHA256 = "ABC"
        results.fits[0].slope += 1
        results.measurements[0].allocations = .unavailable("x")
        results.measurements[0].allocations.allocationsPerOperation = 1
        results.measurements[0].allocations.count = Synthetic.allocationCount(iterations: 1, allocations: 0, bytes: 0)
        let problems = ResultsValidator.problems(in: results)
        #expect(problems.contains("count 'verdict-read-value-changes(spreads-only)' (derived) of body 'phase-only' appears more than once"))
        #expect(problems.contains("limitsSHA256 'ABC' is not 64 lowercase hex digits"))
        #expect(problems.contains("fit 'commit.cost(retained-handles)' (stored): slope, intercept or R² does not fit its points"))
        #expect(problems.contains("measurement 'phase.read.tracked(largest-strict)' (derived): allocations need a count or a reason it is unavailable, not both or neither"))
    }

    @Test func instructionsMustBeAFiniteNonNegativeCount() {
        var results = Synthetic.results()
        results.measurements[1].instructionsPerOperation = 4_200
        #expect(ResultsValidator.problems(in: results) == [])
        results.measurements[1].instructionsPerOperation = -1
        #expect(ResultsValidator.problems(in: results) == [
            "measurement 'phase.read.tracked(largest-strict)' (stored): instructions per operation -1.0 is not a finite, non-negative number"
        ])
    }

    @Test func aScalingCurveNotMeasuredMustSayWhy() {
        var results = Synthetic.results()
        results.scaling = ScalingRecord(source: .notMeasured)
        #expect(ResultsValidator.problems(in: results) == ["scaling: not-measured without a reason in detail"])
        results.scaling = ScalingRecord(source: .notMeasured, detail: "Q does not select the generated fixture's shape")
        #expect(ResultsValidator.problems(in: results) == [])
        results.scaling = ScalingRecord(source: .judgedFixture)
        #expect(ResultsValidator.problems(in: results) == [], "points with a source need no more")
    }

    @Test func validateReadsThenChecksInOneLine() throws {
        let directory = Synthetic.temporaryDirectory()
        var results = Synthetic.results()
        try ResultsWriter.write(results, toNewFile: directory + "/good.json")
        #expect(try ResultsValidator.validate(path: directory + "/good.json") == results)
        results.counts[0].reruns = 2
        try ResultsWriter.write(results, toNewFile: directory + "/bad.json")
        #expect(throws: BenchError("\(directory)/bad.json: not valid: limit 'extra-bodies': recorded pass, but the file's own figures judge fail (and 2 more)")) {
            try ResultsValidator.validate(path: directory + "/bad.json")
        }
    }
}
