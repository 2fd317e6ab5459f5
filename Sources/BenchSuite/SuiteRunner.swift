import BenchKit
import Foundation
import Harness
import Runtime
import Workloads

/// Runs the suite's measurements and scenarios as a run's options say, and gathers what a results file
/// holds.
public struct SuiteRunner {
    /// The run's options.
    public let options: RunOptions
    /// The clock's cost and resolution, measured once at start-up.
    public let timer: TimerCharacteristics
    private let progress: ProgressLine

    /// Creates a runner; measures the timer.
    public init(options: RunOptions, progress: ProgressLine = ProgressLine()) {
        self.options = options
        self.progress = progress
        self.timer = TimerCharacteristics.measure()
    }

    /// The sampling policy of one process: the full run's, or `--quick`'s few samples.
    ///
    /// A fork of a run in several samples until its median is known to ±1 % (95 % order-statistic
    /// interval), at least 6 rounds and at most 40, within a share of the single process's time: what
    /// decides a comparison across runs is how much one process differs from the next, which only more
    /// processes show, so a fork whose samples already agree gains nothing from more of them, and the
    /// time goes to the measurements whose samples do not. The budget is 50 ms a group in a run of 8
    /// forks: in the figures of record at 9f6e55a (8 forks, twice the budget), the standard deviation
    /// of the forks' medians was several times the standard error of one fork's median for nearly
    /// every measurement, so half the samples (√2 times that error) leave the comparison resting, as
    /// it did, on the differences between processes. Warm-up is 5 ms a measurement: the code is
    /// compiled ahead of time, so warming fills caches and predictors, which takes microseconds to a
    /// few milliseconds here. `StoppingRule` states the rule; the results file's `method` quotes it.
    ///
    /// - Parameters:
    ///   - quick: Whether the run is `--quick`.
    ///   - forks: How many processes the run measures in.
    public static func policy(quick: Bool, forks: Int = 1) -> SamplingPolicy {
        var policy = SamplingPolicy()
        if quick {
            policy.warmUp = .duration(nanoseconds: 5_000_000)
            policy.minimumSamples = 5
            policy.maximumSamples = 200
            policy.timeBudgetNanoseconds = 30_000_000
            policy.bootstrapResamples = 500
        } else if forks == 1 {
            policy.warmUp = .duration(nanoseconds: 50_000_000)
            policy.minimumSamples = 20
            policy.timeBudgetNanoseconds = 800_000_000
        } else {
            policy.warmUp = .duration(nanoseconds: 5_000_000)
            policy.minimumSamples = 6
            policy.maximumSamples = 40
            policy.targetRelativeHalfWidth = 0.01
            policy.timeBudgetNanoseconds = max(50_000_000, 400_000_000 / UInt64(forks))
        }
        // A derived commit of a microsecond beside a stored one of a second: without more batches a
        // round, the short one is timed only just after the long one evicted its data.
        policy.maximumBatchesPerRound = 16
        return policy
    }

    /// The fewest samples of a measurement whose one call takes `slowCallNanoseconds` or more; fewer
    /// still for a point of a scaling curve, in a run of several forks: every fork still takes it, and
    /// the curve's fit, through every point, does not rest on one point's precision.
    static func slowMinimumSamples(quick: Bool, forks: Int, curvePoint: Bool = false) -> Int {
        quick ? 2 : forks == 1 ? 6 : curvePoint ? 2 : 3
    }

    /// The most batches a round of a `--quick` run takes of a measurement whose every batch needs its
    /// own set-up.
    static let quickSetUpBatchesPerRound = 4

    /// The fewest rounds of a group whose every batch needs its own set-up, in a `--quick` run or a run
    /// of several forks.
    static func setUpMinimumSamples(quick: Bool, forks: Int) -> Int {
        quick || forks > 1 ? 3 : Int.max
    }

