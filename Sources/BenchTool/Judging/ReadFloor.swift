import Harness

/// How close the model's reads come to Observation's own, from one run's figures: the section "reads at
/// Observation's floor", each figure beside its goal.
///
/// The goals are the read floor's, set when the model was brought to Observation's floor: the
/// untracked field read at most 1.5x the plain `@Observable` untracked read, the tracked one at most
/// 1.1x, no allocation per read, and the untracked verdict walk's instructions per slot at most 1.5x an
/// `@Observable` read's.
/// They are reported, never judged as limits: the limits file holds the decision's limits alone.
///
/// Each timing ratio is the ratio of the two medians, with the percentile-bootstrap interval of that
/// ratio at `compare`'s level, resamples and seed, so the same file always gives the same figures. Both
/// sides were measured in the same forks, so each resample draws the forks once for both
/// (`Statistics.bootstrapPairedMedianRatioInterval`): a `ratioOfMedians` limit (`Judge.judgeRatio`)
/// draws each side's forks apart, and a fork that ran slow for both would widen the interval by a
/// difference neither side has. The walk's ratio is of
/// instruction counts: exact, so without an interval, unless the run counted them again under other
/// hash seeds, when the interval is the range over every seed counted.
enum ReadFloor {
    /// How a timing ratio's figure is made from the two sides' forks.
    enum RatioMethod: Sendable, Equatable {
        /// Each side's forks drawn apart in the bootstrap of the ratio of medians: files made before the
        /// forks were paired.
        case forksApart
        /// The bootstrap draws the forks once for both sides: files made before the fork ratios, and a
        /// run of too few forks for the fork ratios' interval.
        case pairedBootstrap
        /// One vote a fork: the Hodges-Lehmann estimate of the forks' ratios and its Wilcoxon signed-rank
        /// interval (`PairedRatio`), as the cost limits are judged; the two sides are sampled in the same
        /// rounds of every fork.
        case forkRatios
    }

    /// How recorded figures were made, read off their timing intervals' methods, so that a file is
    /// checked as it was made.
    static func ratioMethod(_ recorded: [ReadFloorFigure]) -> RatioMethod {
        let intervals = recorded.compactMap(\.interval)
        if intervals.isEmpty || intervals.contains(where: { $0.method == PairedRatio.method }) { return .forkRatios }
        return intervals.contains { $0.method.hasPrefix("paired") } ? .pairedBootstrap : .forksApart
    }

    /// The section's figures from a run's measurements, or nil when the run measured none of them
    /// (a `--filter` that left every read out).
    ///
    /// - Parameters:
    ///   - measurements: The run's measurements; the floor's are strategy-free (`FigureStrategy.unshaped`).
    ///   - subjects: The run's subjects: the walk's slot count is its subject's.
    ///   - buildConfiguration: `release` or `debug`: a debug build's timings are not judged.
    ///   - quick: Whether the run was `--quick`: its timings are indicative.
    ///   - ratioMethod: How a timing ratio is made from the forks: by the forks' ratios, as the bench
    ///     does now; a file written before is checked as it was made (`ratioMethod(_:)`).
    static func figures(
        measurements: [MeasurementRecord], subjects: [SubjectRecord], buildConfiguration: String,
        quick: Bool, ratioMethod: RatioMethod = .forkRatios
    ) -> [ReadFloorFigure]? {
        let found = Dictionary(
            measurements.filter { $0.strategy == .unshaped && KeyMeasurements.readFloor.contains($0.name) }.map { ($0.name, $0) },
            uniquingKeysWith: { first, _ in first })
        guard !found.isEmpty else { return nil }
        let reckoner = Reckoner(found: found, buildConfiguration: buildConfiguration, quick: quick, ratioMethod: ratioMethod)
        return [
            reckoner.timingRatio(
                "untracked-read", "the model's untracked field read over a plain @Observable untracked read",
                KeyMeasurements.fieldUntracked, over: KeyMeasurements.observableUntracked, goal: 1.5),
            reckoner.timingRatio(
                "tracked-read", "the model's tracked field read over a plain @Observable tracked read (each in a body's scope)",
                KeyMeasurements.fieldTracked, over: KeyMeasurements.observableTracked, goal: 1.1),
            reckoner.allocations(
                "allocations-per-read", "heap allocations per untracked field read", KeyMeasurements.fieldUntracked, beyond: nil),
            reckoner.allocations(
                "tracked-allocations-beyond-observable",
                "heap allocations per tracked field read beyond a tracked @Observable read's", KeyMeasurements.fieldTracked,
                beyond: KeyMeasurements.observableTracked),
            reckoner.walkRatio(
                KeyMeasurements.walk, over: KeyMeasurements.observableUntracked, slots: subjects.first { $0.role == KeyMeasurements.walkSubjectRole }?.slotsWalked,
                goal: 1.5),
        ]
    }
}

