import Harness
import SeededRandom

// MARK: - The timing loop: the selected measurements sampled group by group, interleaved in this process.
extension SuiteRunner {
    /// Times every selected measurement, the shapes of one name interleaved round by round, and counts
    /// their allocations unless told not to.
    ///
    /// The groups the timing limits read (`gating`) go first, in the catalog's order, before anything
    /// else is built or timed, and their allocations are counted only once all of them are timed: so
    /// in every fork of every look they are timed in the same context (a fresh process, the same groups
    /// before them), and a fork of a later look, which times them alone, is interchangeable with a fork
    /// of the first. They take more samples (`gatingPolicy(quick:forks:)`): a fork's ratio of two shapes
    /// is one observation of a paired limit, and its own noise goes into the limit's interval. Within
    /// every group, each round takes the shapes in a fresh order, shuffled from `orderSeed`, this fork's
    /// number and the group's place (`roundOrderSeed(run:fork:group:)`).
    ///
    /// - Parameters:
    ///   - suite: The measurements to choose from.
    ///   - forks: How many processes the whole run measures in, for the sampling policy; this call
    ///     measures in this process only.
    ///   - fork: This process's number among them, 1-based, for the round orders.
    ///   - countingAllocations: Whether to count allocations per operation; a fork after the first
    ///     does not, since the first's count stands for all.
    ///   - keys: The selected measurements to time, nil times all.
    ///   - gating: The measurements the timing limits read, with their partners (`gating(for:from:)`).
    ///   - orderSeed: The run's seed of the shuffled round orders, which its results file records.
    func measure(
        _ suite: Suite, forks: Int = 1, fork: Int = 1, countingAllocations: Bool = true, keys: Set<MeasurementKey>? = nil,
        gating: Set<MeasurementKey> = [], orderSeed: UInt64 = 0
    ) throws -> [MeasurementRecord] {
        let chosen = selected(suite).filter { keys?.contains($0.key) ?? true }
        let all = Self.groups(chosen)
        func isGating(_ group: [SamplingUnit]) -> Bool {
            group.contains { gating.contains($0.measurement.key) || ($0.partner.map { gating.contains($0.key) } ?? false) }
        }
        let groups = all.filter(isGating) + all.filter { !isGating($0) }
        let gatingCount = all.filter(isGating).count
        let counter = AllocationCounter.process
        var records: [MeasurementRecord] = []
        var deferred: [TimedGroup] = []
        for (index, group) in groups.enumerated() {
            let timed = try time(group, index: index, of: groups.count, forks: forks, gating: index < gatingCount,
                order: .shuffled(seed: Self.roundOrderSeed(run: orderSeed, fork: fork, group: index)))
            // A gating group's allocations wait for the last gating group, so that the first fork, which
            // counts them, times every gating group as the others do.
            if index < gatingCount {
                deferred.append(timed)
            } else {
                records += timed.records(counter: counter, counting: countingAllocations, quick: options.quick)
            }
            if index == gatingCount - 1 {
                for timed in deferred { records += timed.records(counter: counter, counting: countingAllocations, quick: options.quick) }
                deferred = []
            }
        }
        progress.finish()
        // Groups are sampled where they stand in this order: the records go back to the catalog's.
        let position = Dictionary(uniqueKeysWithValues: chosen.enumerated().map { ($1.key, $0) })
        return records.sorted { position[$0.key]! < position[$1.key]! }
    }

    /// The seed of the shuffled round orders of the `group`th group (0-based, in the order timed) of
    /// fork `fork` in a run of seed `run`: every fork and every group takes its own sequence of orders.
    static func roundOrderSeed(run: UInt64, fork: Int, group: Int) -> UInt64 {
        var generator = SplitMix64(seed: run ^ (UInt64(fork) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(group) &* 0xBF58_476D_1CE4_E5B9))
        return generator.next()
    }

