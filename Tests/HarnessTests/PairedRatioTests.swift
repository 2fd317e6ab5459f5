import Foundation
import Testing

@testable import Harness

/// The paired ratio: each process's ratio of medians, their Hodges-Lehmann estimate and Wilcoxon
/// signed-rank interval.
struct PairedRatioTests {
    static let lookLevel: Double = 1 - 0.05 / 3

    // (processes, level, the pairwise means left out at each end), from the exact null distribution
    // of W⁺ (Hollander and Wolfe's table A.4: n = 8 at 95 % leaves 3 out, n = 10 leaves 8 out).
    static let dropped: [(Int, Double, Int)] = [(8, 0.95, 3), (10, 0.95, 8), (8, lookLevel, 1), (7, lookLevel, 0), (16, 0.95, 29)]

    @Test(arguments: dropped)
    func theIntervalLeavesOutWhatTheExactDistributionSays(processes: Int, level: Double, dropped: Int) {
        #expect(PairedRatio.droppedFromEachEnd(processes, level: level) == dropped)
    }

    @Test func tooFewProcessesReachNoInterval() {
        #expect(PairedRatio.droppedFromEachEnd(6, level: Self.lookLevel) == nil, "2^-6 is more than 0.83 %")
        #expect(PairedRatio.fewestProcesses(level: Self.lookLevel) == 7)
        #expect(PairedRatio.fewestProcesses(level: 0.95) == 6)
        let one = [[100.0, 101, 99]]
        #expect(PairedRatio(groups: one, over: one, level: 0.95) == nil, "one process says nothing of the next")
    }

    @Test func theEstimateIsTheMedianOfThePairwiseMeansOfEachProcesssRatio() throws {
        // Processes of very different speeds, each measuring both sides at its own ratio.
        let speeds = [1.0, 1.5, 0.8, 1.2, 0.9, 1.1, 1.3, 1.0]
        let ratios = [1.10, 1.20, 1.00, 1.05, 1.15, 1.02, 1.08, 1.12]
        let numerator = zip(speeds, ratios).map { speed, ratio in [100 * speed * ratio, 101 * speed * ratio, 99 * speed * ratio] }
        let denominator = speeds.map { [100 * $0, 101 * $0, 99 * $0] }
        let paired = try #require(PairedRatio(groups: numerator, over: denominator, level: 0.95))
        let logs = ratios.map { log($0) }
        var means: [Double] = []
        for i in logs.indices { for j in i..<logs.count { means.append((logs[i] + logs[j]) / 2) } }
        means.sort()
        #expect(means.count == 36)
        #expect(abs(paired.ratio - exp((means[17] + means[18]) / 2)) < 1e-12)
        #expect(abs(paired.interval.lower - exp(means[3])) < 1e-12 && abs(paired.interval.upper - exp(means[32])) < 1e-12)
        #expect(paired.processRatios.map { ($0 * 1000).rounded() / 1000 } == ratios, "each process's speed is gone")
    }

    @Test func aForkThatStrayedMovesTheEstimateLittle() throws {
        let steady: [Double] = [1.02, 1.03, 1.01, 1.02, 1.03, 1.02, 1.01, 1.02, 1.03, 1.02, 1.02, 1.01, 1.03, 1.02, 1.02, 1.01]
        let strayed = steady.enumerated().map { $0.offset == 5 ? 1.30 : $0.offset == 11 ? 0.79 : $0.element }
        let ones = steady.map { _ in [1000.0] }
        let calm = try #require(PairedRatio(groups: steady.map { [1000 * $0] }, over: ones, level: Self.lookLevel))
        let hiccup = try #require(PairedRatio(groups: strayed.map { [1000 * $0] }, over: ones, level: Self.lookLevel))
        #expect(abs(hiccup.ratio - calm.ratio) < 0.005 && hiccup.interval.upper < 1.04, "\(hiccup.interval)")
    }
}
