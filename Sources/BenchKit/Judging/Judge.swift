/// Judges a run's figures against the limits and concludes the decision.
///
/// Pure: it reads the figures it is given and no clock, so every verdict and decision line is tested
/// with synthetic figures. Rules:
/// - a timing limit judges the median with its confidence interval: `pass` when the whole interval
///   meets the limit, `fail` when none of it does, `inconclusive` when it straddles the threshold;
/// - a debug build's timings are `notJudged` ("a debug build does not judge timing limits: build with
///   -c release"): unoptimized code says nothing about what ships;
/// - a `--quick` run's timings are `indicative`: their would-be verdict is printed, and they do not gate;
/// - a count limit is exact: `pass` or `fail`; one judged body by body (`derivedMinusStoredByBody`)
///   fails when any one body's extra re-runs miss the threshold, whatever the others do;
/// - a figure the run did not make (filtered out, or one strategy not run) is `notJudged`.
/// Any gating verdict but `pass` exits 1; the decision is `fallback` when a gating limit failed or was
/// inconclusive, `ships` when every limit passed and gated, and `undecided` otherwise.
public struct Judge: Sendable {
    /// The limits, in the order verdicts are reported.
    public var limits: [Limit]
    /// `debug` or `release`, as `MachineEnvironment.buildConfiguration` says.
    public var buildConfiguration: String
    /// Whether the run was `--quick`.
    public var quick: Bool

    /// The reason every timing limit of a debug build carries.
    public static let debugBuildReason = "a debug build does not judge timing limits: build with -c release"

    /// Creates a judge.
    public init(limits: [Limit], buildConfiguration: String, quick: Bool) {
        self.limits = limits
        self.buildConfiguration = buildConfiguration
        self.quick = quick
    }

    /// Judges every limit against the run's figures.
    ///
    /// - Parameters:
    ///   - measurements: The timed measurements of the run.
    ///   - counts: The body re-run counts of the run.
    /// - Returns: One judgement per limit, the decision, and the exit status.
    public func judge(measurements: [MeasurementRecord], counts: [CountRecord]) -> Judgement {
        let judgements = limits.map { limit in
            limit.isTiming ? judgeTiming(limit, measurements) : judgeCount(limit, counts)
        }
        return Judgement(limits: judgements, decision: Self.decide(judgements))
    }

    // MARK: - Timings

    private func judgeTiming(_ limit: Limit, _ measurements: [MeasurementRecord]) -> LimitJudgement {
        let gates = !quick
        let strategy = limit.strategy ?? .none
        guard let measurement = measurements.first(where: { $0.name == limit.metric && $0.strategy == strategy }) else {
            return LimitJudgement(
                limit: limit, value: nil, interval: nil, verdict: .notJudged, gates: gates,
                reason: "this run has no measurement '\(limit.metric)' (\(strategy.rawValue))")
        }
        let median = measurement.summary.median
        let interval = measurement.summary.medianInterval
        let figure = "median \(FigureText.duration(median, interval: interval)) (\(Self.percent(interval.level)) CI)"
        let threshold = "\(limit.comparison.symbol) \(FigureText.threshold(limit.threshold, unit: limit.unit))"
        func judgement(_ verdict: Verdict, _ reason: String) -> LimitJudgement {
            LimitJudgement(limit: limit, value: median, interval: interval, verdict: verdict, gates: gates, reason: reason)
        }
        if buildConfiguration != "release" {
            return judgement(.notJudged, "\(Self.debugBuildReason) (\(figure) measured in a \(buildConfiguration) build)")
        }
        let (verdict, reason): (Verdict, String) =
            if limit.comparison.holds(interval.lower, against: limit.threshold)
                && limit.comparison.holds(interval.upper, against: limit.threshold)
            {
                (.pass, "\(figure): the whole interval is \(threshold)")
            } else if !limit.comparison.holdsSomewhere(in: interval.lower, interval.upper, against: limit.threshold) {
                (.fail, "\(figure): no part of the interval is \(threshold)")
            } else {
                (.inconclusive, "\(figure) straddles the threshold: part of it is \(threshold), part is not")
            }
        guard quick else { return judgement(verdict, reason) }
        return judgement(.indicative, "--quick: timings do not gate; would be \(verdict.rawValue): \(reason)")
    }

    private static func percent(_ level: Double) -> String {
        "\(FigureText.perOperation(level * 100))%"
    }

    // MARK: - Counts