    /// A group sampled: each measurement's prepared state, result and one timed call, waiting for its
    /// allocations to be counted.
    private struct TimedGroup {
        var entries: [(measurement: SuiteMeasurement, prepared: SuiteMeasurement.Prepared, result: MeasurementResult, oneCall: UInt64)]
        var policy: SamplingPolicy
        var isSlow: Bool
        var slowest: Double

        func records(counter: Result<AllocationCounter, AllocationCounter.Unavailable>, counting: Bool, quick: Bool) -> [MeasurementRecord] {
            entries.map { entry in
                let perOperation = SuiteRunner.perOperation(entry.result, entry.measurement, policy)
                let allocations: AllocationRecord
                if !counting {
                    allocations = .unavailable("counted in the first fork only")
                } else if quick && isSlow {
                    allocations = .unavailable("not counted in a --quick run: one call takes \(FigureText.duration(slowest))")
                } else {
                    allocations = AllocationRecord(
                        SuiteRunner.allocations(
                            counter, entry.measurement, entry.prepared, batchSize: entry.result.batchSize, oneCall: Double(entry.oneCall)))
                }
                return MeasurementRecord(
                    perOperation, strategy: entry.measurement.strategy, allocations: allocations,
                    operationsPerCall: entry.measurement.operationsPerCall)
            }
        }
    }

    /// Prepares and samples one group, its units interleaved round by round in `order`.
    private func time(
        _ group: [SamplingUnit], index: Int, of count: Int, forks: Int, gating: Bool, order: Sampler.RoundOrder
    ) throws -> TimedGroup {
        let preparedGroup = try Self.prepare(group)
        var names: [String] = []
        for name in group.flatMap({ [$0.measurement.name] + ($0.partner.map { [$0.name] } ?? []) }) where !names.contains(name) {
            names.append(name)
        }
        var policy = gating
            ? Self.gatingPolicy(quick: options.quick, forks: forks, names: names.count) : Self.policy(quick: options.quick, forks: forks)
        if preparedGroup.contains(where: { $0.0.oneCallPerBatch }) {
            policy.maximumBatchSize = 1
            // Each batch pays its set-up (a commit and a render pass) off the clock but not off the
            // run's time, and a short one takes up to 16 batches a round: the minimum alone would
            // take seconds. Three rounds still give the short ones dozens of samples a fork.
            if !gating { policy.minimumSamples = min(policy.minimumSamples, Self.setUpMinimumSamples(quick: options.quick, forks: forks)) }
            // A --quick round pays a set-up for every batch, and the set-up (a commit and a render
            // pass over ten handles) is the slow part: four short batches a round, not sixteen.
            if options.quick { policy.maximumBatchesPerRound = Self.quickSetUpBatchesPerRound }
        }
        let oneCalls = preparedGroup.map { Self.timeOneCall($0.1) }
        let slowest = Double(oneCalls.max() ?? 0)
        let isSlow = slowest > Self.slowCallNanoseconds
        if isSlow {
            // A call of a tenth of a second or more: fewer samples still bound the median, and the
            // interval printed beside it says how well. The call just timed warmed each one.
            policy.minimumSamples = Self.slowMinimumSamples(quick: options.quick, forks: forks)
            policy.warmUp = .iterations(0)
        }
        if group.allSatisfy({ $0.measurement.curve != nil }) {
            policy.minimumSamples = Self.curvePointMinimumSamples(policy.minimumSamples, quick: options.quick, forks: forks)
        }
        // The harness names carry the strategy (`name [derived]`), so the line needs no strategy of its own.
        let sampler = Sampler(policy: policy, timer: timer) { sampling in
            progress.show(sampling, step: index + 1, of: count, strategy: .unshaped)
        }
        let harnessMeasurements = harness(group, preparedGroup, oneCalls: oneCalls)
        let results = sampler.runInterleaved(harnessMeasurements, order: order)
        progress.finishedGroup(names.joined(separator: " + "), step: index + 1, of: count, samples: Self.sampleCounts(group, results))
        let entries = zip(zip(preparedGroup, results), oneCalls).map { pair, oneCall in
            (measurement: pair.0.0, prepared: pair.0.1, result: pair.1, oneCall: oneCall)
        }
        return TimedGroup(entries: entries, policy: policy, isSlow: isSlow, slowest: slowest)
    }

