import Harness
import Testing

@testable import BenchTool

/// Verdicts, decision lines and exit statuses from synthetic figures: nothing here reads a clock.
struct JudgeTests {
    private let limits = Synthetic.limits

    private func judge(
        median: Double, lower: Double, upper: Double, derived: Int = 2, stored: Int = 2,
        build: String = "release", quick: Bool = false
    ) -> Judgement {
        let phaseRead = Synthetic.measurement(
            Synthetic.phaseRead, .derived, samples: [lower, median, upper], lower: lower, upper: upper)
        return Judge(limits: limits, buildConfiguration: build, quick: quick)
            .judge(measurements: [phaseRead], counts: Synthetic.counts(derived: derived, stored: stored))
    }

    @Test func everyLimitPassingShipsAndExitsZero() {
        let judgement = judge(median: 12_300, lower: 12_100, upper: 12_600)
        #expect(judgement.limits.map(\.verdict) == [.pass, .pass])
        #expect(judgement.limits[0].reason == "median 12.3 µs [12.1, 12.6] (95% CI): the whole interval is < 50.0 µs")
        #expect(judgement.limits[1].reason == "body by body: every body re-ran as often under derived as under stored; required ≤ 0 more re-runs for each body (1 counted)")
        #expect(judgement.limits[1].bodyDifferences == [], "no body differs")
        #expect(judgement.limits[0].value == 12_300 && judgement.limits[1].value == 0)
        #expect(judgement.decision == Decision(outcome: .ships, text: "derived phase ships"))
        #expect(judgement.decision.ships)
        #expect(judgement.exitStatus == .success)
    }

    @Test func anExtraBodyFailsAndTheFallbackShips() {
        let judgement = judge(median: 12_300, lower: 12_100, upper: 12_600, derived: 3, stored: 2)
        #expect(judgement.limits.map(\.verdict) == [.pass, .fail])
        #expect(judgement.limits[1].reason == "body by body, re-ran more under derived: phase-only +1 (derived 3, stored 2); required ≤ 0 more re-runs for each body (1 counted)")
        #expect(judgement.limits[1].value == 1)
        #expect(judgement.limits[1].bodyDifferences == [BodyDifference(body: "phase-only", derived: 3, stored: 2)])
        #expect(judgement.decision.text == "fallback: the fetch as a value ships alone, the phase stays stored (failed: extra-bodies)")
        #expect(judgement.decision.outcome == .fallback && !judgement.decision.ships)
        #expect(judgement.exitStatus == .failure)
    }

    @Test func aBodyReRunLessUnderDerivedIsNotAFailure() {
        let judged = judge(median: 1_000, lower: 900, upper: 1_100, derived: 1, stored: 2).limits[1]
        #expect(judged.verdict == .pass)
        #expect(judged.value == -1, "the largest difference over the bodies")
        #expect(judged.reason == "body by body: no body re-ran more under derived than under stored (phase-only −1 (derived 1, stored 2)); required ≤ 0 more re-runs for each body (1 counted)")
    }

    /// Counts of one scenario: each body's re-runs under derived and stored.
    private func counts(_ bodies: [(String, Int, Int)]) -> [CountRecord] {
        bodies.flatMap { body, derived, stored in
            [CountRecord(scenario: Synthetic.spreadsScenario, strategy: .derived, body: body, reruns: derived),
             CountRecord(scenario: Synthetic.spreadsScenario, strategy: .stored, body: body, reruns: stored)]
        }
    }

