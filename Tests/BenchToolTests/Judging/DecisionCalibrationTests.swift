import Foundation
import Harness
import SeededRandom
import Testing

@testable import BenchTool

/// The decision's error, measured by resampling: forks drawn from the committed results files' real
/// per-fork ratios, shifted so that the true ratio is known, judged by the bench's own `Judge` over the
/// schedule of looks of the limits file, thousands of times.
///
/// The noise is every committed run's own: for each results file judged under looks, each cost
/// limit's forks' ratios of the shape's median over stored's, each taken over the median of its own
/// series (so a file's real excess does not count as noise), pooled. A synthetic run draws 32 forks
/// of each cost limit's ratio with replacement, times the true ratio; the judge sees the first 8, then
/// 16, then 32 while the decision waits on an undecided limit, as a run takes its looks, and an
/// undecided limit at the last look sets its shape aside. Every other limit is given figures that pass
/// (root's and incremental's reads, counts, incremental's own commit) or fail far off (derived's read).
struct DecisionCalibrationTests {
    private static let limits = try! LimitsFile.load(path: Synthetic.repositoryFile("Tests/BenchToolTests/Fixtures/limits-v5.json"))
    private static let runs = 4000

    /// Each cost limit's forks' log ratios about their own median, from every committed file judged
    /// under looks.
    static let residuals: [Double] = {
        let directory = Synthetic.repositoryFile("results")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var pooled: [Double] = []
        for name in names.sorted() where ResultsWriter.isResultsFileName(name) {
            guard let results = try? ResultsReader.read(path: (directory as NSString).appendingPathComponent(name)), results.looks != nil
            else { continue }
            for limit in results.limits.map(\.limit) where limit.statistic == .pairedRatioToStored {
                let keys = limit.measurementsRead
                guard let top = results.measurements.record(keys[0])?.sampleGroups, let bottom = results.measurements.record(keys[1])?.sampleGroups,
                    top.count == bottom.count, top.count > 1
                else { continue }
                let logs = zip(top, bottom).map { log(Statistics.median($0) / Statistics.median($1)) }
                let centre = Statistics.median(logs)
                pooled += logs.map { $0 - centre }
            }
        }
        return pooled
    }()

    /// What a synthetic run's decision ships, with root's and incremental's cost ratios as given.
    private static func decide(
        root: (land: Double, clear: Double), incremental: (land: Double, clear: Double), generator: inout SplitMix64
    ) -> FigureStrategy? {
        func draw(_ ratio: Double) -> [Double] {
            (0..<32).map { _ in ratio * exp(residuals[Int(generator.next() % UInt64(residuals.count))]) }
        }
        let ratios: [(String, FigureStrategy, [Double])] = [
            (Synthetic.landCommit, .root, draw(root.land)), (Synthetic.clearCommit, .root, draw(root.clear)),
            (Synthetic.landCommit, .incremental, draw(incremental.land)), (Synthetic.clearCommit, .incremental, draw(incremental.clear)),
        ]
        let judge = Judge(limits: limits.limits, buildConfiguration: "release", quick: false, shapes: limits.shapes, looks: limits.looks)
        var judgement: Judgement?
        for forks in limits.looks!.forks {
            judgement = judge.judge(measurements: figures(ratios, forks: forks), counts: counts)
            if judgement!.undecidedLimitsTheDecisionWaitsOn.isEmpty { break }
        }
        return judgement!.decision.shape
    }

    private static let counts = [FigureStrategy.derived, .stored, .root, .incremental].map { shape in
        CountRecord(scenario: Synthetic.spreadsScenario, strategy: shape, body: "phase-only", reruns: 2)
    }

    /// One sample a fork: the fork's median is its figure.
    private static func figures(_ ratios: [(String, FigureStrategy, [Double])], forks: Int) -> [MeasurementRecord] {
        func forked(_ name: String, _ shape: FigureStrategy, _ values: [Double]) -> MeasurementRecord {
            Synthetic.forked(name, shape, values.prefix(forks).map { [$0] })
        }
        let ones = Array(repeating: 1_000_000.0, count: forks)
        var records = [
            forked(Synthetic.phaseRead, .derived, Array(repeating: 3_500_000, count: forks)),
            forked(Synthetic.phaseRead, .root, Array(repeating: 2_200, count: forks)),
            forked(Synthetic.phaseRead, .incremental, Array(repeating: 2_200, count: forks)),
            forked(Synthetic.landCommit, .stored, ones), forked(Synthetic.clearCommit, .stored, ones),
            forked(Synthetic.incrementalValueCommit, .incremental, Array(repeating: 1_030, count: forks)),
            forked(Synthetic.incrementalValueCommitNoHandle, .incremental, Array(repeating: 1_000, count: forks)),
        ]
        for (name, shape, values) in ratios { records.append(forked(name, shape, values.map { $0 * 1_000_000 })) }
        return records
    }

