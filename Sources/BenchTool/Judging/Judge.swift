import Foundation
import Harness

/// Judges a run's figures against the limits and concludes the decision, by the rules of the limits
/// file's version.
///
/// Pure: it reads the figures it is given and no clock, so every verdict and decision line is tested
/// with synthetic figures. The current rules (limits versions 5 and 6; 6 adds the clock and the noise):
/// - a `median` limit judges the median of the forks' medians on the exact order-statistic interval
///   over them (`ForkMedians`): one fork, one vote, on the limit's `clock` (the thread's CPU clock for
///   the paired ratios from version 6, the monotonic clock otherwise);
/// - a paired ratio (`pairedRatioToStored`, `pairedRatioOfMedians`) divides each fork's two medians
///   and is judged on `PairedRatio`'s interval (see `Judge+PairedRatio.swift`);
/// - each interval is two-sided at the level of the look its fork count is
///   (`LookSchedule.level(forks:shapes:)`): the decision's budget of a wrong ship shared by the
///   shapes with timing limits and spent over the looks; `pass` when the whole interval meets the
///   limit, `fail` when none of it does, `undecided` when it straddles, and then it says how many
///   forks at its spread would decide it;
/// - a debug build's timings are `notJudged` ("a debug build does not judge timing limits: build with
///   -c release"): unoptimized code says nothing about what ships;
/// - a `--quick` run's timings are `indicative`: their would-be verdict is printed, and they do not gate;
/// - a count limit (`minusStoredByBody`) is exact: `pass` or `fail`, body by body;
/// - a figure the run did not make (filtered out, or one shape not run) is `notJudged`;
/// - the first shape of the preference all of whose limits pass ships; a shape still undecided when
///   its schedule of looks is spent is set aside (see `Judge+Decision.swift`), unless its forks were
///   disturbed past the file's `noise` bounds: then the run is too noisy to decide (exit 3).
///
/// A file judged by a retired version (1 to 4) is judged again by that version's rules, each in a file
/// of its own under `RetiredRules/`, so that `bench validate` and `bench merge` reach the verdicts and
/// the decision the file records; the main path never branches on them.
struct Judge: Sendable {
    /// The limits, in the order verdicts are reported.
    var limits: [Limit]
    /// `debug` or `release`, as `MachineEnvironment.buildConfiguration` says.
    var buildConfiguration: String
    /// Whether the run was `--quick`.
    var quick: Bool
    /// The shapes of the limits file, in order of preference; nil for versions 1 and 2.
    var shapes: ShapePreference?
    /// The looks of the limits file; nil before version 4, whose intervals are at 95 %.
    var looks: LookSchedule?
    /// How many shapes share the decision's budget: those with a timing limit.
    var budgetShapes: Int
    /// The bounds of a disturbed run (limits version 6); nil before, when an undecided limit at its
    /// last look sets its shape aside whatever the machine did.
    var noise: NoiseBounds?

    /// The reason every timing limit of a debug build carries.
    static let debugBuildReason = "a debug build does not judge timing limits: build with -c release"

    /// A judge for a run of `buildConfiguration` (any but `release` judges no timing) and `quick`: the bench
    /// passes its own run's, and validating or merging a results file passes the file's.
    ///
    /// - Parameters:
    ///   - shapes: The limits file's `shapes` (from version 3); nil decides on derived alone.
    ///   - looks: The limits file's `looks` (from version 4); nil judges every interval at 95 %. The
    ///     current rules are those of a schedule that budgets the decision (version 5).
    ///   - noise: The limits file's `noise` (from version 6); nil judges no disturbance.
    init(
        limits: [Limit], buildConfiguration: String, quick: Bool, shapes: ShapePreference? = nil, looks: LookSchedule? = nil,
        noise: NoiseBounds? = nil
    ) {
        self.noise = noise
        self.limits = limits
        self.buildConfiguration = buildConfiguration
        self.quick = quick
        self.shapes = shapes
        self.looks = looks
        budgetShapes = LookSchedule.shapesSharingTheBudget(limits: limits, shapes: shapes)
    }

