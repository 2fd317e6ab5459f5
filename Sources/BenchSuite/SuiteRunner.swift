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
    /// time goes to the measurements whose samples do not. Warm-up is 10 ms a measurement: the code is
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
            policy.warmUp = .duration(nanoseconds: 10_000_000)
            policy.minimumSamples = 6
            policy.maximumSamples = 40
            policy.targetRelativeHalfWidth = 0.01
            policy.timeBudgetNanoseconds = max(100_000_000, 800_000_000 / UInt64(forks))
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
        var groups: [[SuiteMeasurement]] = []
        for measurement in chosen {
            if let last = groups.last?.first, last.name == measurement.name { groups[groups.count - 1].append(measurement) } else { groups.append([measurement]) }
        }
        let counter = AllocationCounter.process
        var records: [MeasurementRecord] = []
        for (index, group) in groups.enumerated() {
            let subjects = try group.map { ($0, try $0.prepare()) }
            var policy = Self.policy(quick: options.quick, forks: forks)
            if group.contains(where: \.oneCallPerBatch) {
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
                    quick: options.quick, forks: forks, curvePoint: group.allSatisfy { $0.curve != nil })
                policy.warmUp = .iterations(0)
            }
            // The harness names carry the strategy (`name [derived]`), so the line needs no strategy of its own.
            let sampler = Sampler(policy: policy, timer: timer) { sampling in
                progress.show(sampling, step: index + 1, of: groups.count, strategy: .none)
            }
            let harnessMeasurements = zip(subjects, oneCalls).map { pair, oneCall in
                let (measurement, subject) = pair
                var harness = Measurement(measurement.harnessName, setUp: subject.setUp, operation: subject.operation)
                // Thousands of times the batch target, cold or warm: the batch size calibration would
                // find is 1, and timing it again would cost another slow call.
                if Double(oneCall) > Self.slowCallNanoseconds { harness.knownBatch = .init(size: 1, nanoseconds: oneCall) }
                return harness
            }
            let results = harnessMeasurements.count == 1
                ? [sampler.run(harnessMeasurements[0])] : sampler.runInterleaved(harnessMeasurements, order: .alternating)
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
        return records
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

    /// Runs every selected scenario under every selected strategy; one count per body.
    public func count(_ subjects: BenchSubjects) throws -> [CountRecord] {
        var counts: [CountRecord] = []
        let strategies = Suite.strategies.filter { options.strategies.includes($0.0) }
        let scenarios = selectedScenarios(subjects)
        for (index, (scenario, picked)) in scenarios.enumerated() {
            for (strategy, phaseStrategy) in strategies {
                progress.note("[scenario \(index + 1)/\(scenarios.count)] \(scenario.name) \(strategy.rawValue)")
                let outcome = try scenario.run(spec: subjects.spec, picked: picked, strategy: phaseStrategy)
                counts += outcome.reruns.map { CountRecord(scenario: scenario.name, strategy: strategy, body: $0.body, reruns: $0.reruns) }
            }
        }
        return counts
    }
}