    /// The share of runs whose decision ships `shape` (any shape but stored when nil), with its
    /// Clopper-Pearson 95 % interval.
    private static func rate(
        root: (Double, Double), incremental: (Double, Double), ships shape: FigureStrategy?, seed: UInt64
    ) -> (rate: Double, upper: Double, lower: Double) {
        var generator = SplitMix64(seed: seed)
        var hits = 0
        for _ in 0..<runs {
            let shipped = decide(root: root, incremental: incremental, generator: &generator)
            if shape.map({ shipped == $0 }) ?? (shipped != nil && shipped != .stored) { hits += 1 }
        }
        let (lower, upper) = clopperPearson(hits, runs)
        return (Double(hits) / Double(runs), upper, lower)
    }

    @Test func theNoiseComesFromTheCommittedFiles() {
        #expect(Self.residuals.count >= 100, "forks' ratios from the committed files: \(Self.residuals.count)")
        let spread = Statistics.percentile(0.75, of: Self.residuals.map(abs))
        print("calibration: \(Self.residuals.count) forks' ratios from the committed files, |log ratio - its run's median| at the 75th percentile \(spread)")
    }

    /// Root at the true ratio, its other cost limit within the margin; incremental out of the way.
    @Test(arguments: [1.00, 1.04, 1.05, 1.07])
    func rootShipsAtItsMarginInAtMostItsShare(truth: Double) {
        let found = Self.rate(root: (truth, 0.98), incremental: (1.5, 1.5), ships: .root, seed: 0xCA11 + UInt64(truth * 100))
        print(String(format: "calibration: root's landing at %.2fx stored's: root ships in %.2f %% [%.2f, %.2f] of %d runs", truth, found.rate * 100, found.lower * 100, found.upper * 100, Self.runs))
        if truth >= 1.05 {
            #expect(found.rate <= 0.025 / 3, "a shape at its margin ships in at most its share, 0.833 %: \(found.rate * 100) %")
            #expect(found.upper <= 0.025, "and surely within the decision's 2.5 %: [.., \(found.upper * 100)]")
        }
    }

    /// Both shapes at the margin on their landing commit: the decision's own error, over both.
    @Test func theDecisionShipsABreachingShapeInAtMostTwoAndAHalfPercent() {
        let found = Self.rate(root: (1.05, 0.98), incremental: (1.05, 0.9), ships: nil, seed: 0xDEC1)
        print(String(format: "calibration: root and incremental both at 1.05x on landing: some shape ships in %.2f %% [%.2f, %.2f] of %d runs", found.rate * 100, found.lower * 100, found.upper * 100, Self.runs))
        #expect(found.upper <= 0.025, "the decision's wrong ships: \(found.rate * 100) % [.., \(found.upper * 100)]")
    }

    /// With root undecided at its margin, the rule that sets it aside lets incremental ship without
    /// adding a wrong ship: incremental well within its margin ships, root at it does not.
    @Test func settingAsideAddsNoWrongShip() {
        let found = Self.rate(root: (1.05, 0.98), incremental: (0.75, 0.9), ships: .root, seed: 0x5E7A)
        #expect(found.rate <= 0.025 / 3, "root at its margin ships in \(found.rate * 100) %")
        let next = Self.rate(root: (1.05, 0.98), incremental: (0.75, 0.9), ships: .incremental, seed: 0x5E7B)
        print(String(format: "calibration: root at 1.05x, incremental at 0.75x: incremental ships in %.2f %% of runs", next.rate * 100))
        #expect(next.rate + found.rate > 0, "some shape ships")
    }

    /// The exact binomial interval of `hits` in `n`, by bisection on the binomial tails.
    static func clopperPearson(_ hits: Int, _ n: Int, level: Double = 0.95) -> (Double, Double) {
        let tail = (1 - level) / 2
        func cdf(_ k: Int, _ p: Double) -> Double {
            // P(X <= k), X ~ Binomial(n, p), summed in logarithms.
            guard k >= 0 else { return 0 }
            guard p > 0 else { return 1 }
            guard p < 1 else { return k >= n ? 1 : 0 }
            var total = 0.0
            var logChoose = 0.0
            for j in 0...min(k, n) {
                if j > 0 { logChoose += log(Double(n - j + 1)) - log(Double(j)) }
                total += exp(logChoose + Double(j) * log(p) + Double(n - j) * log(1 - p))
            }
            return min(1, total)
        }
        func solve(_ f: (Double) -> Double) -> Double {
            var (low, high) = (0.0, 1.0)
            for _ in 0..<60 {
                let middle = (low + high) / 2
                if f(middle) > 0 { low = middle } else { high = middle }
            }
            return (low + high) / 2
        }
        let lower = hits == 0 ? 0 : solve { p in tail - (1 - cdf(hits - 1, p)) }
        let upper = hits == n ? 1 : solve { p in cdf(hits, p) - tail }
        return (lower, upper)
    }
}