    /// The sampling rule of a run, in words, for the results file's `method`.
    public static func samplingDescription(quick: Bool, forks: Int) -> String {
        let policy = Self.policy(quick: quick, forks: forks)
        let warmUp: String
        switch policy.warmUp {
        case .duration(let nanoseconds): warmUp = "warm-up \(nanoseconds / 1_000_000) ms a measurement"
        case .iterations(let count): warmUp = "warm-up \(count) calls a measurement"
        }
        let slow = FigureText.duration(slowCallNanoseconds)
        return "\(forks > 1 ? "in each fork, " : "")\(warmUp); " + StoppingRule(policy: policy).description
            + "; measurements sampled together with one whose single call takes \(slow) or more: that call, timed "
            + "once before sampling, is their warm-up and the slow one's calibration, and they take at least "
            + "\(slowMinimumSamples(quick: quick, forks: forks)) rounds"
            + (forks > 1 && !quick
                ? " (\(slowMinimumSamples(quick: quick, forks: forks, curvePoint: true)) for a point of a scaling curve)" : "")
            + (quick || forks > 1
                ? "; measurements whose every batch needs its own set-up take at least "
                    + "\(setUpMinimumSamples(quick: quick, forks: forks)) rounds"
                    + (quick ? " of at most \(quickSetUpBatchesPerRound) batches; measurements retaining more than "
                        + "\(quickHandleLimit) handles are left out" : "")
                : "")
            + "; two such measurements whose calls each put the other's state in place (the field errors' landing and "
            + "clearing frames) are sampled in alternation over one world, each call timed and the set-up of the next"
    }

    /// The measurements this run's filter and strategy selection keep.
    public func selected(_ suite: Suite) -> [SuiteMeasurement] {
        Self.selected(suite, options: options)
    }

    /// The measurements `options`' filter and strategy selection keep; needs no runner, so the
    /// callgrind pass selects without measuring the timer. A `--quick` run leaves out those retaining
    /// more than `quickHandleLimit` handles, as it leaves out such scenarios.
    public static func selected(_ suite: Suite, options: RunOptions) -> [SuiteMeasurement] {
        suite.measurements.filter { measurement in
            (options.filter?.matches(measurement.name) ?? true) && options.strategies.includes(measurement.strategy)
                && (!options.quick || measurement.retainedHandles <= quickHandleLimit)
        }
    }

    /// The most retained handles a `--quick` run counts a scenario or times a measurement with:
    /// building a thousand handles' phase bodies takes seconds, a stored commit over them most of a
    /// second, and no limit reads either.
    public static let quickHandleLimit = 100