/// The arithmetic of one run's section.
private struct Reckoner {
    let found: [String: MeasurementRecord]
    let buildConfiguration: String
    let quick: Bool
    let ratioMethod: ReadFloor.RatioMethod

    func timingRatio(_ id: String, _ description: String, _ numerator: String, over denominator: String, goal: Double) -> ReadFloorFigure {
        func figure(_ value: Double?, _ interval: ConfidenceInterval?, _ verdict: LimitOutcome, _ reason: String) -> ReadFloorFigure {
            ReadFloorFigure(
                id: id, description: description, unit: .ratio, value: value, interval: interval, comparison: .lessThanOrEqualTo,
                goal: goal, verdict: verdict, reason: reason)
        }
        guard let top = found[numerator], let bottom = found[denominator] else {
            return figure(nil, nil, .notJudged, missing([numerator, denominator]))
        }
        guard top.samples.allSatisfy({ $0 > 0 }), bottom.samples.allSatisfy({ $0 > 0 }) else {
            return figure(nil, nil, .notJudged, "a ratio of medians needs positive samples, and '\(numerator)' or '\(denominator)' has one that is not")
        }
        let rule = ComparisonRule()
        let (groups, otherGroups) = (top.sampleGroups, bottom.sampleGroups)
        let paired = groups.count == otherGroups.count && groups.count > 1
        let ratio: Double
        let interval: ConfidenceInterval
        let figures: String
        if ratioMethod == .forkRatios, paired, let forkRatios = PairedRatio(groups: groups, over: otherGroups, level: rule.confidenceLevel) {
            // One vote a fork: both sides were sampled in the same rounds of every fork, and each fork's
            // ratio is judged as a cost limit's is.
            (ratio, interval) = (forkRatios.ratio, forkRatios.interval)
            figures = "median \(FigureText.duration(top.summary.median)) over \(FigureText.duration(bottom.summary.median)); "
                + "the forks' ratios \(FigureText.ratio(ratio)) (\(FigureText.compactPercent(interval.level)) CI, \(groups.count) forks paired)"
        } else {
            ratio = top.summary.median / bottom.summary.median
            // Both were measured in the run's same processes: a fork that ran slow ran slow for both, so
            // its forks are drawn together (one process each, as ever, when they are not).
            interval = ratioMethod != .forksApart && paired
                ? Statistics.bootstrapPairedMedianRatioInterval(
                    groups: groups, otherGroups, level: rule.confidenceLevel, resamples: rule.resamples, seed: rule.seed)
                : Statistics.bootstrapMedianRatioInterval(
                    groups: groups, otherGroups, level: rule.confidenceLevel, resamples: rule.resamples, seed: rule.seed)
            figures = "median \(FigureText.duration(top.summary.median)) over \(FigureText.duration(bottom.summary.median)) "
                + "(\(FigureText.compactPercent(interval.level)) CI of the ratio by bootstrap)"
        }
        guard buildConfiguration == "release" else {
            return figure(ratio, interval, .notJudged, "\(Judge.debugBuildReason) (\(figures) measured in a \(buildConfiguration) build)")
        }
        let verdict = Self.verdict(interval.lower, interval.upper, goal)
        guard !quick else { return figure(ratio, interval, .indicative, "--quick: timings are indicative; would be \(verdict.rawValue): \(figures)") }
        return figure(ratio, interval, verdict, figures)
    }

