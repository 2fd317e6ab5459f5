import Foundation
import Harness
import Testing

@testable import BenchTool

/// Judging among shapes (limits version 3) from synthetic figures: each new statistic, and which
/// shape the decision names.
struct ShapeDecisionTests {
    private func verdicts(_ judgement: Judgement) -> [String: LimitOutcome] {
        Dictionary(uniqueKeysWithValues: judgement.limits.map { ($0.limit.id, $0.verdict) })
    }

    // MARK: - The decision

    @Test func everyShapePassingShipsTheFirstAndExitsZero() {
        let judgement = Synthetic.judgeShapes(Synthetic.shapeFigures())
        #expect(judgement.limits.allSatisfy { $0.verdict == .pass }, "\(judgement.limits.map(\.reason))")
        #expect(judgement.decision == Decision(outcome: .ships, text: "derived ships: the phase is derived when it is read", shape: .derived))
        #expect(judgement.exitStatus == .success)
    }

    @Test func theFirstPassingShapeWinsOverALaterOne() {
        let judgement = Synthetic.judgeShapes(Synthetic.shapeFigures(read: [.derived: 60_000]))
        #expect(verdicts(judgement)["phase-read"] == .fail)
        #expect(judgement.decision.text == "root ships: the verdict is kept on the root, the phase derived from it (derived failed: phase-read)")
        #expect(judgement.decision.shape == .root && judgement.exitStatus == .success)
    }