    /// The two-sided level of an interval judged on `forks` forks: the look's under the limits' schedule
    /// (`LookSchedule.level(forks:shapes:)`), 95 % without one.
    func level(forks: Int) -> Double {
        looks?.level(forks: forks, shapes: budgetShapes) ?? 0.95
    }

    /// Judges every limit against the run's figures.
    ///
    /// - Parameters:
    ///   - measurements: The timed measurements of the run.
    ///   - counts: The body re-run counts of the run.
    ///   - forkLoads: What the machine did in each fork, where the run read it: the median fork's
    ///     run-queue share is what `noise` holds the run to.
    /// - Returns: One judgement per limit, the decision, and the exit status.
    func judge(measurements: [MeasurementRecord], counts: [CountRecord], forkLoads: [ForkLoadRecord]? = nil) -> Judgement {
        guard let shapes, let looks, looks.budgetsTheDecision else {
            return judgeByRetiredRules(measurements: measurements, counts: counts)
        }
        let runQueueShare = ForkLoadSummary(forkLoads).medianRunQueueShare
        let judgements = limits.map { limit in
            var judgement =
                switch limit.statistic {
                case .median: judgeForkMedians(limit, measurements)
                case .pairedRatioToStored, .pairedRatioOfMedians: judgePairedRatio(limit, measurements)
                case .minusStoredByBody, .derivedMinusStored, .derivedMinusStoredByBody: judgeCount(limit, counts)
                case .medianAtMostStoredUpperBound, .ratioOfMedians: notCurrent(limit)
                }
            judgement.disturbance = disturbance(of: limit, measurements, runQueueShare: runQueueShare)
            return judgement
        }
        return Judgement(
            limits: judgements,
            decision: Self.decide(judgements, shapes: shapes, setAside: undecidedAtTheirLastLook(judgements, measurements), noise: noise),
            shapes: shapes, looks: looks)
    }

    /// How disturbed a timing limit's forks were, under a limits file that declares `noise`: the median
    /// fork's run-queue share, and for a ratio how well a fork knew its own ratio on the limit's clock.
    private func disturbance(of limit: Limit, _ measurements: [MeasurementRecord], runQueueShare: Double?) -> Disturbance? {
        guard let noise, limit.isTiming else { return nil }
        var spread: Double?
        let read = limit.measurementsRead.map { measurements.record($0) }
        if read.count == 2, let top = read[0]?.sampleGroups(on: limit.judgedClock), let bottom = read[1]?.sampleGroups(on: limit.judgedClock),
            top.count == bottom.count
        {
            spread = Self.withinForkSpread(top, bottom)
        }
        return Disturbance(runQueueShare: runQueueShare, ownRatioSpread: spread, bounds: noise)
    }

    // MARK: - Timings

    /// A median limit: the median of the forks' medians on the exact order-statistic interval over
    /// them (`ForkMedians`), at the level of the look its fork count is.
    private func judgeForkMedians(_ limit: Limit, _ measurements: [MeasurementRecord]) -> LimitJudgement {
        guard let measurement = timedRecord(limit, measurements) else { return missingTiming(limit) }
        let groups = measurement.sampleGroups
        let level = level(forks: groups.count)
        guard let medians = ForkMedians(groups: groups, level: level) else {
            let median = ForkMedians.median(of: groups)
            let units = groups.count == 1 ? "samples of one process" : "forks"
            let count = groups.count == 1 ? groups[0].count : groups.count
            let reason = "median \(FigureText.duration(median)): \(count) \(units) reach no \(FigureText.compactPercent(level)) interval; "
                + "it needs \(ForkMedians.fewest(level: level)) at least"
            let verdict: LimitOutcome = buildConfiguration != "release" ? .notJudged : quick ? .indicative : .undecided
            return LimitJudgement(
                limit: limit, value: median, interval: nil, verdict: verdict, gates: !quick,
                reason: quick ? Self.indicative(.undecided, reason) : buildConfiguration != "release" ? Self.debugBuildReason : reason)
        }
        let over = groups.count == 1 ? "one process" : "\(groups.count) forks' medians"
        let figure = "median \(FigureText.duration(medians.median, interval: medians.interval)) (\(FigureText.compactPercent(level)) CI, over \(over))"
        var judgement = judgeInterval(limit, value: medians.median, interval: medians.interval, figure: figure)
        if judgement.verdict == .undecided, let threshold = limit.threshold {
            judgement.reason += Self.forksToDecide(
                estimate: medians.median, interval: medians.interval, threshold: threshold, forks: groups.count)
        }
        return judgement
    }