    /// The scenarios this run's filter keeps, with the operation each is about; a scenario whose
    /// operation the spec lacks is left out, and so, in a `--quick` run, is one with more handles than
    /// `quickHandleLimit`.
    public func selectedScenarios(_ subjects: BenchSubjects) -> [(Scenario, PickedOperation)] {
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

    // MARK: - Measurements

    /// Times every selected measurement, derived and stored of one name in alternation, and counts
    /// their allocations unless told not to.
    ///
    /// - Parameters:
    ///   - suite: The measurements to choose from.
    ///   - forks: How many processes the whole run measures in, for the sampling policy; this call
    ///     measures in this process only.
    ///   - countingAllocations: Whether to count allocations per operation; a fork after the first
    ///     does not, since the first's count stands for all.
    public func measure(_ suite: Suite, forks: Int = 1, countingAllocations: Bool = true) throws -> [MeasurementRecord] {
        let chosen = selected(suite)
        let groups = Self.groups(chosen)
        let counter = AllocationCounter.process
        var records: [MeasurementRecord] = []
        for (index, group) in groups.enumerated() {
            // Each unit's measurement, then its partner's: the order of the sampler's results.
            var subjects: [(SuiteMeasurement, SuiteMeasurement.Subject)] = []
            for unit in group {
                if let partner = unit.partner, let alternation = unit.measurement.alternation {
                    let pair = try alternation.preparePair()
                    subjects += [(unit.measurement, pair.own), (partner, pair.partner)]
                } else {
                    subjects.append((unit.measurement, try unit.measurement.prepare()))
                }
            }
            var policy = Self.policy(quick: options.quick, forks: forks)
            if subjects.contains(where: { $0.0.oneCallPerBatch }) {
                policy.maximumBatchSize = 1
                // Each batch pays its set-up (a commit and a render pass) off the clock but not off the
                // run's time, and a short one takes up to 16 batches a round: the minimum alone would
                // take seconds. Three rounds still give the short ones dozens of samples a fork.
                policy.minimumSamples = min(policy.minimumSamples, Self.setUpMinimumSamples(quick: options.quick, forks: forks))
                // A --quick round pays a set-up for every batch, and the set-up (a commit and a render
                // pass over ten handles) is the slow part: four short batches a round, not sixteen.
                if options.quick { policy.maximumBatchesPerRound = Self.quickSetUpBatchesPerRound }
            }
            let oneCalls = subjects.map { Self.timeOneCall($0.1) }
            let slowest = Double(oneCalls.max() ?? 0)
            let isSlow = slowest > Self.slowCallNanoseconds
            if isSlow {
                // A call of a tenth of a second or more: fewer samples still bound the median, and the
                // interval printed beside it says how well. The call just timed warmed each subject.
                policy.minimumSamples = Self.slowMinimumSamples(
                    quick: options.quick, forks: forks, curvePoint: group.allSatisfy { $0.measurement.curve != nil })
                policy.warmUp = .iterations(0)
            }
            // The harness names carry the strategy (`name [derived]`), so the line needs no strategy of its own.
            let sampler = Sampler(policy: policy, timer: timer) { sampling in
                progress.show(sampling, step: index + 1, of: groups.count, strategy: .none)
            }
            var harnessMeasurements: [Harness.Measurement] = []
            var position = 0
            for unit in group {
                let (measurement, subject) = subjects[position]
                if let partner = unit.partner {
                    harnessMeasurements.append(
                        Measurement(
                            measurement.harnessName, operation: subject.operation,
                            alternatingWith: partner.harnessName, partnerOperation: subjects[position + 1].1.operation))
                    position += 2
                    continue
                }
                var harness = Measurement(measurement.harnessName, setUp: subject.setUp, operation: subject.operation)
                // Thousands of times the batch target, cold or warm: the batch size calibration would
                // find is 1, and timing it again would cost another slow call.
                if Double(oneCalls[position]) > Self.slowCallNanoseconds {
                    harness.knownBatch = .init(size: 1, nanoseconds: oneCalls[position])
                }
                harnessMeasurements.append(harness)
                position += 1
            }
            let results = sampler.runInterleaved(harnessMeasurements, order: .alternating)
            for (((measurement, subject), result), oneCall) in zip(zip(subjects, results), oneCalls) {
                let perOperation = Self.perOperation(result, measurement, policy)
                let allocations: AllocationRecord
                if !countingAllocations {
                    allocations = .unavailable("counted in the first fork only")
                } else if options.quick && isSlow {
                    allocations = .unavailable("not counted in a --quick run: one call takes \(FigureText.duration(slowest))")
                } else {
                    allocations = AllocationRecord(
                        Self.allocations(counter, measurement, subject, batchSize: result.batchSize, slow: Double(oneCall) > Self.slowCallNanoseconds))
                }
                records.append(MeasurementRecord(perOperation, strategy: measurement.strategy, allocations: allocations))
            }
        }
        progress.finish()
        // A pair is sampled where its first member stands: the records go back to the catalog's order.
        let position = Dictionary(uniqueKeysWithValues: chosen.enumerated().map { (InstructionPass.key($1.name, $1.strategy), $0) })
        return records.sorted { position[InstructionPass.key($0.name, $0.strategy)]! < position[InstructionPass.key($1.name, $1.strategy)]! }
    }

    /// A measurement and, when it is timed in alternation with another, that other.
    struct SamplingUnit {
        let measurement: SuiteMeasurement
        let partner: SuiteMeasurement?
    }

    /// The measurements sampled together: each name's strategies in one group, in the catalog's order;
    /// the groups of two names that alternate (`SuiteMeasurement.Alternation`), both selected with the
    /// same strategies, become one group of pairs where the first of them stands.
    static func groups(_ chosen: [SuiteMeasurement]) -> [[SamplingUnit]] {
        var byName: [[SuiteMeasurement]] = []
        for measurement in chosen {
            if let last = byName.last?.first, last.name == measurement.name { byName[byName.count - 1].append(measurement) } else { byName.append([measurement]) }
        }
        var groups: [[SamplingUnit]] = []
        var taken = Set<String>()
        for group in byName where !taken.contains(group[0].name) {
            let partnerName = group[0].alternation?.partner
            if let partnerName, let partners = byName.first(where: { $0[0].name == partnerName }),
                partners.map(\.strategy) == group.map(\.strategy), group.allSatisfy({ $0.alternation?.partner == partnerName })
            {
                taken.insert(partnerName)
                groups.append(zip(group, partners).map { SamplingUnit(measurement: $0, partner: $1) })
            } else {
                groups.append(group.map { SamplingUnit(measurement: $0, partner: nil) })
            }
        }
        return groups
    }

    /// A call at least this long makes a measurement slow: fewer samples, and no allocation pass in
    /// a `--quick` run.
    static let slowCallNanoseconds: Double = 50_000_000

    /// One call after its set-up, timed: how slow the operation is, before choosing how to sample it.
    static func timeOneCall(_ subject: SuiteMeasurement.Subject) -> UInt64 {
        subject.setUp()
        let start = MonotonicClock.now()
        blackHole(subject.operation())
        return MonotonicClock.now() &- start
    }

    /// The result under the measurement's own name, per operation: a row of eight reads divided by 8.
    static func perOperation(_ result: MeasurementResult, _ measurement: SuiteMeasurement, _ policy: SamplingPolicy) -> MeasurementResult {
        var result = result
        result.name = measurement.name
        guard measurement.operationsPerCall > 1 else { return result }
        let divisor = Double(measurement.operationsPerCall)
        result.samples = result.samples.map { $0 / divisor }
        result.summary = Summary(samples: result.samples, level: policy.confidenceLevel, resamples: policy.bootstrapResamples, seed: policy.seed)
        return result
    }

    /// Allocations per operation, counted in a pass of their own, off the clock: for an operation that
    /// needs its set-up before each call, a few calls each after their set-up; for one whose call is
    /// slow (`slow`), two calls with no warm-up, since sampling has just run it: an operation that
    /// alternates two states (a value set to null and back) is counted once in each.
    static func allocations(
        _ counter: Result<AllocationCounter, AllocationCounter.Unavailable>, _ measurement: SuiteMeasurement,
        _ subject: SuiteMeasurement.Subject, batchSize: Int, slow: Bool = false
    ) -> Result<AllocationCount, AllocationCounter.Unavailable> {
        counter.map { counter in
            var count: AllocationCount
            if measurement.oneCallPerBatch {
                subject.setUp()
                count = counter.measure(iterations: 1, warmUp: 0, subject.operation)
                for _ in 1..<4 {
                    subject.setUp()
                    let more = counter.measure(iterations: 1, warmUp: 0, subject.operation)
                    count.iterations += more.iterations
                    count.allocations += more.allocations
                    count.bytes += more.bytes
                }
            } else if slow {
                subject.setUp()
                count = counter.measure(iterations: 2, warmUp: 0, subject.operation)
            } else {
                subject.setUp()
                count = counter.measure(iterations: min(max(batchSize, 4), 256), subject.operation)
            }
            count.iterations *= measurement.operationsPerCall
            return count
        }
    }

    /// One fitted line per scaling curve and strategy, through the median of each of the curve's
    /// measurements among `records`.
    public func fits(_ records: [MeasurementRecord], suite: Suite) -> [FitRecord] {
        let points: [(SuiteMeasurement, Double, Double)] = selected(suite).compactMap { measurement in
            guard let curve = measurement.curve,
                let record = records.first(where: { $0.name == measurement.name && $0.strategy == measurement.strategy })
            else { return nil }
            return (measurement, curve.x(), record.summary.median)
        }
        return Self.fits(points)
    }

    /// One fitted line per curve and strategy, through each point's median.
    static func fits(_ points: [(SuiteMeasurement, Double, Double)]) -> [FitRecord] {
        var keys: [(String, Strategy)] = []
        for (measurement, _, _) in points where !keys.contains(where: { $0 == (measurement.curve!.name, measurement.strategy) }) {
            keys.append((measurement.curve!.name, measurement.strategy))
        }
        return keys.compactMap { name, strategy in
            let curve = points.filter { $0.0.curve!.name == name && $0.0.strategy == strategy }
            guard Set(curve.map(\.1)).count >= 2 else { return nil }
            return FitRecord(
                fitting: curve.map { FitRecord.Point(x: $0.1, y: $0.2) }, name: name, strategy: strategy,
                xUnit: curve[0].0.curve!.xUnit)
        }
    }

    // MARK: - Counts

    /// Runs every selected scenario under every selected strategy; one count per body, in scenario
    /// order, each scenario's strategies in `Suite.strategies`' order.
    ///
    /// Counts are of body re-runs, not of time, so nothing forbids counting on both cores at once: the
    /// costliest scenarios (by their retained handles; a derived phase body over a thousand handles
    /// walks a thousand verdicts to start) go to a second thread with subjects of its own, read again
    /// from the same spec, so the two threads share no object; the rest are counted here meanwhile.
    public func count(_ subjects: BenchSubjects) throws -> [CountRecord] {
        let strategies = Suite.strategies.filter { options.strategies.includes($0.0) }.map(\.0)
        let scenarios = selectedScenarios(subjects)
        let items = scenarios.indices.flatMap { index in strategies.map { CountingItem(scenario: index, strategy: $0) } }
        let (here, there) = Self.shares(items, handleCounts: scenarios.map(\.0.handleCount))
        let elsewhere = BackgroundCounting(options: options, items: there)
        if !there.isEmpty {
            progress.note("counting \(there.count) of \(items.count) scenario runs on a second thread")
            elsewhere.start()
        }
        var counts: [CountingItem: [CountRecord]] = [:]
        for (position, item) in here.enumerated() {
            let (scenario, _) = scenarios[item.scenario]
            progress.note("[scenario \(position + 1)/\(here.count)] \(scenario.name) \(item.strategy.rawValue)")
            counts[item] = try Self.count(item, scenarios: scenarios, spec: subjects.spec)
        }
        if !there.isEmpty {
            progress.note("waiting for the second thread's \(there.count) scenario runs")
            for (item, records) in try elsewhere.wait() { counts[item] = records }
        }
        return items.flatMap { counts[$0]! }
    }

    /// One scenario run under one strategy, counted.
    static func count(_ item: CountingItem, scenarios: [(Scenario, PickedOperation)], spec: Spec) throws -> [CountRecord] {
        let (scenario, picked) = scenarios[item.scenario]
        let phaseStrategy = Suite.strategies.first { $0.0 == item.strategy }!.1
        let outcome = try scenario.run(spec: spec, picked: picked, strategy: phaseStrategy)
        return outcome.reruns.map { CountRecord(scenario: scenario.name, strategy: item.strategy, body: $0.body, reruns: $0.reruns) }
    }

    /// The scenario runs counted here and those counted on the second thread: the second takes the
    /// costliest runs, estimated by retained handles (the derived strategy's at three times the others',
    /// its phase bodies walking every verdict), until it holds about half the estimated cost; with
    /// nothing that retains more than `quickHandleLimit` handles, everything is counted here, where a
    /// second thread would cost more to start than it saves.
    static func shares(_ items: [CountingItem], handleCounts: [Int]) -> (here: [CountingItem], there: [CountingItem]) {
        func cost(_ item: CountingItem) -> Int {
            (handleCounts[item.scenario] + 1) * (item.strategy == .derived ? 3 : 1)
        }
        guard handleCounts.contains(where: { $0 > quickHandleLimit }) else { return (items, []) }
        let total = items.reduce(0) { $0 + cost($1) }
        var there: Set<CountingItem> = []
        var load = 0
        for item in items.sorted(by: { cost($0) > cost($1) }) where load + cost(item) <= total / 2 || there.isEmpty {
            there.insert(item)
            load += cost(item)
        }
        return (items.filter { !there.contains($0) }, items.filter { there.contains($0) })
    }
}

/// One scenario (by its place among the run's selected scenarios) under one strategy.
struct CountingItem: Hashable, Sendable {
    let scenario: Int
    let strategy: Strategy
}