    @Test func onePlusAndOneMinusAcrossBodiesIsAFailureNotAWash() {
        let judged = Judge(limits: [limits[1]], buildConfiguration: "release", quick: false)
            .judge(measurements: [], counts: counts([("phase", 1, 0), ("operation", 0, 1), ("row[0]", 1, 1)])).limits[0]
        #expect(judged.verdict == .fail, "the phase body re-ran once more under derived; the operation body's one less does not pay for it")
        #expect(judged.value == 1)
        #expect(judged.reason == "body by body, re-ran more under derived: phase +1 (derived 1, stored 0); other bodies: operation −1 (derived 0, stored 1); required ≤ 0 more re-runs for each body (3 counted)")
        #expect(judged.bodyDifferences == [
            BodyDifference(body: "phase", derived: 1, stored: 0), BodyDifference(body: "operation", derived: 0, stored: 1),
        ])
    }

    @Test func everyBodyThatReRanMoreIsNamed() {
        let judged = Judge(limits: [limits[1]], buildConfiguration: "release", quick: false)
            .judge(measurements: [], counts: counts([("phase", 2, 0), ("operation", 1, 1), ("row[3]", 1, 0)])).limits[0]
        #expect(judged.verdict == .fail)
        #expect(judged.value == 2)
        #expect(judged.reason.hasPrefix("body by body, re-ran more under derived: phase +2 (derived 2, stored 0), row[3] +1 (derived 1, stored 0);"))
    }

    @Test func aBodyCountedUnderOneStrategyOnlyReRanNoTimesUnderTheOther() {
        let judged = Judge(limits: [limits[1]], buildConfiguration: "release", quick: false).judge(measurements: [], counts: [
            CountRecord(scenario: Synthetic.spreadsScenario, strategy: .derived, body: "phase", reruns: 1),
            CountRecord(scenario: Synthetic.spreadsScenario, strategy: .stored, body: "operation", reruns: 0),
        ]).limits[0]
        #expect(judged.verdict == .fail)
        #expect(judged.bodyDifferences == [BodyDifference(body: "phase", derived: 1, stored: 0)])
    }

    @Test func versionOnesSumOfAllBodiesIsStillJudgedAsItWas() {
        // Results files judged against limits.json version 1 must re-judge to what they recorded.
        var summed = limits[1]
        summed.statistic = .derivedMinusStored
        summed.comparison = .equalTo
        let judged = Judge(limits: [summed], buildConfiguration: "release", quick: false)
            .judge(measurements: [], counts: counts([("phase", 1, 0), ("operation", 0, 1)])).limits[0]
        #expect(judged.verdict == .pass, "version 1 let +1 and -1 cancel: the arithmetic version 2 corrects")
        #expect(judged.reason == "body re-runs: derived 1, stored 1, extra 0; which is = 0")
        #expect(judged.value == 0)
    }

    @Test func aSlowReadWhollyAboveTheThresholdFails() {
        let judgement = judge(median: 61_200, lower: 60_100, upper: 62_000)
        #expect(judgement.limits[0].verdict == .fail)
        #expect(judgement.limits[0].reason == "median 61.2 µs [60.1, 62.0] (95% CI): no part of the interval is < 50.0 µs")
        #expect(judgement.decision.text == "fallback: the fetch as a value ships alone, the phase stays stored (failed: phase-read)")
        #expect(judgement.exitStatus == .failure)
    }

    @Test(arguments: [(49_800.0, 48_900.0, 50_600.0), (49_000, 48_000, 50_000), (50_000, 49_999, 50_100)])
    func anIntervalAcrossTheThresholdIsInconclusive(median: Double, lower: Double, upper: Double) {
        let judgement = judge(median: median, lower: lower, upper: upper)
        #expect(judgement.limits[0].verdict == .undecided, "[\(lower), \(upper)] against < 50 µs")
        #expect(judgement.decision.text == "fallback: the fetch as a value ships alone, the phase stays stored (undecided: phase-read)")
        #expect(judgement.exitStatus == .failure)
    }

    @Test func anIntervalEndingJustBelowTheThresholdPassesAndOneStartingOnItFails() {
        #expect(judge(median: 49_000, lower: 48_000, upper: 49_999.9).limits[0].verdict == .pass)
        #expect(judge(median: 50_000, lower: 50_000, upper: 50_100).limits[0].verdict == .fail, "50 µs is not under 50 µs")
    }

    @Test func aDebugBuildDoesNotJudgeTimings() {
        let judgement = judge(median: 12_300, lower: 12_100, upper: 12_600, build: "debug")
        #expect(judgement.limits[0].verdict == .notJudged && judgement.limits[0].gates)
        #expect(judgement.limits[0].reason.hasPrefix("a debug build does not judge timing limits: build with -c release"))
        #expect(judgement.limits[1].verdict == .pass, "counts are judged in any build")
        #expect(judgement.decision == Decision(outcome: .undecided, text: "no decision: the derived phase cannot ship on this run (not judged: phase-read)"))
        #expect(judgement.exitStatus == .failure)
    }

    @Test func aDebugBuildStillFallsBackOnAFailedCount() {
        let judgement = judge(median: 12_300, lower: 12_100, upper: 12_600, derived: 4, stored: 2, build: "debug")
        #expect(judgement.decision.text == "fallback: the fetch as a value ships alone, the phase stays stored (failed: extra-bodies; not judged: phase-read)")
    }

    @Test func quickTimingsAreIndicativeAndDoNotGate() {
        let judgement = judge(median: 61_200, lower: 60_100, upper: 62_000, quick: true)
        #expect(judgement.limits[0].verdict == .indicative && !judgement.limits[0].gates)
        #expect(judgement.limits[0].reason == "--quick: timings do not gate; would be fail: median 61.2 µs [60.1, 62.0] (95% CI): no part of the interval is < 50.0 µs")
        #expect(judgement.decision.text == "no decision: the derived phase cannot ship on this run (indicative: phase-read)")
        #expect(judgement.exitStatus == .success, "the count limit passed, and only counts gate a --quick run")
    }

    @Test func quickRunsStillGateOnCounts() {
        let judgement = judge(median: 12_300, lower: 12_100, upper: 12_600, derived: 3, stored: 2, quick: true)
        #expect(judgement.limits[1].verdict == .fail && judgement.limits[1].gates)
        #expect(judgement.decision.outcome == .fallback)
        #expect(judgement.exitStatus == .failure)
    }

    @Test func figuresTheRunDidNotMakeAreNotJudged() {
        let judgement = Judge(limits: limits, buildConfiguration: "release", quick: false).judge(
            measurements: [Synthetic.measurement(Synthetic.phaseRead, .stored, samples: [1], lower: 1, upper: 1)],
            counts: [CountRecord(scenario: Synthetic.spreadsScenario, strategy: .derived, body: "phase-only", reruns: 1)])
        #expect(judgement.limits.map(\.verdict) == [.notJudged, .notJudged])
        #expect(judgement.limits[0].reason == "this run has no measurement 'phase.read.tracked(largest-strict)' (derived)")
        #expect(judgement.limits[1].reason == "this run has no counts of 'verdict-read-value-changes(spreads-only)' for the stored shape")
        #expect(judgement.limits.allSatisfy { $0.value == nil })
        #expect(judgement.decision.text == "no decision: the derived phase cannot ship on this run (not judged: phase-read, extra-bodies)")
        #expect(judgement.exitStatus == .failure)
    }

    @Test func noLimitsIsNoDecision() {
        let judgement = Judge(limits: [], buildConfiguration: "release", quick: false).judge(measurements: [], counts: [])
        #expect(judgement.decision.outcome == .undecided && judgement.exitStatus == .failure)
    }

    @Test(arguments: [
        (Comparison.lessThan, 10.0, 20.0, 20.0, LimitOutcome.undecided), (.lessThan, 20, 30, 20, .fail), (.lessThanOrEqualTo, 10, 20, 20, .pass),
        (.equalTo, 20, 20, 20, .pass), (.equalTo, 19, 21, 20, .undecided), (.equalTo, 21, 22, 20, .fail),
        (.greaterThan, 21, 22, 20, .pass), (.greaterThan, 19, 21, 20, .undecided), (.greaterThanOrEqualTo, 10, 19, 20, .fail),
    ])
    func everyComparisonAgainstAnInterval(comparison: Comparison, lower: Double, upper: Double, threshold: Double, verdict: LimitOutcome) {
        var limit = limits[0]
        limit.comparison = comparison
        limit.threshold = threshold
        let measurement = Synthetic.measurement(Synthetic.phaseRead, .derived, samples: [lower, upper], lower: lower, upper: upper)
        let judged = Judge(limits: [limit], buildConfiguration: "release", quick: false).judge(measurements: [measurement], counts: [])
        #expect(judged.limits[0].verdict == verdict)
    }

    /// An estimate a rounding error off the threshold would need more forks than an Int holds: the
    /// reason says so rather than trap (the decision's calibration, drawing noise from the committed
    /// files, met one).
    @Test func anEstimateAHairOffTheThresholdNamesNoImpossibleForkCount() {
        let interval = ConfidenceInterval(lower: 1.0, upper: 1.1, level: 0.95, method: "test")
        let hair = Judge.forksToDecide(estimate: 1.05.nextUp, interval: interval, threshold: 1.05, forks: 8)
        #expect(hair.contains("all but on the threshold"))
        let wide = ConfidenceInterval(lower: 0.5, upper: 1.5, level: 0.95, method: "test")
        let near = Judge.forksToDecide(estimate: 1.0, interval: wide, threshold: 1.25, forks: 8)
        #expect(near == "; at this spread about 32 forks would decide it")
    }
}