    func allocations(_ id: String, _ description: String, _ name: String, beyond floor: String?) -> ReadFloorFigure {
        func figure(_ value: Double?, _ verdict: LimitOutcome, _ reason: String) -> ReadFloorFigure {
            ReadFloorFigure(
                id: id, description: description, unit: .count, value: value, interval: nil, comparison: .lessThanOrEqualTo,
                goal: 0, verdict: verdict, reason: reason)
        }
        let names = [name] + (floor.map { [$0] } ?? [])
        let records = names.compactMap { found[$0] }
        guard records.count == names.count else { return figure(nil, .notJudged, missing(names)) }
        let counts = records.map(\.allocations.allocationsPerOperation)
        guard let own = counts[0] else {
            return figure(nil, .notJudged, "allocations not counted: \(records[0].allocations.unavailableReason ?? "no count")")
        }
        guard counts.count == 2 else {
            return figure(own, Self.verdict(own, own, 0), "'\(name)': \(FigureText.perOperation(own)) allocations a read")
        }
        guard let theirs = counts[1] else {
            return figure(nil, .notJudged, "allocations not counted: \(records[1].allocations.unavailableReason ?? "no count")")
        }
        let extra = own - theirs
        return figure(
            extra, Self.verdict(extra, extra, 0),
            "'\(name)' \(FigureText.perOperation(own)) a read, '\(floor ?? "")' \(FigureText.perOperation(theirs)) (the scope's own)")
    }

    func walkRatio(_ walkName: String, over readName: String, slots: Int?, goal: Double) -> ReadFloorFigure {
        func figure(_ value: Double?, _ interval: ConfidenceInterval?, _ verdict: LimitOutcome, _ reason: String) -> ReadFloorFigure {
            ReadFloorFigure(
                id: "walk-instructions-per-slot",
                description: "the untracked verdict walk's instructions per slot over an untracked @Observable read's",
                unit: .ratio, value: value, interval: interval, comparison: .lessThanOrEqualTo, goal: goal, verdict: verdict, reason: reason)
        }
        let names = [walkName, readName]
        guard let walk = found[names[0]], let read = found[names[1]] else { return figure(nil, nil, .notJudged, missing(names)) }
        guard let walked = walk.instructionsPerOperation, let floor = read.instructionsPerOperation else {
            return figure(nil, nil, .notJudged, "instructions were not counted (bench --instructions)")
        }
        guard let slots, slots > 0, floor > 0 else { return figure(nil, nil, .notJudged, "the walk's subject reads no slot") }
        let perSlot = walked / Double(slots)
        let ratio = perSlot / floor
        let reason = "\(FigureText.number(perSlot)) instructions a slot over \(slots) slots, against \(FigureText.number(floor)) a read"
        let walkSeeds = walk.instructionsUnderOtherHashSeeds ?? []
        let readSeeds = read.instructionsUnderOtherHashSeeds ?? []
        guard !walkSeeds.isEmpty || !readSeeds.isEmpty else {
            return figure(
                ratio, nil, Self.verdict(ratio, ratio, goal),
                reason + " (the fixed hash seed alone: how far the counts move with where hashed values land was not counted; "
                    + "bench --instructions --seeds 6 gives their range)")
        }
        // Each count may land anywhere in its range under another seed, independently of the other's.
        let walks = [walked] + walkSeeds
        let reads = [floor] + readSeeds
        let interval = ConfidenceInterval(
            lower: walks.min()! / Double(slots) / reads.max()!, upper: walks.max()! / Double(slots) / reads.min()!, level: 1,
            method: "the range over the fixed hash seed and the other seeds counted (\(walkSeeds.count) of the walk, \(readSeeds.count) of the read)")
        return figure(
            ratio, interval, Self.verdict(interval.lower, interval.upper, goal),
            reason + " (interval: the range under other hash seeds)")
    }

    private func missing(_ names: [String]) -> String {
        "this run has no measurement " + names.filter { found[$0] == nil }.map { "'\($0)'" }.joined(separator: " and ")
    }

    /// `lower...upper` against "at most `goal`", as a limit's interval is judged.
    private static func verdict(_ lower: Double, _ upper: Double, _ goal: Double) -> LimitOutcome {
        let comparison = Comparison.lessThanOrEqualTo
        if comparison.holds(upper, against: goal) { return .pass }
        return comparison.holdsSomewhere(in: lower, upper, against: goal) ? .undecided : .fail
    }
}
