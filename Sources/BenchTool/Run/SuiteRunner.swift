import Harness
import Workloads

/// Runs the suite's measurements and scenarios as a run's options say, and gathers what a results file
/// holds.
struct SuiteRunner {
    /// The run's options.
    let options: RunOptions
    /// The clock's cost and resolution, measured once at start-up.
    let timer: TimerCharacteristics
    /// Where sampling and counting show how far they are.
    let progress: ProgressLine
    /// The batch size each measurement takes instead of calibrating (`--batch-sizes`,
    /// `BatchSizes`); a measurement not in it calibrates its own.
    let batchSizes: [MeasurementKey: Int]

    /// Creates a runner; measures the timer.
    ///
    /// - Parameter batchSizes: What `BatchSizes.read(from:)` gave for the run's `--batch-sizes`.
    init(options: RunOptions, progress: ProgressLine = ProgressLine(), batchSizes: [MeasurementKey: Int] = [:]) {
        self.options = options
        self.progress = progress
        self.timer = TimerCharacteristics.measure()
        self.batchSizes = batchSizes
    }

    /// The measurements this run's filter and strategy selection keep.
    func selected(_ suite: Suite) -> [SuiteMeasurement] {
        Self.selected(suite, options: options)
    }

    /// The measurements `options`' filter and strategy selection keep; needs no runner, so the
    /// callgrind pass selects without measuring the timer. A `--quick` run leaves out those retaining
    /// more than `quickHandleLimit` handles, as it leaves out such scenarios.
    static func selected(_ suite: Suite, options: RunOptions) -> [SuiteMeasurement] {
        suite.measurements.filter { measurement in
            (options.filter?.matches(measurement.name) ?? true) && options.strategies.includes(measurement.strategy)
                && (!options.quick || measurement.retainedHandles <= quickHandleLimit)
        }
    }

    /// What a look after the first measures for `limits`: every selected measurement of each name the
    /// limits read, in every strategy the run selected, of the name each is sampled in alternation
    /// with, and of every name sampled in one group with one of them (`SuiteMeasurement.sampledWith`),
    /// so that the new forks sample each group as the first forks did (interleaved, the same partners,
    /// the same rounds), in the selection's order.
    static func measuredAgain(for limits: [Limit], from selected: [SuiteMeasurement]) -> [SuiteMeasurement] {
        let read = Set(limits.flatMap { $0.measurementsRead.map(\.name) })
        let readers = selected.filter { read.contains($0.name) }
        let partners = Set(readers.compactMap { $0.alternation?.partner })
        let groups = Set(readers.compactMap(\.sampledWith))
        return selected.filter { read.contains($0.name) || partners.contains($0.name) || $0.sampledWith.map(groups.contains) ?? false }
    }

    /// The measurements every fork times first, and every look after the first times again: those
    /// the timing limits read, with their partners (`measuredAgain(for:from:)` of every timing limit).
    /// Timed first and all of them in every fork of every look, they are timed in one context
    /// whichever look a fork belongs to.
    static func gating(for limits: [Limit], from selected: [SuiteMeasurement]) -> [SuiteMeasurement] {
        measuredAgain(for: limits.filter(\.isTiming), from: selected)
    }

    /// The most retained handles a `--quick` run counts a scenario or times a measurement with:
    /// building a thousand handles' phase bodies takes seconds, a stored commit over them most of a
    /// second, and no limit reads either.
    static let quickHandleLimit = 100

    /// The scenarios this run's filter keeps, with the operation each is about; a scenario whose
    /// operation the spec lacks is left out, and so, in a `--quick` run, is one with more handles than
    /// `quickHandleLimit`.
    func selectedScenarios(_ subjects: BenchSubjects) -> [(Scenario, PickedOperation)] {
        Self.selectedScenarios(subjects, options: options)
    }

    /// The scenarios `options`' filter keeps, as `selectedScenarios(_:)` says.
    static func selectedScenarios(_ subjects: BenchSubjects, options: RunOptions) -> [(Scenario, PickedOperation)] {
        Scenario.all.compactMap { scenario in
            guard options.filter?.matches(scenario.name) ?? true else { return nil }
            guard !options.quick || scenario.handleCount <= Self.quickHandleLimit else { return nil }
            return subjects.picked(scenario.subject).map { (scenario, $0) }
        }
    }
}
