import Foundation
import Harness
import Testing

@testable import BenchTool

/// The handle's share of a cost limit: each fork's (shape's commit less its commit with no handle) over
/// (stored's less stored's), reported beside the verdict and never judged.
struct HandleShareTests {
    private static let land = Synthetic.landCommit
    private static let landNoHandle = KeyMeasurements.landWithNoHandle
    private static let path = Synthetic.repositoryFile("Tests/BenchToolTests/Fixtures/limits-v5.json")
    private static var file: LimitsFile { try! LimitsFile.load(path: path) }

    /// Eight forks of the landing commit, with and without a handle, for stored and root: stored's
    /// handle costs `storedHandle` over a base of `base`, root's handle `rootShare` times stored's in
    /// fork i (`rootShare[i]`), every fork at its own speed.
    private static func figures(base: Double = 600, storedHandle: Double = 1_000, rootShare: [Double]) -> [MeasurementRecord] {
        let speeds: [Double] = [1.0, 1.1, 1.4, 0.9, 1.2, 1.3, 1.0, 1.05]
        func forks(_ median: (Int) -> Double) -> [[Double]] { Synthetic.forks(speeds.indices.map { median($0) * speeds[$0] }) }
        return [
            Synthetic.forked(land, .stored, forks { _ in base + storedHandle }),
            Synthetic.forked(landNoHandle, .stored, forks { _ in base }),
            Synthetic.forked(land, .root, forks { base + storedHandle * rootShare[$0] }),
            Synthetic.forked(landNoHandle, .root, forks { _ in base }),
        ]
    }

    private static let rootCostLand = Limit(
        id: "root-cost-land", description: "d", metric: land, statistic: .pairedRatioToStored, strategy: .root,
        comparison: .lessThanOrEqualTo, threshold: 1.05, unit: .ratio, source: "s")