    @Test func aShapeFailingACountIsPassedOverToo() {
        let judgement = Synthetic.judgeShapes(Synthetic.shapeFigures(extra: [.derived: 1], rootCommit: 12_000))
        #expect(judgement.decision.shape == .incremental)
        #expect(judgement.decision.text
            == "incremental ships: the verdict is kept on the root and updated by what a commit changed, the phase derived from it "
            + "(derived failed: extra-bodies; root failed: root-commit)")
    }

    @Test func noShapePassingShipsTheFallbackNamingEachShapesFailures() {
        let judgement = Synthetic.judgeShapes(
            Synthetic.shapeFigures(read: [.derived: 60_000], extra: [.derived: 1, .incremental: 2], rootCommit: 12_000, incrementalCommit: [1_400, 1_500, 1_600]))
        #expect(judgement.decision.outcome == .fallback && judgement.decision.shape == nil)
        #expect(judgement.decision.text
            == "fallback: the fetch as a value ships alone, the phase stays stored "
            + "(derived failed: phase-read, extra-bodies; root failed: root-commit; "
            + "incremental failed: incremental-extra-bodies and undecided: incremental-commit)")
        #expect(judgement.exitStatus == .failure)
    }

    @Test func aShapesLimitNotJudgedLeavesTheRunUndecidedAndNoLaterShapeShips() {
        let rootMissing = Synthetic.judgeShapes(
            Synthetic.shapeFigures(read: [.derived: 60_000], leaving: [(Synthetic.landCommit, .root)]))
        #expect(verdicts(rootMissing)["root-commit"] == .notJudged)
        #expect(rootMissing.limits.first { $0.limit.id == "root-commit" }?.reason
            == "this run has no measurement 'commit.field-errors.land(largest-strict, 1 handle)' (root)")
        #expect(rootMissing.decision == Decision(
            outcome: .undecided,
            text: "no decision: this run cannot say which shape ships (derived failed: phase-read; root not judged: root-commit)"))
        #expect(rootMissing.exitStatus == .failure)
        let derivedMissing = Synthetic.judgeShapes(Synthetic.shapeFigures(leaving: [(Synthetic.phaseRead, .derived)]))
        #expect(derivedMissing.decision.outcome == .undecided, "root passes, but derived might have")
        #expect(derivedMissing.decision.text == "no decision: this run cannot say which shape ships (derived not judged: phase-read)")
    }

    @Test func aQuickRunIsUndecidedAndADebugBuildJudgesNoTiming() {
        let quick = Synthetic.judgeShapes(Synthetic.shapeFigures(), quick: true)
        #expect(quick.decision.text == "no decision: this run cannot say which shape ships (derived indicative: phase-read)")
        #expect(quick.limits.filter(\.limit.isTiming).allSatisfy { $0.verdict == .indicative && !$0.gates })
        #expect(quick.exitStatus == .failure)
        let debug = Synthetic.judgeShapes(Synthetic.shapeFigures(extra: [.derived: 1]), build: "debug")
        #expect(debug.limits.filter(\.limit.isTiming).allSatisfy { $0.verdict == .notJudged && $0.reason.hasPrefix(Judge.debugBuildReason) })
        #expect(debug.decision.text == "no decision: this run cannot say which shape ships (derived failed: extra-bodies and not judged: phase-read; root not judged: root-phase-read, root-commit)")
    }

    // MARK: - The statistics

    @Test func aCountOfAnotherShapeIsThatShapeAgainstStoredBodyByBody() {
        let judged = Synthetic.judgeShapes(Synthetic.shapeFigures(extra: [.root: 1])).limits.first { $0.limit.id == "root-extra-bodies" }!
        #expect(judged.verdict == .fail && judged.value == 1)
        #expect(judged.bodyDifferences == [BodyDifference(body: "phase-only", strategy: .root, reruns: 3, stored: 2)])
        #expect(judged.reason == "body by body, re-ran more under root: phase-only +1 (root 3, stored 2); required ≤ 0 more re-runs for each body (1 counted)")
    }

    @Test func aBodyDifferenceOfAnotherShapeNamesItInJSONAndReadsBack() throws {
        let difference = BodyDifference(body: "phase", strategy: .incremental, reruns: 1, stored: 0)
        let json = String(decoding: try JSONEncoder().encode(difference), as: UTF8.self)
        #expect(json.contains("\"strategy\":\"incremental\"") && json.contains("\"reruns\":1") && !json.contains("\"derived\""))
        #expect(try JSONDecoder().decode(BodyDifference.self, from: Data(json.utf8)) == difference)
        let derived = String(decoding: try JSONEncoder().encode(BodyDifference(body: "phase", derived: 1, stored: 0)), as: UTF8.self)
        #expect(!derived.contains("strategy") && derived.contains("\"derived\":1"), "derived's keys are as before version 3")
    }

    @Test(arguments: [(10_000.0, LimitOutcome.pass), (10_500, .pass), (10_501, .fail)])
    func theRootCommitsMedianIsAtMostStoredsUpperBound(median: Double, verdict: LimitOutcome) {
        let judged = Synthetic.judgeShapes(Synthetic.shapeFigures(rootCommit: median)).limits.first { $0.limit.id == "root-commit" }!
        #expect(judged.verdict == verdict)
        #expect(judged.value == median)
    }

    @Test func theBoundsReasonSaysBothFigures() {
        let judged = Synthetic.judgeShapes(Synthetic.shapeFigures(rootCommit: 12_000)).limits.first { $0.limit.id == "root-commit" }!
        #expect(judged.reason
            == "root median 12.0 µs [11.9, 12.1]; stored's upper 95% bound 10.5 µs (stored median 10.0 µs [9.5, 10.5]): the median is above the bound")
        let missing = Synthetic.judgeShapes(Synthetic.shapeFigures(leaving: [(Synthetic.landCommit, .stored)]))
            .limits.first { $0.limit.id == "root-commit" }!
        #expect(missing.verdict == .notJudged && missing.reason == "this run has no measurement 'commit.field-errors.land(largest-strict, 1 handle)' (stored)")
    }

    @Test(arguments: [
        ([1_100.0, 1_200, 1_300], LimitOutcome.pass, "the whole interval is ≤ 1.50×"),
        ([1_400, 1_500, 1_600], .undecided, "straddles the threshold"),
        ([1_600, 1_700, 1_800], .fail, "no part of the interval is ≤ 1.50×"),
    ])
    func theRatioIsJudgedOnItsInterval(samples: [Double], verdict: LimitOutcome, words: String) throws {
        let judged = Synthetic.judgeShapes(Synthetic.shapeFigures(incrementalCommit: samples)).limits.first { $0.limit.id == "incremental-commit" }!
        #expect(judged.verdict == verdict, "\(judged.reason)")
        #expect(judged.reason.contains(words), "\(judged.reason)")
        #expect(judged.value == samples[1] / 1_000)
        let interval = try #require(judged.interval)
        #expect(interval.lower <= judged.value! && judged.value! <= interval.upper)
        #expect(interval.lower == samples[0] / 1_000 && interval.upper == samples[2] / 1_000, "three samples: the resampled medians reach both ends")
    }

    @Test func theRatiosIntervalIsCompareOwnTwoStageBootstrapOverForks() throws {
        var figures = Synthetic.shapeFigures()
        let forked = [[1_100.0, 1_150, 1_200], [1_250, 1_300, 1_350]]
        let index = figures.measurements.firstIndex { $0.name == Synthetic.valueCommit }!
        figures.measurements[index] = MeasurementRecord(mergingForks: forked.map {
            Synthetic.measurement(Synthetic.valueCommit, .incremental, samples: $0, lower: $0[0], upper: $0[2])
        })
        let judged = Synthetic.judgeShapes(figures).limits.first { $0.limit.id == "incremental-commit" }!
        let rule = ComparisonRule()
        let expected = Statistics.bootstrapMedianRatioInterval(
            groups: forked, [[1_000, 1_000, 1_000]], level: rule.confidenceLevel, resamples: rule.resamples, seed: rule.seed)
        #expect(judged.interval == expected)
        // Six samples, 1100 to 1350 ns, over 1000 ns: the ratio of medians is 1225 / 1000.
        #expect(abs(try #require(judged.value) - 1.225) < 1e-12, "\(judged.value ?? 0)")
    }

    @Test func aRatioOfAMeasurementNotMadeIsNotJudged() {
        let judged = Synthetic.judgeShapes(Synthetic.shapeFigures(leaving: [(Synthetic.valueCommitNoHandle, .incremental)]))
            .limits.first { $0.limit.id == "incremental-commit" }!
        #expect(judged.verdict == .notJudged)
        #expect(judged.reason == "this run has no measurement 'commit.verdict-read-value(largest-strict, no handle)' (incremental)")
    }

    // MARK: - Results files

    @Test func aResultsFileJudgedAmongShapesRecordsThemAndValidates() throws {
        let results = Synthetic.shapeResults(Synthetic.shapeFigures(read: [.derived: 60_000]))
        #expect(ResultsValidator.problems(in: results) == [])
        let json = String(decoding: try results.encoded(), as: UTF8.self)
        #expect(json.contains("\"shape\" : \"root\"") && json.contains("\"preference\" : ["))
        let decoded = try JSONDecoder().decode(ResultsFile.self, from: try results.encoded())
        #expect(decoded == results)
        var lying = results
        lying.decision = Decision(outcome: .ships, text: "derived ships: the phase is derived when it is read", shape: .derived)
        #expect(ResultsValidator.problems(in: lying) == [
            "decision 'derived ships: the phase is derived when it is read' is not what the verdicts conclude: "
                + "'root ships: the verdict is kept on the root, the phase derived from it (derived failed: phase-read)'"
        ])
    }

    @Test func aDecisionNamingAShapeItDoesNotShipIsRefused() {
        let json = #"{"outcome": "fallback", "text": "t", "ships": false, "shape": "root"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Decision.self, from: Data(json.utf8)) }
        let old = #"{"outcome": "ships", "text": "derived phase ships", "ships": true}"#
        #expect((try? JSONDecoder().decode(Decision.self, from: Data(old.utf8)))?.shape == nil, "files before version 3 have no shape")
    }
}
