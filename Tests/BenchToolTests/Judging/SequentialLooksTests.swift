import Foundation
import Harness
import SeededRandom
import Testing

@testable import BenchTool

/// Looking more than once must not buy a pass: the cost-is-today's limit judged at every look of the
/// declared schedule (8, then 16, then 32 forks, stopping at the first pass or fail), over synthetic
/// forks whose true excess over stored is known.
///
/// Each synthetic run draws 32 forks. A fork's process speed (8 % from one to the next, as forks
/// differ here) is shared by both sides, as in a real fork; on top of it the shape's own side strays
/// by `spread` from fork to fork (what pairing cannot remove: 1-1.5 % in the figures of record, a few
/// percent on a noisy day), and each of a fork's six samples by 2 %. Where forks are `hiccuping`, one
/// fork in ten has one side, either, 20-30 % slow throughout (a run here had four of 32 so). The
/// judging is the bench's own: `Judge` on merged records, at the schedule's level.
struct SequentialLooksTests {
    private static let schedule = LookSchedule(forks: [8, 16, 32], level: 0.95)
    private static let runs = 600

    private static let costLimit = Limit(
        id: "root-cost-land", description: "d", metric: Synthetic.landCommit, statistic: .pairedRatioToStored, strategy: .root,
        comparison: .lessThanOrEqualTo, threshold: 1.05, unit: .ratio, source: "s")

    /// One synthetic run's 32 forks of each side, as samples.
    private static func forks(
        excess: Double, spread: Double, hiccuping: Bool, generator: inout SplitMix64
    ) -> (shape: [[Double]], stored: [[Double]]) {
        var shape: [[Double]] = []
        var stored: [[Double]] = []
        for _ in 0..<32 {
            let process = 0.08 * Synthetic.normal(&generator)
            var own = spread * Synthetic.normal(&generator)
            if hiccuping, generator.chance(0.1) {
                let hiccup = log(1.2 + 0.1 * generator.nextUnit())
                own += generator.chance(0.5) ? hiccup : -hiccup
            }
            var storedSamples: [Double] = []
            var shapeSamples: [Double] = []
            for _ in 0..<6 { storedSamples.append(1_000_000 * exp(process + 0.02 * Synthetic.normal(&generator))) }
            for _ in 0..<6 { shapeSamples.append(1_000_000 * exp(process + own + log(excess) + 0.02 * Synthetic.normal(&generator))) }
            stored.append(storedSamples)
            shape.append(shapeSamples)
        }
        return (shape, stored)
    }

    /// The verdict a run ends with: each look in turn until one passes or fails.
    private static func verdict(
        _ forks: (shape: [[Double]], stored: [[Double]]), looks: LookSchedule, judgingAt judgingLooks: LookSchedule?
    ) -> LimitOutcome {
        let judge = Judge(limits: [costLimit], buildConfiguration: "release", quick: false, looks: judgingLooks)
        var verdict = LimitOutcome.undecided
        for count in looks.forks {
            let measurements = [
                Synthetic.forked(Synthetic.landCommit, .root, Array(forks.shape.prefix(count))),
                Synthetic.forked(Synthetic.landCommit, .stored, Array(forks.stored.prefix(count))),
            ]
            verdict = judge.judge(measurements: measurements, counts: []).limits[0].verdict
            if verdict != .undecided { break }
        }
        return verdict
    }

    /// The share of `runs` runs that end in a pass.
    private static func passRate(
        excess: Double, spread: Double, hiccuping: Bool = false, seed: UInt64, judgingAt looks: LookSchedule? = schedule
    ) -> Double {
        var generator = SplitMix64(seed: seed)
        var passes = 0
        for _ in 0..<runs {
            let drawn = forks(excess: excess, spread: spread, hiccuping: hiccuping, generator: &generator)
            if verdict(drawn, looks: schedule, judgingAt: looks) == .pass { passes += 1 }
        }
        return Double(passes) / Double(runs)
    }

    @Test(arguments: [0.005, 0.01, 0.02, 0.04, 0.08])
    func aTrueSixPercentExcessPassesInUnderOneRunInTwentyOverAllLooks(spread: Double) {
        let rate = Self.passRate(excess: 1.06, spread: spread, seed: 0x6006)
        #expect(rate < 0.05, "a 6 % excess passed in \(rate * 100) % of runs at a spread of \(spread * 100) %")
    }

    @Test(arguments: [0.005, 0.02, 0.08])
    func anExcessAtTheMarginItselfPassesInAboutOneRunInFortyAtMost(spread: Double) {
        // The worst a true excess can do: one-sided 2.5 %, and 600 runs see it within about 1.3 %.
        let rate = Self.passRate(excess: 1.05, spread: spread, seed: 0x6006)
        #expect(rate < 0.04, "an excess at the margin passed in \(rate * 100) % of runs at a spread of \(spread * 100) %")
    }

    @Test(arguments: [0.005, 0.01, 0.015, 0.03])
    func anEqualCostPassesInOverNineteenRunsInTwenty(spread: Double) {
        let rate = Self.passRate(excess: 1.00, spread: spread, seed: 0x0000)
        #expect(rate > 0.95, "an equal cost passed in \(rate * 100) % of runs at a spread of \(spread * 100) %")
    }

    @Test(arguments: [0.005, 0.015, 0.03])
    func forksThatHiccupNeitherBuyAPassNorCostOne(spread: Double) {
        let excess = Self.passRate(excess: 1.06, spread: spread, hiccuping: true, seed: 0x41CC)
        #expect(excess < 0.05, "a 6 % excess passed in \(excess * 100) % of runs at a spread of \(spread * 100) %, forks hiccuping")
        let equal = Self.passRate(excess: 1.00, spread: spread, hiccuping: true, seed: 0x41CD)
        #expect(equal > 0.95, "an equal cost passed in \(equal * 100) % of runs at a spread of \(spread * 100) %, forks hiccuping")
    }

    @Test func withoutTheSharedOutLevelTheSameLooksWouldPassAnExcessMoreOften() {
        // The same three looks judged each at 95 %, as version 3 judged one look: the schedule's level
        // is what keeps looking again from buying passes. At the spread that favours a wrong pass most.
        let naive = LookSchedule(forks: [8, 16, 32], level: 0.85)
        #expect(abs(naive.lookLevel - 0.95) < 1e-12)
        let shared = Self.passRate(excess: 1.05, spread: 0.04, seed: 0x5EED)
        let each = Self.passRate(excess: 1.05, spread: 0.04, seed: 0x5EED, judgingAt: naive)
        #expect(each > shared, "at 95 % a look, \(each * 100) % of runs passed; shared out, \(shared * 100) %")
    }
}
