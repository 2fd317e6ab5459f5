import Foundation
import Testing

@testable import Harness

/// Student's t quantiles against published tables, and the paired ratio built on them.
struct StudentTTests {
    @Test(arguments: [
        // (p, degrees of freedom, the table's quantile to 6 digits)
        (0.975, 1, 12.7062), (0.975, 7, 2.36462), (0.975, 15, 2.13145), (0.975, 31, 2.03951),
        (0.99, 10, 2.76377), (0.995, 7, 3.49948), (0.9, 3, 1.63774), (0.999, 30, 3.38518),
    ])
    func quantilesMatchTheTables(p: Double, degreesOfFreedom: Int, table: Double) {
        let quantile = Statistics.studentTQuantile(p, degreesOfFreedom: degreesOfFreedom)
        #expect(abs(quantile - table) < 1e-4 * table, "t(\(p), \(degreesOfFreedom)) = \(quantile), tables say \(table)")
        #expect(abs(Statistics.studentTQuantile(1 - p, degreesOfFreedom: degreesOfFreedom) + quantile) < 1e-12, "symmetric")
    }

    @Test func manyDegreesOfFreedomApproachTheNormal() {
        #expect(abs(Statistics.studentTQuantile(0.975, degreesOfFreedom: 100_000) - 1.959964) < 1e-4)
        #expect(Statistics.studentTQuantile(0.5, degreesOfFreedom: 4) == 0)
    }

    @Test func thePairedRatioIsTheGeometricMeanOfEachProcesssRatioWithItsTInterval() throws {
        // Processes of very different speeds, each measuring both sides at a ratio of 1.1, 1.2 or 1.0.
        let speeds = [1.0, 1.5, 0.8]
        let ratios = [1.1, 1.2, 1.0]
        let numerator = zip(speeds, ratios).map { speed, ratio in [100 * speed * ratio, 101 * speed * ratio, 99 * speed * ratio] }
        let denominator = speeds.map { [100 * $0, 101 * $0, 99 * $0] }
        let paired = try #require(PairedRatio(groups: numerator, over: denominator, level: 0.95))
        let logs = ratios.map { log($0) }
        let mean = logs.reduce(0, +) / 3
        let sd = (logs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 2).squareRoot()
        let reach = 4.302653 * sd / 3.0.squareRoot()
        #expect(abs(paired.ratio - exp(mean)) < 1e-12)
        #expect(abs(paired.interval.lower - exp(mean - reach)) < 1e-5 && abs(paired.interval.upper - exp(mean + reach)) < 1e-5)
        #expect(paired.processRatios.map { ($0 * 1000).rounded() / 1000 } == ratios)
        #expect(PairedRatio(groups: [numerator[0]], over: [denominator[0]], level: 0.95) == nil, "one process says nothing of the next")
    }
}