    /// The record a `median` limit reads: its shape's, or the unshaped one where it names none.
    func timedRecord(_ limit: Limit, _ measurements: [MeasurementRecord]) -> MeasurementRecord? {
        measurements.record(MeasurementKey(name: limit.metric, strategy: limit.strategy ?? .unshaped))
    }

    /// `notJudged`: the run did not make the measurement a `median` limit reads.
    func missingTiming(_ limit: Limit) -> LimitJudgement {
        LimitJudgement(
            limit: limit, value: nil, interval: nil, verdict: .notJudged, gates: !quick,
            reason: "this run has no measurement '\(limit.metric)' (\((limit.strategy ?? .unshaped).rawValue))")
    }

    /// The limits left undecided, gating, when no look of the schedule follows the forks they were
    /// judged on: their shapes are set aside.
    /// - Returns: Each such limit's id, with the forks it was judged on.
    private func undecidedAtTheirLastLook(_ judgements: [LimitJudgement], _ measurements: [MeasurementRecord]) -> [String: Int] {
        guard let looks else { return [:] }
        var found: [String: Int] = [:]
        for judgement in judgements where judgement.gates && judgement.verdict == .undecided {
            guard let key = judgement.limit.measurementsRead.first, let record = measurements.record(key) else { continue }
            let forks = record.sampleGroups.count
            if looks.isLast(forks: forks) { found[judgement.limit.id] = forks }
        }
        return found
    }

    /// The most forks `forksToDecide` names; past it, it says the estimate is all but on the threshold.
    static let mostForksToSay = 1e9

    /// What would decide an undecided interval: the forks at which, its spread alike, its half-width
    /// would shrink (as one over the root of the forks) to the estimate's distance from the threshold.
    /// The critical value's own easing with more forks is left out, so the figure is a little generous.
    static func forksToDecide(estimate: Double, interval: ConfidenceInterval, threshold: Double, forks: Int, logarithmic: Bool = false) -> String {
        let scale: (Double) -> Double = logarithmic ? { Foundation.log($0) } : { $0 }
        let distance = abs(scale(estimate) - scale(threshold))
        let halfWidth = max(scale(interval.upper) - scale(estimate), scale(estimate) - scale(interval.lower))
        guard distance > 0 else { return "; the estimate sits on the threshold: no number of forks decides it" }
        let needed = (Double(forks) * (halfWidth / distance) * (halfWidth / distance)).rounded(.up)
        // An estimate a rounding error off the threshold needs more forks than a count can hold.
        guard needed < Self.mostForksToSay else {
            return "; the estimate sits all but on the threshold: more than \(Int(Self.mostForksToSay)) forks would be needed"
        }
        return "; at this spread about \(Int(needed)) forks would decide it"
    }

    /// A statistic the current rules retired (`medianAtMostStoredUpperBound`, `ratioOfMedians`: a pooled
    /// median against a bound, a bootstrap over pooled samples); the limits reader refuses it in a file
    /// of version 5, so only a judge made by hand meets it.
    private func notCurrent(_ limit: Limit) -> LimitJudgement {
        LimitJudgement(
            limit: limit, value: nil, interval: nil, verdict: .notJudged, gates: !quick,
            reason: "statistic '\(limit.statistic.rawValue)' is of limits versions 3 and 4; version 5 judges forks' medians")
    }

