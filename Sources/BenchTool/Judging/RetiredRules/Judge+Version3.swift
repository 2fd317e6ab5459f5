import Harness

// MARK: - Version 3

/// The rules of limits version 3 (from 2026-11-30), kept to judge its files again: a limit names its
/// shape, and the first shape of the preference all of whose limits pass ships; every interval is at
/// 95 %, and an undecided gating limit puts its shape out as a fail does. It brought two statistics
/// over pooled samples that version 5 retired: `medianAtMostStoredUpperBound` and `ratioOfMedians`.
extension Judge {
    /// `medianAtMostStoredUpperBound` (versions 3 and 4): the shape's median of `metric` against stored's upper bound of
    /// the same metric in the same run. The bound already carries stored's uncertainty, and the
    /// decision's words are "at most today's cost", so the shape's median is compared as a point.
    func judgeAgainstStoredBound(_ limit: Limit, _ measurements: [MeasurementRecord]) -> LimitJudgement {
        let gates = !quick
        let shape = limit.shape
        let found = [shape, .stored].map { measurements.record(MeasurementKey(name: limit.metric, strategy: $0)) }
        guard let measurement = found[0], let stored = found[1] else {
            return notMade(limit, gates: gates, [(limit.metric, shape, found[0]), (limit.metric, .stored, found[1])])
        }
        let median = measurement.summary.median
        let bound = stored.summary.medianInterval.upper
        let level = FigureText.compactPercent(stored.summary.medianInterval.level)
        let figures = "\(shape.rawValue) median \(FigureText.duration(median, interval: measurement.summary.medianInterval)); "
            + "stored's upper \(level) bound \(FigureText.duration(bound)) "
            + "(stored median \(FigureText.duration(stored.summary.median, interval: stored.summary.medianInterval)))"
        func judgement(_ verdict: LimitOutcome, _ reason: String) -> LimitJudgement {
            LimitJudgement(
                limit: limit, value: median, interval: measurement.summary.medianInterval, verdict: verdict, gates: gates,
                reason: reason, headroom: Headroom(value: median, interval: nil, threshold: bound, comparison: limit.comparison))
        }
        if buildConfiguration != "release" {
            return judgement(.notJudged, "\(Self.debugBuildReason) (\(figures) measured in a \(buildConfiguration) build)")
        }
        let (verdict, reason): (LimitOutcome, String) =
            median <= bound ? (.pass, "\(figures): the median is at most the bound") : (.fail, "\(figures): the median is above the bound")
        guard quick else { return judgement(verdict, reason) }
        return judgement(.indicative, Self.indicative(verdict, reason))
    }

    /// `ratioOfMedians` (versions 3 and 4): the median of `metric` over the median of `denominator`, both of the shape,
    /// judged on the ratio's percentile-bootstrap interval. It is `compare`'s resampling, with its
    /// level, resamples and seed, two-stage by forks where the records have them, so the same file
    /// always judges the same.
    func judgeRatio(_ limit: Limit, _ measurements: [MeasurementRecord]) -> LimitJudgement {
        let gates = !quick
        let shape = limit.shape
        let denominatorName = limit.denominator ?? ""
        let found = [limit.metric, denominatorName].map { measurements.record(MeasurementKey(name: $0, strategy: shape)) }
        guard let numerator = found[0], let denominator = found[1] else {
            return notMade(limit, gates: gates, [(limit.metric, shape, found[0]), (denominatorName, shape, found[1])])
        }
        guard numerator.samples.allSatisfy({ $0 > 0 }), denominator.samples.allSatisfy({ $0 > 0 }) else {
            return LimitJudgement(
                limit: limit, value: nil, interval: nil, verdict: .notJudged, gates: gates,
                reason: "a ratio of medians needs positive samples, and '\(limit.metric)' or '\(denominatorName)' (\(shape.rawValue)) has one that is not")
        }
        let rule = ComparisonRule()
        let ratio = numerator.summary.median / denominator.summary.median
        let interval = Statistics.bootstrapMedianRatioInterval(
            groups: numerator.sampleGroups, denominator.sampleGroups, level: rule.confidenceLevel, resamples: rule.resamples,
            seed: rule.seed)
        // The metrics' names are the limit's; the reason gives the figures.
        let figure = "\(shape.rawValue) median \(FigureText.duration(numerator.summary.median)) over "
            + "\(FigureText.duration(denominator.summary.median)): ratio \(FigureText.ratio(ratio)) "
            + "[\(FigureText.number(interval.lower)), \(FigureText.number(interval.upper))] (\(FigureText.compactPercent(interval.level)) CI)"
        return judgeInterval(limit, value: ratio, interval: interval, figure: figure)
    }
}