    @Test func theShareIsTheMedianOfTheForksSharesWithTheOrderStatisticIntervalOverThem() throws {
        let shares = [1.00, 1.02, 0.98, 1.04, 1.01, 0.99, 1.03, 1.01]
        let records = Self.figures(rootShare: shares)
        let share = try #require(
            HandleShare(records[2], less: records[3], over: records[0], less: records[1], level: 0.992))
        #expect(share.forks == 8 && share.noHandle == Self.landNoHandle)
        #expect(abs(share.share - 1.01) < 1e-9, "the median of the eight shares: \(share.share)")
        let interval = try #require(share.interval)
        // 8 forks at 99.2 %: from the least share to the most.
        #expect(abs(interval.lower - 0.98) < 1e-9 && abs(interval.upper - 1.04) < 1e-9)
        #expect(abs(interval.level - 0.992) < 1e-12)
        #expect(!share.mayExceed(1.05) && share.mayExceed(1.03))
        #expect(share.text == "1.01× [0.980, 1.04]")
    }

    @Test func aBaseThatDwarfsTheHandleHidesWhatTheShareShows() throws {
        // Root's handle costs 1.3x stored's, on a base ten times the handle's cost.
        let records = Self.figures(base: 10_000, storedHandle: 1_000, rootShare: Array(repeating: 1.3, count: 8))
        let whole = try #require(PairedRatio(groups: records[2].sampleGroups, over: records[0].sampleGroups, level: 0.992))
        #expect(whole.ratio < 1.05, "the whole commit reads within the margin: \(whole.ratio)")
        let share = try #require(HandleShare(records[2], less: records[3], over: records[0], less: records[1], level: 0.992))
        #expect(abs(share.share - 1.3) < 1e-9 && share.mayExceed(1.05))
    }

    @Test func aForkWhoseStoredHandleCostsNothingGivesNoShare() {
        var records = Self.figures(rootShare: Array(repeating: 1, count: 8))
        // Stored's commit without a handle as dear as with one.
        records[1] = Synthetic.forked(Self.landNoHandle, .stored, records[0].sampleGroups)
        #expect(HandleShare(records[2], less: records[3], over: records[0], less: records[1], level: 0.992) == nil)
    }

    @Test func onlyACostLimitWhoseCommitWasAlsoMeasuredWithoutAHandleGetsOne() throws {
        let records = Self.figures(rootShare: Array(repeating: 1.02, count: 8))
        let judgement = Judge(
            limits: [Self.rootCostLand] + Self.file.limits.filter { $0.id == "phase-read" }, buildConfiguration: "release", quick: false,
            shapes: Self.file.shapes, looks: Self.file.looks
        ).judge(measurements: records, counts: [])
        let filled = HandleShare.fill(judgement.limits, measurements: records)
        #expect(filled[0].handleShare?.forks == 8)
        #expect(filled[0].handleShare?.interval?.level == filled[0].interval?.level, "at the limit's own level")
        #expect(filled[1].handleShare == nil, "a read has no handle to take out")
        let withoutBase = records.filter { $0.name != Self.landNoHandle || $0.strategy != .root }
        #expect(HandleShare.fill(judgement.limits, measurements: withoutBase)[0].handleShare == nil)
    }

    @Test func aPassingLimitWhoseShareMayExceedTheMarginIsSaidBesideTheDecision() throws {
        for (shares, said) in [(Array(repeating: 1.02, count: 8), false), ([1.02, 1.02, 1.02, 1.02, 1.02, 1.02, 1.02, 1.09], true)] {
            var results = Synthetic.results()
            let records = Self.figures(base: 20_000, rootShare: shares)
            results.measurements = records
            results.limits = HandleShare.fill(
                Judge(limits: [Self.rootCostLand], buildConfiguration: "release", quick: false, shapes: Self.file.shapes, looks: Self.file.looks)
                    .judge(measurements: records, counts: []).limits,
                measurements: records)
            #expect(results.limits[0].verdict == .pass, "the whole commit passes on a dear base")
            let text = Report.render(results, format: .text)
            let markdown = Report.render(results, format: .markdown)
            let html = Report.render(results, format: .html)
            let level = try #require(results.limits[0].interval?.level)
            let line = "root-cost-land passes on the whole commit, but the handle's share alone may exceed 1.05: 1.02× [1.02, 1.09] "
                + "(\(FigureText.compactPercent(level)))"
            #expect(text.contains("\nbut: \(line)") == said)
            #expect(markdown.contains("  \nBut: \(line)") == said)
            #expect(html.contains("data-handle-share-caveat") == said)
            #expect(text.contains(ReportTables.handleShareHeader) && text.contains(ReportTables.handleShareNote))
            #expect(html.contains(#"data-handle-share="1.02""#))
        }
    }

    @Test func theValidatorRefusesAShareTheFilesOwnMeasurementsDoNotGive() throws {
        var results = Synthetic.results()
        let records = Self.figures(rootShare: Array(repeating: 1.02, count: 8))
        results.measurements += records
        results.limits += HandleShare.fill(
            Judge(limits: [Self.rootCostLand], buildConfiguration: "release", quick: false, shapes: Self.file.shapes, looks: Self.file.looks)
                .judge(measurements: records, counts: []).limits,
            measurements: records)
        let problem = "limit 'root-cost-land': the handle's share recorded is not what the file's own measurements give"
        #expect(!ResultsValidator.problems(in: results).contains(problem))
        results.limits[results.limits.count - 1].handleShare?.share = 0.9
        #expect(ResultsValidator.problems(in: results).contains(problem))
        // It goes into the file and comes back as it was.
        let decoded = try JSONDecoder().decode(LimitJudgement.self, from: JSONEncoder().encode(results.limits[results.limits.count - 1]))
        #expect(decoded.handleShare?.share == 0.9)
    }

    /// The share is taken on the clock its limit judges: limits version 6's thread CPU clock, which load
    /// does not stretch. A share recorded with no clock (schema 10 and before) was the monotonic
    /// clock's, and still validates as that.
    @Test func theShareIsTakenOnTheClockItsLimitJudges() throws {
        // Root's handle costs what stored's does on the CPU clock; on the wall clock root's commits
        // with a handle waited half as long again.
        var records = Self.figures(rootShare: Array(repeating: 1.0, count: 8))
        for index in records.indices {
            records[index].threadCPUSamples = records[index].samples
            if records[index].strategy == .root && records[index].name == Self.land {
                records[index].samples = records[index].samples.map { $0 * 1.5 }
            }
        }
        var onCPU = Self.rootCostLand
        onCPU.clock = .threadCPU
        let judge = Judge(limits: [onCPU], buildConfiguration: "release", quick: false, shapes: Self.file.shapes, looks: Self.file.looks)
        let filled = HandleShare.fill(judge.judge(measurements: records, counts: []).limits, measurements: records)
        let share = try #require(filled[0].handleShare)
        #expect(share.clock == .threadCPU && abs(share.share - 1.0) < 1e-9, "\(share)")

        var results = Synthetic.results()
        results.measurements += records
        results.limits += filled
        let last = results.limits.count - 1
        let problem = "limit 'root-cost-land': the handle's share recorded is not what the file's own measurements give"
        #expect(!ResultsValidator.problems(in: results).contains(problem))
        let level = try #require(filled[0].interval?.level)
        let wall = try #require(HandleShare(records[2], less: records[3], over: records[0], less: records[1], level: level))
        #expect(wall.clock == nil && abs(wall.share - 1.8) < 1e-9, "(1.5 x 1600 - 600) / 1000 on the wall clock: \(wall)")
        results.limits[last].handleShare = wall
        #expect(!ResultsValidator.problems(in: results).contains(problem), "no clock: the monotonic one")
        results.limits[last].handleShare?.clock = .threadCPU
        #expect(ResultsValidator.problems(in: results).contains(problem), "the wall's share claimed on the CPU clock")

        // A record without the CPU clock: the share falls back to the monotonic clock, and says so.
        records[0].threadCPUSamples = nil
        let fallen = HandleShare.fill(judge.judge(measurements: records, counts: []).limits, measurements: records)
        #expect(fallen[0].handleShare?.clock == .wall)
        #expect(abs((fallen[0].handleShare?.share ?? 0) - 1.8) < 1e-9)
    }
}
