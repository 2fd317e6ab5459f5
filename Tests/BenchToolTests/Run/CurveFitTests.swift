@testable import BenchTool
import Harness
import Testing
import Workloads

/// The scaling curves are fitted where a run of several forks fits them: in the parent, from the
/// records the forks returned, with no measurement prepared in that process.
struct CurveFitTests {
    private func runner() -> SuiteRunner {
        SuiteRunner(
            options: RunOptions(
                quick: false, filter: nil, specDirectory: "spec", limitsPath: "limits.json", outputPath: nil, format: .text,
                strategies: .all),
            progress: ProgressLine(isTerminal: false) { _ in })
    }

    /// A record of `measurement` whose median is `median`, as a fork hands it back.
    private func record(_ measurement: SuiteMeasurement, median: Double) -> MeasurementRecord {
        MeasurementRecord(
            name: measurement.name, strategy: measurement.strategy, summary: Summary(samples: [median], resamples: 10), samples: [median],
            batches: BatchRecord(
                size: 1, nanoseconds: [UInt64(median)], invocations: .init(calibration: 0, warmUp: 0, sampling: 1),
                stopReason: .maximumSamples),
            policy: SamplingPolicy(), allocations: .unavailable("not counted here"))
    }

    @Test func theFixtureSizeCurveIsFittedFromRecordsAloneInJudgedFixtures() throws {
        let suite = Suite(subjects: try SuiteTests.subjects())
        let points = suite.measurements.filter { $0.curve?.name == Suite.fixtureSizeCurve }
        #expect(points.count == StrictFixture.benchScales.count)
        // 1 µs and 4 µs more per judged fixture: what a fork would have measured, point by point.
        let records = zip(points, StrictFixture.benchScales).map { record($0, median: 1_000 + 4_000 * $1) }
        let fit = try #require(
            runner().fits(records, suite: suite).first { $0.name == Suite.fixtureSizeCurve },
            "the parent fits the curve without preparing a point")
        #expect(fit.strategy == .derived)
        #expect(fit.xUnit == "judged fixture")
        #expect(fit.points.map(\.x) == StrictFixture.benchScales, "x is each point's scale")
        #expect(abs(fit.slope - 4_000) < 1e-6 && abs(fit.intercept - 1_000) < 1e-6, "slope \(fit.slope), intercept \(fit.intercept)")
    }
}
