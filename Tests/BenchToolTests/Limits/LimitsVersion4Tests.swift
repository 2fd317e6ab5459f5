import Foundation
import Harness
import Testing

@testable import BenchTool

/// Limits version 4: the cost is today's as a declared margin judged on paired forks, three outcomes,
/// headroom, and the decision that waits on an undecided limit.
struct LimitsVersion4Tests {
    private func judgement(_ judgement: Judgement, _ id: String) -> LimitJudgement {
        judgement.limits.first { $0.limit.id == id }!
    }

    // MARK: - The cost is today's

    @Test func aShapeAtStoredsCostPassesEvenWhenTheForksDifferByAFifth() {
        // The forks' speeds differ by up to 30 %, each shared by both sides of its fork: paired, the
        // ratio is 1.00 in every fork, and the whole interval is within the margin.
        let judged = Synthetic.judgeLooks(Synthetic.lookFigures())
        let land = judgement(judged, "root-cost-land")
        #expect(land.verdict == .pass, "\(land.reason)")
        #expect(land.reason.hasPrefix("root median 11.0 µs over stored's 11.0 µs: ratio 1.00× [1.00, 1.00] (98.3% CI, 8 forks paired)"))
        #expect(land.interval?.level == 1 - 0.05 / 3)
        #expect(land.headroom.map { abs($0.fraction! - 0.05 / 1.05) < 1e-9 } == true, "\(String(describing: land.headroom))")
        #expect(judged.decision.outcome == .ships && judged.decision.shape == .derived)
    }

    @Test func aShapeClearlyDearerThanStoredFailsAndTheNextShapeIsJudged() {
        let wobble = [1.00, 1.02, 0.98, 1.01, 0.99, 1.00, 1.02, 0.98]
        let judged = Synthetic.judgeLooks(Synthetic.lookFigures(read: [.derived: 60_000], cost: [.root: 1.13], wobble: wobble))
        #expect(judgement(judged, "root-cost-land").verdict == .fail)
        #expect(judgement(judged, "root-cost-land").reason.hasSuffix("no part of the interval is ≤ 1.05×"))
        #expect((judgement(judged, "root-cost-land").headroom?.fraction ?? 0) < 0)
        #expect(judged.decision.shape == .incremental)
        #expect(judged.undecidedLimitsTheDecisionWaitsOn.isEmpty)
    }

