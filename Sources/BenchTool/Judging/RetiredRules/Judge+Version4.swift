import Harness

// MARK: - Version 4

/// The rules of limits version 4 (from 2026-12-01), kept to judge its files again: the looks at 8, 16
/// and 32 forks with every look of every limit at `LookSchedule.lookLevel` (a budget per limit rather
/// than per decision); a median judged as the median of every sample pooled, on a two-stage bootstrap
/// interval; the paired ratios as today, without the within-fork spread in their reasons; an
/// undecided limit stops the search for a shape as a limit not judged does, and none is set aside.
extension Judge {
    /// A `median` limit by the rules before version 5: the median of every sample pooled, on the record's
    /// own 95 % interval (versions 1 to 3) or on a two-stage bootstrap at the look's level (version 4),
    /// which then says how many forks would decide it.
    func judgePooledMedian(_ limit: Limit, _ measurements: [MeasurementRecord]) -> LimitJudgement {
        guard let measurement = timedRecord(limit, measurements) else { return missingTiming(limit) }
        let median = measurement.summary.median
        // Version 4 takes the interval at the look's level, as the record's own was made at 95 %.
        let interval = looks.map { looks in
            Statistics.bootstrapMedianInterval(
                groups: measurement.sampleGroups, level: looks.lookLevel, resamples: measurement.policy.bootstrapResamples,
                seed: measurement.policy.seed)
        } ?? measurement.summary.medianInterval
        let figure = "median \(FigureText.duration(median, interval: interval)) (\(FigureText.compactPercent(interval.level)) CI)"
        var judgement = judgeInterval(limit, value: median, interval: interval, figure: figure)
        if looks != nil, judgement.verdict == .undecided, let threshold = limit.threshold {
            judgement.reason += Self.forksToDecide(
                estimate: median, interval: interval, threshold: threshold, forks: measurement.sampleGroups.count)
        }
        return judgement
    }
}