    /// A figure with an interval against the limit: `verdict(of:figure:_:)` in a release build, not
    /// judged in another (its timings say nothing about what ships), indicative in a `--quick` run.
    func judgeInterval(_ limit: Limit, value: Double, interval: ConfidenceInterval, figure: String) -> LimitJudgement {
        func judgement(_ verdict: LimitOutcome, _ reason: String) -> LimitJudgement {
            LimitJudgement(limit: limit, value: value, interval: interval, verdict: verdict, gates: !quick, reason: reason)
        }
        if buildConfiguration != "release" {
            return judgement(.notJudged, "\(Self.debugBuildReason) (\(figure) measured in a \(buildConfiguration) build)")
        }
        let (verdict, reason) = Self.verdict(of: interval, figure: figure, limit)
        guard quick else { return judgement(verdict, reason) }
        return judgement(.indicative, Self.indicative(verdict, reason))
    }

    /// A figure's interval against the limit's threshold: `pass` when the whole interval meets it,
    /// `fail` when none of it does, `undecided` when it straddles.
    static func verdict(of interval: ConfidenceInterval, figure: String, _ limit: Limit) -> (LimitOutcome, String) {
        let threshold = limit.threshold ?? 0
        let required = "\(limit.comparison.symbol) \(FigureText.threshold(threshold, unit: limit.unit))"
        if limit.comparison.holds(interval.lower, against: threshold) && limit.comparison.holds(interval.upper, against: threshold) {
            return (.pass, "\(figure): the whole interval is \(required)")
        }
        if !limit.comparison.holdsSomewhere(in: interval.lower, interval.upper, against: threshold) {
            return (.fail, "\(figure): no part of the interval is \(required)")
        }
        return (.undecided, "\(figure) straddles the threshold: part of it is \(required), part is not")
    }

    /// The reason of a `--quick` run's timing: what it would have been.
    static func indicative(_ verdict: LimitOutcome, _ reason: String) -> String {
        "--quick: timings do not gate; would be \(verdict.rawValue): \(reason)"
    }
}

/// Every limit's judgement, and what they conclude.
struct Judgement: Sendable, Equatable {
    /// One per limit, in the limits' order.
    var limits: [LimitJudgement]
    /// Which shape ships, or the fallback, and why.
    var decision: Decision
    /// The shapes the decision chose among; nil when judged without (versions 1 and 2).
    var shapes: ShapePreference?
    /// The looks the limits were judged under (from version 4); nil when judged once at 95 %.
    var looks: LookSchedule?

    /// The undecided limits the decision waits on, which more forks may decide: those of the first
    /// shape of the preference that is neither out nor shipping, when every limit of it that does not
    /// pass is a gating timing left undecided. Empty when the decision is made, when it waits on
    /// something more forks cannot settle (a figure not made, a debug build, a `--quick` run), and
    /// without looks (before version 4, an undecided limit put its shape out).
    var undecidedLimitsTheDecisionWaitsOn: [LimitJudgement] {
        guard let shapes, looks != nil, decision.outcome == .undecided else { return [] }
        for shape in shapes.preference {
            let own = limits.filter { $0.limit.shape == shape }
            if own.contains(where: { $0.gates && $0.verdict == .fail }) { continue }
            let open = own.filter { $0.verdict != .pass }
            return open.allSatisfy { $0.gates && $0.verdict == .undecided } ? open : []
        }
        return []
    }

    /// 3 when the run was too noisy to decide. With shapes: 0 when a shape ships, 1 otherwise. Without: 0 when every gating limit passed (and
    /// there was at least one limit), 1 otherwise.
    var exitStatus: ExitStatus {
        if decision.outcome == .tooNoisy { return .tooNoisy }
        if shapes != nil { return decision.ships ? .success : .failure }
        let gating = limits.filter(\.gates)
        return !gating.isEmpty && gating.allSatisfy { $0.verdict == .pass } ? .success : .failure
    }
}