    @Test func anIntervalAcrossTheMarginIsUndecidedAndTheDecisionWaitsOnIt() {
        // Forks of root at 1.00-1.10 over stored: the interval holds 1.05.
        let wobble = [0.96, 1.04, 0.99, 1.05, 0.97, 1.03, 1.00, 1.02]
        let judged = Synthetic.judgeLooks(Synthetic.lookFigures(read: [.derived: 60_000], cost: [.root: 1.03], wobble: wobble))
        let land = judgement(judged, "root-cost-land")
        #expect(land.verdict == .undecided, "\(land.reason)")
        #expect(land.reason.contains("straddles the threshold") && land.reason.contains("forks would decide it"))
        #expect(judged.decision.outcome == .undecided, "an undecided limit is no fail: incremental does not ship over it")
        #expect(judged.decision.text
            == "no decision: this run cannot say which shape ships (derived failed: phase-read; root undecided: root-cost-land, root-cost-clear)")
        #expect(judged.undecidedLimitsTheDecisionWaitsOn.map(\.limit.id) == ["root-cost-land", "root-cost-clear"])
        #expect(judged.exitStatus == .failure)
    }

    @Test func aRunInOneProcessCannotSayAndWaitsOnNothingMoreForksOfItCouldDecide() {
        let judged = Synthetic.judgeLooks(Synthetic.lookFigures(read: [.derived: 60_000], forkCount: 1))
        let land = judgement(judged, "root-cost-land")
        #expect(land.verdict == .undecided && land.interval == nil && land.headroom == nil)
        #expect(land.reason.hasSuffix("in one process, which cannot say how much the next process would differ: a paired ratio needs forks (run with --forks)"))
        let quick = Synthetic.judgeLooks(Synthetic.lookFigures(forkCount: 1), quick: true)
        #expect(judgement(quick, "root-cost-land").verdict == .indicative)
        let debug = Synthetic.judgeLooks(Synthetic.lookFigures(), build: "debug")
        #expect(judgement(debug, "root-cost-land").verdict == .notJudged && judgement(debug, "root-cost-land").headroom == nil)
        #expect(debug.undecidedLimitsTheDecisionWaitsOn.isEmpty, "more forks do not judge a debug build")
    }

    @Test func incrementalsOwnGateIsJudgedPairedToo() {
        let judged = Synthetic.judgeLooks(Synthetic.lookFigures())
        let own = judgement(judged, "incremental-commit")
        #expect(own.verdict == .pass && own.value.map { abs($0 - 1.1) < 1e-9 } == true, "\(own.reason)")
        #expect(own.reason.contains("(98.3% CI, 8 forks paired)"))
    }

    @Test func withInstructionsTheCostLimitSaysItsRatioInInstructionsToo() {
        var figures = Synthetic.lookFigures()
        for index in figures.measurements.indices where figures.measurements[index].name == Synthetic.landCommit {
            let counts: [FigureStrategy: (Double, [Double])] = [.stored: (1_000_000, [1_000_000, 1_010_000]), .root: (1_100_000, [1_120_000, 1_101_000])]
            guard let (fixed, others) = counts[figures.measurements[index].strategy] else { continue }
            figures.measurements[index].instructionsPerOperation = fixed
            figures.measurements[index].instructionsUnderOtherHashSeeds = others
        }
        let land = judgement(Synthetic.judgeLooks(figures), "root-cost-land")
        #expect(land.verdict == .pass, "wall time judges: paired, its ratio is 1.00")
        #expect(land.instructionRatio == InstructionRatio(fixedSeed: 1.1, worst: 1.12, otherSeeds: 2))
        #expect(land.reason.hasSuffix("; instructions 1.10× at the fixed seed, at most 1.12× under 2 other seeds: beyond the margin"))
        #expect(judgement(Synthetic.judgeLooks(Synthetic.lookFigures()), "root-cost-land").instructionRatio == nil)
    }

    // MARK: - The decision line

    @Test func theShippingLineNamesItsClosestLimitAndItsHeadroom() throws {
        let judged = Synthetic.judgeLooks(Synthetic.lookFigures(read: [.derived: 60_000], cost: [.root: 1.02]))
        #expect(judged.decision.shape == .root)
        let own = judged.limits.filter { $0.limit.shape == .root }
        let closest = try #require(own.min { ($0.headroom?.fraction ?? .infinity) < ($1.headroom?.fraction ?? .infinity) })
        #expect(closest.limit.id == "root-cost-land", "at 1.02× the margin of 1.05 is nearer than the read's 50 µs")
        #expect(judged.decision.text
            == "root ships: the verdict is kept on the root, the phase derived from it (derived failed: phase-read); "
            + "closest limit: root-cost-land, headroom \(closest.headroom!.text(unit: .ratio))")
        #expect(abs(closest.headroom!.fraction! - (1.05 - 1.02) / 1.05) < 1e-9, "paired, every fork's ratio is 1.02")
    }

    @Test func versionThreeDecisionsReadAsTheyWereRecorded() {
        // Before version 4 an undecided limit put its shape out, and the line named no closest limit.
        let judged = Synthetic.judgeShapes(Synthetic.shapeFigures(read: [.derived: 60_000]))
        #expect(judged.decision.text == "root ships: the verdict is kept on the root, the phase derived from it (derived failed: phase-read)")
        #expect(judged.undecidedLimitsTheDecisionWaitsOn.isEmpty)
    }

    // MARK: - Headroom

    @Test(arguments: [
        (Comparison.lessThan, 50_000.0, 10_000.0, 12_000.0, 0.76),
        (.lessThanOrEqualTo, 1.05, 1.00, 1.10, -0.05 / 1.05),
        (.greaterThanOrEqualTo, 2.0, 2.5, 3.0, 0.25),
    ])
    func headroomIsFromTheFarEndOfTheIntervalAsAFractionOfTheThreshold(
        comparison: Comparison, threshold: Double, lower: Double, upper: Double, expected: Double
    ) {
        let interval = ConfidenceInterval(lower: lower, upper: upper, level: 0.95, method: "m")
        let headroom = Headroom(value: (lower + upper) / 2, interval: interval, threshold: threshold, comparison: comparison)
        #expect(abs(headroom.fraction! - expected) < 1e-12)
    }

    @Test func aCountAgainstZeroSaysItsHeadroomInReRuns() {
        let none = Headroom(value: 0, interval: nil, threshold: 0, comparison: .lessThanOrEqualTo)
        #expect(none.fraction == nil && none.text(unit: .count) == "0 re-runs")
        #expect(Headroom(value: 2, interval: nil, threshold: 0, comparison: .lessThanOrEqualTo).text(unit: .count) == "−2 re-runs")
        #expect(Headroom(amount: 0.029, fraction: 0.029).text(unit: .ratio) == "+2.90 %")
    }

    // MARK: - The file

    @Test func theLooksAreDeclaredAndTheirLevelSharesTheErrorOut() throws {
        let looks = try #require(Synthetic.limitsV4.looks)
        #expect(looks.forks == [8, 16, 32] && looks.level == 0.95)
        #expect(abs(looks.lookLevel - (1 - 0.05 / 3)) < 1e-15)
        #expect(looks.forks(after: 8) == 16 && looks.forks(after: 16) == 32)
        #expect(looks.forks(after: 32) == nil && looks.forks(after: 3) == nil, "the last look, and a run off the schedule, look once")
        #expect(looks.description(shapes: 3) == "looks at 8, 16, 32 forks, each judged at 98.3% so that all together hold 95%")
    }

    private static let version4 = String(decoding: try! Data(contentsOf: URL(fileURLWithPath: Synthetic.limitsV4Path)), as: UTF8.self)

    @Test(arguments: [
        ("\"looks\": {\n    \"forks\": [\n      8,\n      16,\n      32\n    ],\n    \"level\": 0.95\n  },", "",
         "limits.json: the file: missing 'looks'"),
        ("\"level\": 0.95", "\"level\": 1.5", "limits.json: 'looks': 'level' must lie between 0 and 1, not 1.5"),
        ("      16,\n", "      6,\n", "limits.json: 'looks': 'forks' must rise, and 6 does not"),
        ("      8,\n", "      1,\n", "limits.json: 'looks': 'forks' must list whole numbers from 2 to 64"),
        ("\"level\": 0.95", "\"level\": 0.95, \"when\": 1", "limits.json: 'looks': unknown key 'when'"),
    ])
    func aMalformedScheduleIsRefusedInOneLine(replacing: String, with replacement: String, expected: String) {
        #expect(Self.version4.contains(replacing), "the fixture holds what the test replaces")
        #expect(Synthetic.limitsRefusal(Self.version4.replacingOccurrences(of: replacing, with: replacement)) == expected)
    }

    @Test func pairedStatisticsNeedVersionFour() throws {
        let v3 = try String(contentsOfFile: Synthetic.limitsV3Path, encoding: .utf8)
        let paired = v3.replacingOccurrences(of: "\"ratioOfMedians\"", with: "\"pairedRatioOfMedians\"")
        #expect(paired != v3)
        #expect(Synthetic.limitsRefusal(paired)?.hasSuffix("statistic 'pairedRatioOfMedians' needs version 4 (this file is version 3)") == true)
    }

    @Test func undecidedIsWrittenAsItsWord() {
        #expect(Synthetic.decode(LimitOutcome.self, "\"undecided\"") == .undecided)
        #expect(String(decoding: try! JSONEncoder().encode(LimitOutcome.undecided), as: UTF8.self) == "\"undecided\"")
    }
}