    /// Each unit's measurement prepared, then its partner's: the order of the sampler's results.
    private static func prepare(_ group: [SamplingUnit]) throws -> [(SuiteMeasurement, SuiteMeasurement.Prepared)] {
        var preparedGroup: [(SuiteMeasurement, SuiteMeasurement.Prepared)] = []
        for unit in group {
            if let partner = unit.partner, let alternation = unit.measurement.alternation {
                let pair = try alternation.preparePair()
                preparedGroup += [(unit.measurement, pair.own), (partner, pair.partner)]
            } else {
                preparedGroup.append((unit.measurement, try unit.measurement.prepare()))
            }
        }
        return preparedGroup
    }

    /// The harness's measurements of a prepared group: a unit with a partner as one alternating
    /// pair, any other alone, in this run's batch size where it has one.
    private func harness(
        _ group: [SamplingUnit], _ preparedGroup: [(SuiteMeasurement, SuiteMeasurement.Prepared)], oneCalls: [UInt64]
    ) -> [Harness.Measurement] {
        var harnessMeasurements: [Harness.Measurement] = []
        var position = 0
        for unit in group {
            let (measurement, prepared) = preparedGroup[position]
            if let partner = unit.partner {
                harnessMeasurements.append(
                    Measurement(
                        measurement.key.label, operation: prepared.operation,
                        alternatingWith: partner.key.label, partnerOperation: preparedGroup[position + 1].1.operation))
                position += 2
                continue
            }
            var harness = Measurement(measurement.key.label, setUp: prepared.setUp, operation: prepared.operation)
            // Thousands of times the batch target, cold or warm: the batch size calibration would
            // find is 1, and timing it again would cost another slow call.
            if Double(oneCalls[position]) > Self.slowCallNanoseconds {
                harness.knownBatch = .init(size: 1, nanoseconds: oneCalls[position])
            }
            harness.fixedBatchSize = batchSizes[measurement.key]
            harnessMeasurements.append(harness)
            position += 1
        }
        return harnessMeasurements
    }

    /// A measurement and, when it is timed in alternation with another, that other.
    struct SamplingUnit {
        let measurement: SuiteMeasurement
        let partner: SuiteMeasurement?
    }

