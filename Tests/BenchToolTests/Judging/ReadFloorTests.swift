import Foundation
import Harness
import Testing

@testable import BenchTool

/// The section "reads at Observation's floor": each figure is made from the run's own measurements the
/// way a ratio limit is, sits beside its goal, and says whether this run meets it; old files lack it
/// and still read.
struct ReadFloorTests {
    /// A run of the floor's five measurements: thirty samples each, spread ±3 % around `medians`.
    private static func floorMeasurements(
        medians: [String: Double], allocations: [String: Int] = [:], instructions: [String: Double] = [:]
    ) -> [MeasurementRecord] {
        KeyMeasurements.readFloor.compactMap { name in
            guard let median = medians[name] else { return nil }
            let samples = Synthetic.spreadSamples(median: median)
            let summary = Summary(samples: samples, resamples: 10)
            var record = Synthetic.measurement(
                name, .unshaped, samples: samples, lower: summary.medianInterval.lower, upper: summary.medianInterval.upper)
            if let count = allocations[name] {
                record.allocations = .counted(Synthetic.allocationCount(iterations: 100, allocations: count, bytes: count * 32))
            }
            record.instructionsPerOperation = instructions[name]
            return record
        }
    }

    private static let medians = [
        KeyMeasurements.observableUntracked: 16.0, KeyMeasurements.fieldUntracked: 20.0,
        KeyMeasurements.observableTracked: 480.0, KeyMeasurements.fieldTracked: 960.0, KeyMeasurements.walk: 800_000.0,
    ]

    private static let subject = SubjectRecord(
        role: KeyMeasurements.walkSubjectRole, operation: "CharactersPage", fixture: "characters-page", records: 9, slotsWalked: 1_000)

    private static func figures(
        _ measurements: [MeasurementRecord], build: String = "release", quick: Bool = false
    ) -> [String: ReadFloorFigure] {
        let figures = ReadFloor.figures(measurements: measurements, subjects: [subject], buildConfiguration: build, quick: quick) ?? []
        return Dictionary(uniqueKeysWithValues: figures.map { ($0.id, $0) })
    }

