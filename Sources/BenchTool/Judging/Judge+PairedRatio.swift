import Harness

// MARK: - Paired ratios

extension Judge {
    /// `pairedRatioToStored` and `pairedRatioOfMedians` (from version 4): the shape's `metric` over
    /// stored's (or over the shape's `denominator`), each fork's two medians divided, judged on
    /// `PairedRatio`'s interval at the look's level. A run in one process has no spread between
    /// processes to judge on: undecided, and it says to run in forks.
    ///
    /// - Parameter saysWithinForkSpread: Whether the reason says how well a fork knew its own ratio
    ///   (`withinForkSpread`), as the current rules' reasons do; version 4's reasons did not.
    func judgePairedRatio(_ limit: Limit, _ measurements: [MeasurementRecord], saysWithinForkSpread: Bool = true) -> LimitJudgement {
        let gates = !quick
        let needed = limit.measurementsRead
        let found = needed.map { measurements.record($0) }
        guard let numerator = found[0], let denominator = found[1] else {
            return notMade(limit, gates: gates, zip(needed, found).map { ($0.0.name, $0.0.strategy, $0.1) })
        }
        let over = "\(needed[1].strategy.rawValue)'s '\(needed[1].name)'"
        let clock = limit.judgedClock
        guard let top = numerator.sampleGroups(on: clock), let bottom = denominator.sampleGroups(on: clock) else {
            return LimitJudgement(
                limit: limit, value: nil, interval: nil, verdict: .notJudged, gates: gates,
                reason: "this limit is judged on \(clock.words), and '\(limit.metric)' (\(limit.shape.rawValue)) or \(over) was not timed on it")
        }
        guard top.allSatisfy({ $0.allSatisfy { $0 > 0 } }), bottom.allSatisfy({ $0.allSatisfy { $0 > 0 } }) else {
            return LimitJudgement(
                limit: limit, value: nil, interval: nil, verdict: .notJudged, gates: gates,
                reason: "a ratio of medians needs positive samples, and '\(limit.metric)' (\(limit.shape.rawValue)) or \(over) has one that is not")
        }
        guard top.count == bottom.count else {
            return LimitJudgement(
                limit: limit, value: nil, interval: nil, verdict: .notJudged, gates: gates,
                reason: "a paired ratio needs both measured in the same forks, and they were measured in \(top.count) and \(bottom.count)")
        }
        let level = level(forks: top.count)
        // On the CPU clock the sides are the median of that clock's forks' medians; the summary is the wall clock's.
        let (topMedian, bottomMedian) =
            clock == .wall ? (numerator.summary.median, denominator.summary.median) : (ForkMedians.median(of: top), ForkMedians.median(of: bottom))
        let sides = "\(limit.shape.rawValue) median \(FigureText.duration(topMedian)) over "
            + (limit.statistic == .pairedRatioToStored ? "\(FigureStrategy.fallback.rawValue)'s " : "") + FigureText.duration(bottomMedian)
            + (clock == .wall ? "" : " on \(clock.words)")
        guard let paired = PairedRatio(groups: top, over: bottom, level: level) else {
            return withoutInterval(limit, sides: sides, ratio: topMedian / bottomMedian, forks: top.count, level: level, gates: gates)
        }
        let interval = paired.interval
        let figure = "\(sides): ratio \(FigureText.ratio(paired.ratio)) [\(FigureText.number(interval.lower)), "
            + "\(FigureText.number(interval.upper))] (\(FigureText.compactPercent(level)) CI, \(top.count) forks paired)"
        var judgement = judgeInterval(limit, value: paired.ratio, interval: interval, figure: figure)
        if saysWithinForkSpread, let within = Self.withinForkSpread(top, bottom) {
            judgement.reason += "; a fork's own ratio known to ±\(FigureText.perOperation(within * 100)) % (95 %, the median over forks)"
        }
        if judgement.verdict == .undecided, let threshold = limit.threshold {
            judgement.reason += Self.forksToDecide(
                estimate: paired.ratio, interval: interval, threshold: threshold, forks: top.count, logarithmic: true)
        }
        if limit.statistic == .pairedRatioToStored, let instructions = InstructionRatio(numerator, over: denominator) {
            judgement.instructionRatio = instructions
            let beyond = limit.threshold.map { !limit.comparison.holds(instructions.fixedSeed, against: $0) } ?? false
            judgement.reason += "; \(instructions.text)" + (beyond ? ": beyond the margin" : "")
        }
        return judgement
    }

    /// A paired ratio whose forks reach no interval: not judged in a debug build; else undecided (or
    /// indicative under `--quick`), saying how many forks an interval needs.
    private func withoutInterval(_ limit: Limit, sides: String, ratio: Double, forks: Int, level: Double, gates: Bool) -> LimitJudgement {
        let figure = "\(sides): ratio \(FigureText.ratio(ratio))" + (forks == 1 ? " in one process" : "")
        guard buildConfiguration == "release" else {
            return LimitJudgement(
                limit: limit, value: ratio, interval: nil, verdict: .notJudged, gates: gates,
                reason: "\(Self.debugBuildReason) (\(figure) measured in a \(buildConfiguration) build)")
        }
        let fewest = PairedRatio.fewestProcesses(level: level)
        let reason = forks == 1
            ? "\(figure), which cannot say how much the next process would differ: a paired ratio needs forks (run with --forks)"
            : "\(figure): \(forks) forks reach no \(FigureText.compactPercent(level)) interval; a paired ratio needs \(fewest) at least"
        return LimitJudgement(
            limit: limit, value: ratio, interval: nil, verdict: quick ? .indicative : .undecided, gates: gates,
            reason: quick ? Self.indicative(.undecided, reason) : reason)
    }

    /// How well each fork knows its own ratio of two medians: the half-width of each side's 95 %
    /// order-statistic interval over its median, added in quadrature, the median over forks; nil when a
    /// fork has fewer than 6 samples a side, too few for such an interval.
    ///
    /// The paired interval already holds this noise (each fork's ratio is one observation); this says
    /// how much of the forks' spread it is.
    static func withinForkSpread(_ top: [[Double]], _ bottom: [[Double]]) -> Double? {
        guard zip(top, bottom).allSatisfy({ $0.count >= 6 && $1.count >= 6 }) else { return nil }
        func relative(_ samples: [Double]) -> Double {
            let interval = Statistics.orderStatisticMedianInterval(samples, level: 0.95)
            return (interval.upper - interval.lower) / 2 / Statistics.median(samples)
        }
        return Statistics.median(zip(top, bottom).map { (relative($0) * relative($0) + relative($1) * relative($1)).squareRoot() })
    }

    /// `notJudged`, naming every measurement the limit needs that the run did not make.
    func notMade(_ limit: Limit, gates: Bool, _ needed: [(String, FigureStrategy, MeasurementRecord?)]) -> LimitJudgement {
        let missing = needed.filter { $0.2 == nil }.map { "'\($0.0)' (\($0.1.rawValue))" }
        return LimitJudgement(
            limit: limit, value: nil, interval: nil, verdict: .notJudged, gates: gates,
            reason: "this run has no measurement \(missing.joined(separator: " and "))")
    }
}