    private func judgeCount(_ limit: Limit, _ counts: [CountRecord]) -> LimitJudgement {
        let scenario = counts.filter { $0.scenario == limit.metric }
        let derived = scenario.filter { $0.strategy == .derived }
        let stored = scenario.filter { $0.strategy == .stored }
        let missing = [(Strategy.derived, derived), (.stored, stored)].filter { $0.1.isEmpty }.map(\.0.rawValue)
        guard missing.isEmpty else {
            return LimitJudgement(
                limit: limit, value: nil, interval: nil, verdict: .notJudged, gates: true,
                reason: "this run has no counts of '\(limit.metric)' for the \(missing.joined(separator: " and ")) strategy")
        }
        let bodies = BodyDifference.between(derived: derived, stored: stored)
        let differing = bodies.filter { $0.difference != 0 }
        let required = "\(limit.comparison.symbol) \(FigureText.threshold(limit.threshold, unit: limit.unit))"
        func judgement(_ value: Double, _ passes: Bool, _ reason: String) -> LimitJudgement {
            LimitJudgement(
                limit: limit, value: value, interval: nil, verdict: passes ? .pass : .fail, gates: true, reason: reason,
                bodyDifferences: differing)
        }
        guard limit.statistic.isByBody else {
            let derivedReruns = derived.reduce(0) { $0 + $1.reruns }
            let storedReruns = stored.reduce(0) { $0 + $1.reruns }
            let extra = Double(derivedReruns - storedReruns)
            let passes = limit.comparison.holds(extra, against: limit.threshold)
            return judgement(
                extra, passes,
                "body re-runs: derived \(derivedReruns), stored \(storedReruns), extra "
                    + "\(FigureText.perOperation(extra)); \(passes ? "which is" : "required") \(required)")
        }
        let failing = bodies.filter { !limit.comparison.holds(Double($0.difference), against: limit.threshold) }
        let largest = Double(bodies.map(\.difference).max() ?? 0)
        let others = differing.filter { body in !failing.contains { $0.body == body.body } }
        let alsoDiffering = others.isEmpty ? "" : "; other bodies: " + others.map(\.text).joined(separator: ", ")
        let rule = "required \(required) more re-runs for each body (\(bodies.count) counted)"
        if failing.isEmpty {
            let what = differing.isEmpty
                ? "every body re-ran as often under derived as under stored"
                : "no body re-ran more under derived than under stored (" + differing.map(\.text).joined(separator: ", ") + ")"
            return judgement(largest, true, "body by body: \(what); \(rule)")
        }
        return judgement(
            largest, false,
            "body by body, re-ran more under derived: " + failing.map(\.text).joined(separator: ", ") + alsoDiffering + "; \(rule)")
    }

    // MARK: - Decision

    /// The decision the judgements conclude.
    static func decide(_ judgements: [LimitJudgement]) -> Decision {
        func ids(_ verdict: Verdict, gating: Bool = true) -> [String] {
            judgements.filter { $0.verdict == verdict && $0.gates == gating }.map(\.limit.id)
        }
        let groups: [(String, [String])] = [
            ("failed", ids(.fail)), ("inconclusive", ids(.inconclusive)), ("not judged", ids(.notJudged)),
            ("indicative", ids(.indicative, gating: false)), ("not judged, not gating", ids(.notJudged, gating: false)),
        ]
        let named = groups.filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1.joined(separator: ", "))" }
        let suffix = named.isEmpty ? "" : " (\(named.joined(separator: "; ")))"
        if !ids(.fail).isEmpty || !ids(.inconclusive).isEmpty {
            return Decision(outcome: .fallback, text: Decision.fallbackText + suffix)
        }
        if !judgements.isEmpty, judgements.allSatisfy({ $0.verdict == .pass && $0.gates }) {
            return Decision(outcome: .ships, text: Decision.shipsText)
        }
        return Decision(outcome: .undecided, text: Decision.undecidedText + (judgements.isEmpty ? " (no limits)" : suffix))
    }
}

/// Every limit's judgement, and what they conclude.
public struct Judgement: Sendable, Equatable {
    /// One per limit, in the limits' order.
    public var limits: [LimitJudgement]
    /// The decision.
    public var decision: Decision

    /// Creates a judgement from its parts.
    public init(limits: [LimitJudgement], decision: Decision) {
        self.limits = limits
        self.decision = decision
    }

    /// 0 when every gating limit passed (and there was at least one limit), 1 otherwise.
    public var exitStatus: ExitStatus {
        let gating = limits.filter(\.gates)
        return !gating.isEmpty && gating.allSatisfy { $0.verdict == .pass } ? .passed : .limitsNotPassed
    }
}