    /// A run in forks, each fork's medians `medians` scaled by its own factor: its measurements, the
    /// read floor they give (as the bench makes it now), that floor's untracked-read figure, and the
    /// two sides of that figure.
    private static func forkedFloor(_ forks: [[MeasurementRecord]]) throws -> (
        measurements: [MeasurementRecord], figures: [ReadFloorFigure], untracked: ReadFloorFigure, top: MeasurementRecord,
        bottom: MeasurementRecord
    ) {
        let measurements = forks[0].indices.map { index in MeasurementRecord(mergingForks: forks.map { $0[index] }) }
        let figures = try #require(
            ReadFloor.figures(measurements: measurements, subjects: [subject], buildConfiguration: "release", quick: false))
        return (
            measurements, figures, try #require(figures.first { $0.id == "untracked-read" }),
            try #require(measurements.first { $0.name == KeyMeasurements.fieldUntracked }),
            try #require(measurements.first { $0.name == KeyMeasurements.observableUntracked })
        )
    }

    @Test func forksAreDrawnTogetherForBothSidesAndAFileMadeBeforeIsCheckedAsItWasMade() throws {
        // Four forks, each slower or faster for every measurement alike.
        let (measurements, figures, untracked, top, bottom) = try Self.forkedFloor(
            [1.0, 1.3, 0.95, 1.1].map { scale in Self.floorMeasurements(medians: Self.medians.mapValues { $0 * scale }) })
        let rule = ComparisonRule()
        #expect(untracked.interval == Statistics.bootstrapPairedMedianRatioInterval(
            groups: top.sampleGroups, bottom.sampleGroups, level: rule.confidenceLevel, resamples: rule.resamples, seed: rule.seed))
        #expect(ReadFloor.ratioMethod(figures) == .pairedBootstrap, "4 forks reach no 95 % interval of the forks' ratios")
        let before = try #require(
            ReadFloor.figures(
                measurements: measurements, subjects: [Self.subject], buildConfiguration: "release", quick: false,
                ratioMethod: .forksApart))
        #expect(ReadFloor.ratioMethod(before) == .forksApart, "a file made before the pairing is checked with its forks drawn apart")
        #expect(before != figures)
    }

    @Test func eightForksGiveEachTimingRatioAsTheForksRatiosOneVoteAFork() throws {
        // Eight forks, each slower or faster for both sides alike, and one noisy fork on one side only:
        // the forks' ratios vote one each, as a cost limit's do.
        let scales = [1.0, 1.3, 0.95, 1.1, 1.2, 0.9, 1.05, 1.15]
        var forks = scales.map { scale in Self.floorMeasurements(medians: Self.medians.mapValues { $0 * scale }) }
        forks[3] = Self.floorMeasurements(medians: Self.medians.mapValues { $0 * 1.1 }.merging(
            [KeyMeasurements.fieldUntracked: 20.0 * 1.1 * 1.4]) { $1 })
        let (measurements, figures, untracked, top, bottom) = try Self.forkedFloor(forks)
        let expected = try #require(PairedRatio(groups: top.sampleGroups, over: bottom.sampleGroups, level: ComparisonRule().confidenceLevel))
        #expect(untracked.value == expected.ratio && untracked.interval == expected.interval)
        #expect(abs(try #require(untracked.value) - 1.25) < 0.02, "20 over 16 in seven forks of eight: \(untracked.value ?? 0)")
        #expect(ReadFloor.ratioMethod(figures) == .forkRatios)
        let before = try #require(
            ReadFloor.figures(
                measurements: measurements, subjects: [Self.subject], buildConfiguration: "release", quick: false,
                ratioMethod: .pairedBootstrap))
        #expect(ReadFloor.ratioMethod(before) == .pairedBootstrap, "a file made before the forks' ratios is checked as it was made")
        #expect(before != figures)
    }

    @Test func eachTimingRatioIsTheRatioOfMediansWithTheBootstrapIntervalOfALimit() throws {
        let measurements = Self.floorMeasurements(medians: Self.medians)
        let figures = Self.figures(measurements)
        let untracked = try #require(figures["untracked-read"])
        let top = measurements.first { $0.name == KeyMeasurements.fieldUntracked }!
        let bottom = measurements.first { $0.name == KeyMeasurements.observableUntracked }!
        #expect(untracked.value == top.summary.median / bottom.summary.median)
        let rule = ComparisonRule()
        #expect(untracked.interval == Statistics.bootstrapMedianRatioInterval(
            groups: top.sampleGroups, bottom.sampleGroups, level: rule.confidenceLevel, resamples: rule.resamples, seed: rule.seed))
        #expect(untracked.verdict == .pass, "1.25× with a few percent of spread is within ≤ 1.5×: \(untracked.reason)")
        #expect(untracked.goalText == "≤ 1.50×")

        let tracked = try #require(figures["tracked-read"])
        #expect(tracked.verdict == .fail, "2× is nowhere near ≤ 1.1×: \(tracked.reason)")
    }

    @Test func anIntervalAcrossTheGoalIsInconclusive() throws {
        var medians = Self.medians
        medians[KeyMeasurements.fieldUntracked] = 24.0
        let untracked = try #require(Self.figures(Self.floorMeasurements(medians: medians))["untracked-read"])
        let interval = try #require(untracked.interval)
        #expect(interval.lower < 1.5 && 1.5 < interval.upper, "the fixture must straddle the goal: \(interval)")
        #expect(untracked.verdict == .undecided)
    }

    @Test func allocationsPerReadAndBeyondObservablesScope() throws {
        let allocations = [KeyMeasurements.fieldUntracked: 0, KeyMeasurements.fieldTracked: 150, KeyMeasurements.observableTracked: 250]
        let figures = Self.figures(Self.floorMeasurements(medians: Self.medians, allocations: allocations))
        let untracked = try #require(figures["allocations-per-read"])
        #expect(untracked.value == 0 && untracked.verdict == .pass)
        let beyond = try #require(figures["tracked-allocations-beyond-observable"])
        #expect(beyond.value == -1, "1.5 a read against the @Observable scope's 2.5")
        #expect(beyond.verdict == .pass)

        let allocating = Self.figures(Self.floorMeasurements(medians: Self.medians, allocations: [KeyMeasurements.fieldUntracked: 100]))
        #expect(allocating["allocations-per-read"]?.verdict == .fail, "one allocation a read misses zero")
        let uncounted = try #require(Self.figures(Self.floorMeasurements(medians: Self.medians))["allocations-per-read"])
        #expect(uncounted.value == nil && uncounted.verdict == .notJudged)
        #expect(uncounted.reason.hasPrefix("allocations not counted: jemalloc is not the process allocator"))
    }

    @Test func theWalksInstructionsPerSlotOverAnObservableRead() throws {
        let instructions = [KeyMeasurements.walk: 300_000.0, KeyMeasurements.observableUntracked: 250.0]
        var measurements = Self.floorMeasurements(medians: Self.medians, instructions: instructions)
        let walk = try #require(Self.figures(measurements)["walk-instructions-per-slot"])
        #expect(walk.value == 300_000.0 / 1_000 / 250, "per slot of the subject's 1000, over a read's 250")
        #expect(walk.interval == nil && walk.verdict == .pass)

        let index = measurements.firstIndex { $0.name == KeyMeasurements.walk }!
        measurements[index].instructionsUnderOtherHashSeeds = [390_000, 360_000]
        let reseeded = try #require(Self.figures(measurements)["walk-instructions-per-slot"])
        #expect(reseeded.interval?.lower == 1.2 && reseeded.interval?.upper == 1.56, "the range over every seed counted")
        #expect(reseeded.verdict == .undecided, "1.20 to 1.56 straddles ≤ 1.5×")

        let readIndex = measurements.firstIndex { $0.name == KeyMeasurements.observableUntracked }!
        measurements[readIndex].instructionsUnderOtherHashSeeds = [300]
        let ranged = try #require(Self.figures(measurements)["walk-instructions-per-slot"])
        #expect(ranged.interval?.lower == 1.0, "the walk's least count over the read's greatest")
        #expect(ranged.value == 1.2, "the figure stays the fixed seed's")

        let uncounted = try #require(Self.figures(Self.floorMeasurements(medians: Self.medians))["walk-instructions-per-slot"])
        #expect(uncounted.verdict == .notJudged && uncounted.reason.contains("--instructions"))
    }

    @Test func aMissingMeasurementIsNamedAndARunWithoutAnyHasNoSection() throws {
        var medians = Self.medians
        medians[KeyMeasurements.observableTracked] = nil
        let tracked = try #require(Self.figures(Self.floorMeasurements(medians: medians))["tracked-read"])
        #expect(tracked.verdict == .notJudged)
        #expect(tracked.reason == "this run has no measurement '\(KeyMeasurements.observableTracked)'")
        #expect(ReadFloor.figures(measurements: [], subjects: [Self.subject], buildConfiguration: "release", quick: false) == nil)
    }

    @Test func aDebugBuildJudgesNoTimingAndAQuickRunIsIndicative() {
        let measurements = Self.floorMeasurements(medians: Self.medians)
        #expect(Self.figures(measurements, build: "debug")["untracked-read"]?.verdict == .notJudged)
        let quick = Self.figures(measurements, quick: true)["untracked-read"]
        #expect(quick?.verdict == .indicative)
        #expect(quick?.reason.contains("would be pass") == true)
    }

    @Test func theFileRecordsTheSectionAndTheReportShowsIt() throws {
        let results = Synthetic.results()
        let section = try #require(results.readFloor, "Synthetic.results measures the model's field reads")
        #expect(section.map(\.id) == [
            "untracked-read", "tracked-read", "allocations-per-read", "tracked-allocations-beyond-observable", "walk-instructions-per-slot",
        ])
        let decoded = try ResultsReader.decode(try results.encoded(), path: "results/x.json")
        #expect(decoded.readFloor == section, "the section survives the file")
        #expect(ResultsValidator.problems(in: decoded).isEmpty)

        let text = Report.render(results, format: .text)
        #expect(text.contains("\(Report.readFloorTitle)\nfigure "))
        #expect(text.split(separator: "\n").contains { line in
            line.hasPrefix("the model's untracked field read over a plain @Observable untracked read ") && line.contains("  —  ")
                && line.contains("≤ 1.50×") && line.contains("notJudged") && line.contains("this run has no measurement '\(KeyMeasurements.observableUntracked)'")
        }, "a figure the run cannot make is shown as such: \(text)")
        let markdown = Report.render(results, format: .markdown)
        #expect(markdown.contains("## Reads at Observation's floor (goals: reported, not limits)\n\n| figure | this run | goal | verdict | from |"))
    }

    @Test func aFileWrittenBeforeTheSectionReadsWithoutIt() throws {
        var object = try JSONSerialization.jsonObject(with: try Synthetic.results().encoded()) as! [String: Any]
        object["readFloor"] = nil
        let old = try ResultsReader.decode(try JSONSerialization.data(withJSONObject: object), path: "results/old.json")
        #expect(old.readFloor == nil)
        #expect(ResultsValidator.problems(in: old).isEmpty)
        #expect(!Report.render(old, format: .text).contains(Report.readFloorTitle))
    }

    @Test func mergedRunsGetTheSectionOfTheirMergedFigures() throws {
        func run(_ fieldUntracked: Double) -> ResultsFile {
            let base = Synthetic.results()
            var medians = Self.medians
            medians[KeyMeasurements.fieldUntracked] = fieldUntracked
            let measurements = Self.floorMeasurements(medians: medians)
            return ResultsFile(
                environment: base.environment, limitsFile: base.limitsFile, limitsSHA256: base.limitsSHA256, timer: base.timer,
                method: base.method, options: base.options, measurements: measurements, counts: base.counts, fits: [],
                limits: base.limits, decision: base.decision, readFloor: Synthetic.readFloor(measurements, subjects: [Self.subject]),
                subjects: [Self.subject])
        }
        let merged = try ResultsMerge.merge([("a.json", run(20)), ("b.json", run(40))])
        let untracked = try #require(merged.readFloor?.first { $0.id == "untracked-read" })
        let field = try #require(merged.measurements.first { $0.name == KeyMeasurements.fieldUntracked })
        #expect(field.sampleGroups.count == 2)
        #expect(untracked.value == field.summary.median / merged.measurements.first { $0.name == KeyMeasurements.observableUntracked }!.summary.median,
                "the ratio is of the merged medians, not the first run's")
        #expect(!ResultsValidator.problems(in: merged).contains { $0.hasPrefix("readFloor") }, "\(ResultsValidator.problems(in: merged))")
    }

    @Test func aSectionThatIsNotTheFilesOwnFiguresIsRefused() throws {
        var results = Synthetic.results()
        results.readFloor?[0].verdict = .pass
        #expect(ResultsValidator.problems(in: results) == ["readFloor: the figures recorded are not what the file's own measurements give"])
    }
}
