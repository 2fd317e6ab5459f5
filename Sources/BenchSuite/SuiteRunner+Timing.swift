import BenchKit
import Harness

// The timing loop: the selected measurements sampled group by group, interleaved in this process.
extension SuiteRunner {
    /// Times every selected measurement, derived and stored of one name in alternation, and counts
    /// their allocations unless told not to.
    ///
    /// - Parameters:
    ///   - suite: The measurements to choose from.
    ///   - forks: How many processes the whole run measures in, for the sampling policy; this call
    ///     measures in this process only.
    ///   - countingAllocations: Whether to count allocations per operation; a fork after the first
    ///     does not, since the first's count stands for all.
    ///   - keys: The selected measurements to time, nil times all.
    public func measure(_ suite: Suite, forks: Int = 1, countingAllocations: Bool = true, keys: Set<MeasurementKey>? = nil) throws -> [MeasurementRecord] {
        let chosen = selected(suite).filter { keys?.contains($0.key) ?? true }
        let groups = Self.groups(chosen)
        let counter = AllocationCounter.process
        var records: [MeasurementRecord] = []
        for (index, group) in groups.enumerated() {
            // Each unit's measurement, then its partner's: the order of the sampler's results.
            var preparedGroup: [(SuiteMeasurement, SuiteMeasurement.Prepared)] = []
            for unit in group {
                if let partner = unit.partner, let alternation = unit.measurement.alternation {
                    let pair = try alternation.preparePair()
                    preparedGroup += [(unit.measurement, pair.own), (partner, pair.partner)]
                } else {
                    preparedGroup.append((unit.measurement, try unit.measurement.prepare()))
                }
            }
            var policy = Self.policy(quick: options.quick, forks: forks)
            if preparedGroup.contains(where: { $0.0.oneCallPerBatch }) {
                policy.maximumBatchSize = 1
                // Each batch pays its set-up (a commit and a render pass) off the clock but not off the
                // run's time, and a short one takes up to 16 batches a round: the minimum alone would
                // take seconds. Three rounds still give the short ones dozens of samples a fork.
                policy.minimumSamples = min(policy.minimumSamples, Self.setUpMinimumSamples(quick: options.quick, forks: forks))
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
                progress.show(sampling, step: index + 1, of: groups.count, strategy: .unshaped)
            }
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
                harnessMeasurements.append(harness)
                position += 1
            }
            let results = sampler.runInterleaved(harnessMeasurements, order: .alternating)
            for (((measurement, prepared), result), oneCall) in zip(zip(preparedGroup, results), oneCalls) {
                let perOperation = Self.perOperation(result, measurement, policy)
                let allocations: AllocationRecord
                if !countingAllocations {
                    allocations = .unavailable("counted in the first fork only")
                } else if options.quick && isSlow {
                    allocations = .unavailable("not counted in a --quick run: one call takes \(FigureText.duration(slowest))")
                } else {
                    allocations = AllocationRecord(
                        Self.allocations(counter, measurement, prepared, batchSize: result.batchSize, oneCall: Double(oneCall)))
                }
                records.append(MeasurementRecord(perOperation, strategy: measurement.strategy, allocations: allocations))
            }
            progress.finishedGroup(
                ([group[0].measurement.name] + (group[0].partner.map { [$0.name] } ?? [])).joined(separator: " + "),
                step: index + 1, of: groups.count, samples: Self.sampleCounts(group, results))
        }
        progress.finish()
        // A pair is sampled where its first member stands: the records go back to the catalog's order.
        let position = Dictionary(uniqueKeysWithValues: chosen.enumerated().map { ($1.key, $0) })
        return records.sorted { position[$0.key]! < position[$1.key]! }
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
        result.summary = Summary(samples: result.samples, level: policy.confidenceLevel, resamples: policy.bootstrapResamples, seed: policy.seed)
        return result
    }

    /// Each unit of a sampled group's label (its strategy, or nothing) and samples, for the log's line:
    /// a pair's as `own+partner`, in the group's order.
    static func sampleCounts(_ group: [SamplingUnit], _ results: [MeasurementResult]) -> [(label: String, count: String)] {
        var counts: [(label: String, count: String)] = []
        var position = 0
        for unit in group {
            let label = unit.measurement.strategy == .unshaped ? "" : unit.measurement.strategy.rawValue
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
