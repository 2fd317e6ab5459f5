import Foundation
import Harness
import Testing

@testable import BenchTool

/// Version 5 of the limits: the error budget is the decision's, every fork has one vote, and a shape
/// whose limit is still undecided when the looks are spent is set aside.
struct LimitsVersion5Tests {
    private static let path = Synthetic.repositoryFile("Tests/BenchToolTests/Fixtures/limits-v5.json")
    private static var file: LimitsFile { try! LimitsFile.load(path: path) }

    /// `lookFigures` judged against the version 5 example.
    private static func judge(_ figures: (measurements: [MeasurementRecord], counts: [CountRecord])) -> Judgement {
        Judge(limits: file.limits, buildConfiguration: "release", quick: false, shapes: file.shapes, looks: file.looks)
            .judge(measurements: figures.measurements, counts: figures.counts)
    }

    // MARK: - The file

    @Test func theBudgetIsSharedByTheThreeShapesAndSpentOverTheLooks() throws {
        let looks = try #require(Self.file.looks)
        #expect(looks == LookSchedule(forks: [8, 16, 32], wrongShip: 0.025, spending: [0.48, 0.26, 0.26]))
        #expect(looks.budgetsTheDecision && looks.level == nil)
        let shapes = LookSchedule.shapesSharingTheBudget(limits: Self.file.limits, shapes: Self.file.shapes)
        #expect(shapes == 3, "derived, root and incremental each have a timing limit")
        #expect(abs(looks.level(forks: 8, shapes: shapes) - 0.992) < 1e-12, "0.4 % at each end: 1 - 2 x 0.025 / 3 x 0.48")
        #expect(abs(looks.level(forks: 16, shapes: shapes) - (1 - 2 * 0.025 / 3 * 0.26)) < 1e-12)
        #expect(abs(looks.level(forks: 32, shapes: shapes) - (1 - 2 * 0.025 / 3 * 0.26)) < 1e-12)
        #expect(abs(looks.level(forks: 12, shapes: shapes) - (1 - 2 * 0.025 / 3)) < 1e-12, "a count off the schedule looks once, at the whole share")
        let spent = [8, 16, 32].map { (1 - looks.level(forks: $0, shapes: shapes)) / 2 }.reduce(0, +)
        #expect(spent * Double(shapes) <= 0.025 + 1e-12, "every shape and look together: \(spent * Double(shapes))")
        #expect(looks.isLast(forks: 32) && looks.isLast(forks: 12) && !looks.isLast(forks: 8))
        #expect(
            looks.description(shapes: shapes)
                == "looks at 8, 16, 32 forks; a wrong ship at most 2.50% over 3 shapes and every look, 0.833% a shape spent "
                + "0.400%, 0.217%, 0.217% over the looks (intervals at 99.2%, 99.6%, 99.6%)")
    }

    @Test func theFirstLookCanDecideOnEightForks() throws {
        let level = try #require(Self.file.looks).level(forks: 8, shapes: 3)
        #expect(PairedRatio.fewestProcesses(level: level) == 8, "a paired ratio of 8 forks reaches 99.2 %")
        #expect(ForkMedians.fewest(level: level) == 8, "so does a median over 8 forks' medians")
    }

    @Test func theSourcesCiteTheRecordsAndTheCommittedFileKeepsItsLooks() throws {
        for limit in Self.file.limits {
            #expect(!limit.source.lowercased().contains("issue"), "\(limit.id) cites the tracker: \(limit.source)")
        }
        let committed = try LimitsFile.load(path: Synthetic.repositoryFile("limits.json"))
        #expect(committed.version >= 5 && committed.looks == Self.file.looks, "version 6 keeps version 5's looks")
    }

    @Test(arguments: [
        (#""spending": [0.5, 0.5]"#, "'looks': 'spending' has 2 shares for 3 looks; give one for each count of 'forks'"),
        (#""spending": [0.5, 0.3, 0.3]"#, "'looks': 'spending' adds up to 1.1, more than the whole budget (1)"),
        (#""spending": [0.5, 0, 0.3]"#, "'looks': 'spending' must list shares above 0, not 0"),
        (#""spending": [0.5, "x", 0.3]"#, "'looks': 'spending' must list numbers, not a string"),
    ])
    func aSpendingThatDoesNotFitTheLooksIsRefused(spending: String, expected: String) {
        let text = Self.version5.replacingOccurrences(of: #""spending": [0.48, 0.26, 0.26]"#, with: spending)
        #expect(Synthetic.limitsRefusal(text)?.hasSuffix(expected) == true, "\(Synthetic.limitsRefusal(text) ?? "accepted")")
    }

    @Test func aBudgetOutOfRangeOrVersionFoursLevelIsRefused() {
        let zero = Self.version5.replacingOccurrences(of: #""wrongShip": 0.025"#, with: #""wrongShip": 0"#)
        #expect(Synthetic.limitsRefusal(zero)?.hasSuffix("'looks': 'wrongShip' must lie between 0 and 0.5, not 0") == true)
        let level = Self.version5.replacingOccurrences(of: #""wrongShip": 0.025"#, with: #""level": 0.95"#)
        #expect(Synthetic.limitsRefusal(level)?.contains("'level'") == true, "\(Synthetic.limitsRefusal(level) ?? "accepted")")
    }

    @Test(arguments: ["ratioOfMedians", "medianAtMostStoredUpperBound"])
    func aStatisticOverPooledSamplesIsRefused(statistic: String) throws {
        let text = Self.version5.replacingOccurrences(of: #""statistic": "pairedRatioOfMedians""#, with: "\"statistic\": \"\(statistic)\"")
        try #require(text != Self.version5)
        let refusal = Synthetic.limitsRefusal(text)
        #expect(
            refusal?.contains("statistic '\(statistic)' was retired in version 5, which gives each fork one vote") == true,
            "\(refusal ?? "accepted")")
    }

    @Test func theCurrentRulesDoNotJudgeARetiredStatisticMadeByHand() throws {
        var limit = try #require(Self.file.limits.first { $0.statistic == .pairedRatioOfMedians })
        limit.statistic = .ratioOfMedians
        let judge = Judge(limits: [limit], buildConfiguration: "release", quick: false, shapes: Self.file.shapes, looks: Self.file.looks)
        let judgement = judge.judge(measurements: Self.figures(forks: 8).measurements, counts: []).limits[0]
        #expect(judgement.verdict == .notJudged)
        #expect(judgement.reason == "statistic 'ratioOfMedians' is of limits versions 3 and 4; version 5 judges forks' medians")
    }

    private static let version5: String = {
        // The fixture written compactly where the tests replace parts of it.
        let text = String(decoding: try! Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        return text.replacingOccurrences(of: "\"spending\": [\n      0.48,\n      0.26,\n      0.26\n    ]", with: #""spending": [0.48, 0.26, 0.26]"#)
    }()

    // MARK: - One fork, one vote

    @Test func aMedianLimitWeighsEveryForkAlike() throws {
        // Seven quiet forks at 40 µs and one noisy one of 40 samples at 60-80 µs: pooled, the noisy fork
        // holds 40 of 61 samples and its median is the pool's; each fork one vote, the median is 40 µs.
        var forks = Array(repeating: [39_000.0, 40_000, 41_000], count: 7)
        forks.insert((0..<40).map { 60_000 + 500 * Double($0) }, at: 2)
        var figures = Synthetic.lookFigures(read: [.derived: 3_000_000])
        figures.measurements.removeAll { $0.name == Synthetic.phaseRead && $0.strategy == .root }
        figures.measurements.append(Synthetic.forked(Synthetic.phaseRead, .root, forks))
        let pooled = Statistics.median(try #require(figures.measurements.last).samples)
        #expect(pooled > 50_000, "the pooled median follows the noisy fork: \(pooled)")
        let judgement = try #require(Self.judge(figures).limits.first { $0.limit.id == "root-phase-read" })
        #expect(judgement.value == 40_000, "the median of the forks' medians")
        #expect(judgement.interval?.lower == 40_000 && judgement.interval?.upper == 69_750, "8 forks: from the least fork median to the most")
        #expect(judgement.verdict == .undecided && judgement.reason.contains("(99.2% CI, over 8 forks' medians)"), "\(judgement.reason)")
    }

    // MARK: - Set aside at the last look

    /// Root's landing commit 1.05x stored's, its forks straying by ±3 % so that no look decides it;
    /// incremental at 0.6x, far within the margin.
    private static func figures(forks: Int) -> (measurements: [MeasurementRecord], counts: [CountRecord]) {
        let wobble = (0..<forks).map { [0.97, 1.03][$0 % 2] }
        var figures = Synthetic.lookFigures(read: [.derived: 3_000_000], cost: [.root: 1.05, .incremental: 0.6], wobble: wobble, forkCount: forks)
        // Root's clearing commit passes: only its landing waits.
        figures.measurements.removeAll { $0.name == Synthetic.clearCommit && $0.strategy == .root }
        figures.measurements.append(
            Synthetic.forked(Synthetic.clearCommit, .root, Synthetic.forks((0..<forks).map { 10_000 * [1.0, 1.1, 1.4, 0.9, 1.2, 1.3][$0 % 6] })))
        return figures
    }

    @Test func anUndecidedLimitBeforeTheLastLookWaitsForMoreForks() {
        for forks in [8, 16] {
            let judgement = Self.judge(Self.figures(forks: forks))
            #expect(judgement.decision.outcome == .undecided, "\(forks) forks: \(judgement.decision.text)")
            #expect(judgement.undecidedLimitsTheDecisionWaitsOn.map(\.limit.id) == ["root-cost-land"], "\(forks) forks")
        }
    }

    @Test func aShapeUndecidedAtTheLastLookIsSetAsideAndTheNextShapeShips() throws {
        let judgement = Self.judge(Self.figures(forks: 32))
        let land = try #require(judgement.limits.first { $0.limit.id == "root-cost-land" })
        #expect(land.verdict == .undecided)
        #expect(judgement.decision.outcome == .ships && judgement.decision.shape == .incremental, "\(judgement.decision.text)")
        #expect(judgement.decision.text.hasPrefix("incremental ships: "))
        #expect(judgement.decision.text.contains("derived failed: phase-read; root set aside: root-cost-land undecided after 32 forks, 1.05× ["))
        #expect(judgement.exitStatus == .success)
    }

    @Test func aRunOffTheScheduleLooksOnceAndSetsAsideToo() {
        let judgement = Self.judge(Self.figures(forks: 12))
        #expect(judgement.decision.shape == .incremental, "\(judgement.decision.text)")
        #expect(judgement.decision.text.contains("root set aside: root-cost-land undecided after 12 forks"))
    }

    @Test func withEveryOtherShapeOutASetAsideLeavesNoDecisionNotTheFallback() {
        let wobble = (0..<32).map { [0.97, 1.03][$0 % 2] }
        let figures = Synthetic.lookFigures(read: [.derived: 3_000_000], cost: [.root: 1.05, .incremental: 1.4], wobble: wobble, forkCount: 32)
        let judgement = Self.judge(figures)
        #expect(judgement.decision.outcome == .undecided, "\(judgement.decision.text)")
        #expect(judgement.decision.text.contains("root set aside: ") && judgement.decision.text.contains("incremental failed: "))
        #expect(judgement.exitStatus == .failure)
    }
}