    /// The measurements sampled together: each name's strategies in one group, in the catalog's order,
    /// and measurements of several names that share a `sampledWith` in one group (their rounds are one
    /// set); the groups of two names that alternate (`SuiteMeasurement.Alternation`), both selected
    /// with the same strategies, become one group of pairs where the first of them stands.
    static func groups(_ chosen: [SuiteMeasurement]) -> [[SamplingUnit]] {
        var byName: [[SuiteMeasurement]] = []
        for measurement in chosen {
            if let last = byName.last?.first, last.groupName == measurement.groupName {
                byName[byName.count - 1].append(measurement)
            } else {
                byName.append([measurement])
            }
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

    /// One call after its set-up, timed: how slow the operation is, before choosing how to sample it.
    static func timeOneCall(_ prepared: SuiteMeasurement.Prepared) -> UInt64 {
        prepared.setUp()
        let start = MonotonicClock.now()
        blackHole(prepared.operation())
        return MonotonicClock.now() &- start
    }

    /// The result under the measurement's own name, per operation: a row of eight reads divided by 8.
    static func perOperation(_ result: MeasurementResult, _ measurement: SuiteMeasurement, _ policy: SamplingPolicy) -> MeasurementResult {
        var result = result
        result.name = measurement.name
        guard measurement.operationsPerCall > 1 else { return result }
        let divisor = Double(measurement.operationsPerCall)
        result.samples = result.samples.map { $0 / divisor }
        result.threadCPUSamples = result.threadCPUSamples?.map { $0 / divisor }
        result.summary = Summary(samples: result.samples, level: policy.confidenceLevel, resamples: policy.bootstrapResamples, seed: policy.seed)
        return result
    }

    /// Each unit of a sampled group's label (its strategy, or nothing) and samples, for the log's line:
    /// a pair's as `own+partner`, in the group's order.
    static func sampleCounts(_ group: [SamplingUnit], _ results: [MeasurementResult]) -> [(label: String, count: String)] {
        // A group of several names labels each by its name's first word (`observable`, `field`), or by
        // the part where the names differ (`no handle`, `1 handle`) after its strategy: the strategy
        // alone would not tell them apart.
        let names = Set(group.map(\.measurement.name))
        let byWord = Set(names.map { $0.prefix { $0 != "." } }).count == names.count
        func differing(_ name: String) -> String {
            // After the last `(` or `, ` the names share, up to the closing parenthesis.
            let shared = names.filter { $0 != name }.map { name.commonPrefix(with: $0) }.min { $0.count < $1.count } ?? ""
            let start = [shared.range(of: "(", options: .backwards)?.upperBound, shared.range(of: ", ", options: .backwards)?.upperBound]
                .compactMap { $0.map { shared.distance(from: shared.startIndex, to: $0) } }.max() ?? 0
            let middle = name.dropFirst(start).reversed().drop { $0 == ")" }.reversed()
            return middle.isEmpty ? name : String(middle)
        }
        var counts: [(label: String, count: String)] = []
        var position = 0
        for unit in group {
            let measurement = unit.measurement
            let strategy = measurement.strategy == .unshaped ? "" : measurement.strategy.rawValue
            let label = names.count > 1
                ? (byWord ? String(measurement.name.prefix { $0 != "." }) : [strategy, "(\(differing(measurement.name)))"].filter { !$0.isEmpty }.joined(separator: " "))
                : strategy
            if unit.partner != nil {
                counts.append((label, "\(results[position].samples.count)+\(results[position + 1].samples.count)"))
                position += 2
            } else {
                counts.append((label, "\(results[position].samples.count)"))
                position += 1
            }
        }
        return counts
    }
}

// MARK: - How each process samples: the run's policy, what slow measurements and those needing a set-up per
// batch are allowed instead, and the rule in words for the results file.
extension SuiteRunner {
    /// The sampling policy of one process: the full run's, or `--quick`'s few samples.
    ///
    /// A fork of a run in several samples until its median is known to ±1 % (95 % order-statistic
    /// interval), at least 6 rounds and at most 40, within a share of the single process's time: what
    /// decides a comparison across runs is how much one process differs from the next, which only more
    /// processes show, so a fork whose samples already agree gains nothing from more of them, and the
    /// time goes to the measurements whose samples do not. The budget is 50 ms a group in a run of 8
    /// forks: one fork's error at that budget is still under the spread between forks, so the
    /// comparison rests on the differences between processes (the run that showed it is in
    /// docs/sampling-in-forks.md). Warm-up is 5 ms a measurement: the code is
    /// compiled ahead of time, so warming fills caches and predictors, which takes microseconds to a
    /// few milliseconds here. `StoppingRule` states the rule; the results file's `method` quotes it.
    ///
    /// - Parameters:
    ///   - quick: Whether the run is `--quick`.
    ///   - forks: How many processes the run measures in.
    static func policy(quick: Bool, forks: Int = 1) -> SamplingPolicy {
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

    /// The sampling policy of a group a timing limit reads, in one process.
    ///
    /// A paired limit's figure is each fork's ratio of two shapes' medians, and each fork's own noise is
    /// inside it: at the run's 50 ms a group the commits the cost limits read (about a millisecond a
    /// call) took 3 or 4 samples a shape, and a fork's ratio strayed by 5-17 % (the standard deviation of
    /// the forks' log ratios about their run's median, in the committed results files of limits version 4).
    /// Such a group samples until each median is known to ±0.7 % (so a fork's ratio of two to about
    /// ±1 %), at least 12 rounds and at most 200, within 400 ms for each name the group samples (a
    /// commit with one handle and the same commit without one share their rounds, and each keeps the
    /// rounds it took alone). A `--quick` run and a run in one process sample as the others do.
    ///
    /// - Parameter names: How many measurement names the group samples together.
    static func gatingPolicy(quick: Bool, forks: Int, names: Int = 1) -> SamplingPolicy {
        var policy = policy(quick: quick, forks: forks)
        guard !quick, forks > 1 else { return policy }
        policy.minimumSamples = 12
        policy.maximumSamples = 200
        policy.targetRelativeHalfWidth = 0.007
        policy.timeBudgetNanoseconds = gatingBudgetPerName * UInt64(max(1, names))
        return policy
    }

    /// A gating group's time budget for each measurement name it samples.
    static let gatingBudgetPerName: UInt64 = 400_000_000

    /// The fewest samples of a measurement whose one call takes `slowCallNanoseconds` or more.
    static func slowMinimumSamples(quick: Bool, forks: Int) -> Int {
        quick ? 2 : forks == 1 ? 6 : 3
    }

    /// The fewest rounds of a group of scaling-curve points in a run of several forks, given the
    /// fewest its kind would take otherwise: half of them, rounded up, and at least 2.
    ///
    /// Every fork still takes every point, and a curve's fit and its headroom rest on all its points
    /// across all the forks that took them (a two-stage bootstrap: forks, then each fork's samples),
    /// so a point's precision within one fork counts for less than one limit's measurement does: in
    /// the figures of record the fork medians of a curve point lie 3 % to 90 % of its median apart,
    /// against a target of ±1 % within a fork. The rounds taken past the time budget are where the
    /// minutes of a run go: every frame over a hundred roots pays a set-up, and the stored chain's
    /// commit over a thousand handles takes a quarter of a second. No limit reads a curve point.
    static func curvePointMinimumSamples(_ minimum: Int, quick: Bool, forks: Int) -> Int {
        quick || forks == 1 ? minimum : max(2, (minimum + 1) / 2)
    }

    /// The most batches a round of a `--quick` run takes of a measurement whose every batch needs its
    /// own set-up.
    static let quickSetUpBatchesPerRound = 4

    /// The fewest rounds of a group whose every batch needs its own set-up, in a `--quick` run or a run
    /// of several forks.
    static func setUpMinimumSamples(quick: Bool, forks: Int) -> Int {
        quick || forks > 1 ? 3 : Int.max
    }

    /// The sampling rule of a run, clause by clause, for the results file's `method`.
    static func samplingDescription(quick: Bool, forks: Int) -> [String] {
        let policy = Self.policy(quick: quick, forks: forks)
        let gating = Self.gatingPolicy(quick: quick, forks: forks)
        let warmUp: String
        switch policy.warmUp {
        case .duration(let nanoseconds): warmUp = "warm-up \(nanoseconds / 1_000_000) ms a measurement"
        case .iterations(let count): warmUp = "warm-up \(count) calls a measurement"
        }
        let slow = FigureText.duration(slowCallNanoseconds)
        var clauses = ["\(forks > 1 ? "in each fork, " : "")\(warmUp)", StoppingRule(policy: policy).description]
        if gating != policy {
            clauses.append("a group a timing limit reads: " + StoppingRule(policy: gating).description + " for each measurement name it samples")
        }
        clauses.append(
            "measurements sampled together with one whose single call takes \(slow) or more: that call, timed "
                + "once before sampling, is their warm-up and the slow one's calibration, and they take at least "
                + "\(slowMinimumSamples(quick: quick, forks: forks)) rounds")
        if quick || forks > 1 {
            clauses.append(
                "measurements whose every batch needs its own set-up take at least \(setUpMinimumSamples(quick: quick, forks: forks)) rounds"
                    + (quick ? " of at most \(quickSetUpBatchesPerRound) batches" : ""))
            if quick { clauses.append("measurements retaining more than \(quickHandleLimit) handles are left out") }
        }
        if forks > 1 && !quick {
            clauses.append(
                "a group of points of a scaling curve takes at least half the rounds its kind takes otherwise, "
                    + "rounded up, and at least 2 (\(curvePointMinimumSamples(policy.minimumSamples, quick: quick, forks: forks)) "
                    + "where the others take \(policy.minimumSamples))")
        }
        clauses.append(
            "two such measurements whose calls each put the other's state in place (the field errors' landing and "
                + "clearing frames) are sampled in alternation over one world, each call timed and the set-up of the next")
        return clauses
    }

    /// A call at least this long makes a measurement slow: fewer samples, and no allocation pass in
    /// a `--quick` run.
    static let slowCallNanoseconds: Double = 50_000_000
}

// MARK: - The allocation pass, off the clock, after a group's sampling.
extension SuiteRunner {
    /// Allocations per operation, counted in a pass of their own, off the clock: for an operation that
    /// needs its set-up before each call, four calls each after their set-up, or two when one call
    /// takes `longSetUpCallNanoseconds` or more; for one whose call is slow (`slow`), two calls with
    /// no warm-up, since sampling has just run it: an operation that alternates two states (a value
    /// set to null and back) is counted once in each.
    ///
    /// - Parameter oneCall: How long one call took, timed before sampling.
    static func allocations(
        _ counter: Result<AllocationCounter, AllocationCounter.Unavailable>, _ measurement: SuiteMeasurement,
        _ prepared: SuiteMeasurement.Prepared, batchSize: Int, oneCall: Double = 0
    ) -> Result<AllocationCount, AllocationCounter.Unavailable> {
        let slow = oneCall > slowCallNanoseconds
        return counter.map { counter in
            var count: AllocationCount
            if measurement.oneCallPerBatch {
                prepared.setUp()
                count = counter.measure(iterations: 1, warmUp: 0, prepared.operation)
                for _ in 1..<(oneCall >= longSetUpCallNanoseconds ? 2 : 4) {
                    prepared.setUp()
                    let more = counter.measure(iterations: 1, warmUp: 0, prepared.operation)
                    count.iterations += more.iterations
                    count.allocations += more.allocations
                    count.bytes += more.bytes
                }
            } else if slow {
                prepared.setUp()
                count = counter.measure(iterations: 2, warmUp: 0, prepared.operation)
            } else {
                prepared.setUp()
                count = counter.measure(iterations: min(max(batchSize, 4), 256), prepared.operation)
            }
            count.iterations *= measurement.operationsPerCall
            return count
        }
    }

    /// A call at least this long, after its set-up, is counted twice rather than four times: a frame
    /// allocates alike call after call (the figures of record's frames count exactly four times what
    /// one call allocates), and its four calls were half of the first fork's allocation pass.
    static let longSetUpCallNanoseconds: Double = 5_000_000
}

// MARK: - The scaling curves: a line fitted through each curve's medians.
extension SuiteRunner {
    /// One fitted line per scaling curve and strategy, through the median of each of the curve's
    /// measurements among `records`.
    func fits(_ records: [MeasurementRecord], suite: Suite) -> [FitRecord] {
        let points: [(SuiteMeasurement, Double, Double)] = selected(suite).compactMap { measurement in
            guard let curve = measurement.curve,
                let record = records.record(measurement.key)
            else { return nil }
            return (measurement, curve.x, record.summary.median)
        }
        return Self.fits(points)
    }

    /// One fitted line per curve and strategy, through each point's median.
    static func fits(_ points: [(SuiteMeasurement, Double, Double)]) -> [FitRecord] {
        var keys: [(String, FigureStrategy)] = []
        for (measurement, _, _) in points where !keys.contains(where: { $0 == (measurement.curve!.name, measurement.strategy) }) {
            keys.append((measurement.curve!.name, measurement.strategy))
        }
        return keys.compactMap { name, strategy in
            let curve = points.filter { $0.0.curve!.name == name && $0.0.strategy == strategy }
            guard Set(curve.map(\.1)).count >= 2 else { return nil }
            return FitRecord(
                fitting: curve.map { FitRecord.Point(x: $0.1, y: $0.2, measurement: $0.0.name) }, name: name, strategy: strategy,
                xUnit: curve[0].0.curve!.xUnit)
        }
    }
}
