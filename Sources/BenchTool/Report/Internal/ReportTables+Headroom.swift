import Harness

// The headroom to the frame and the figures in tracked reads: reported findings, never verdicts.
extension ReportTables {
    /// The run's tracked read, the unit of the tables below; nil when the run did not measure it.
    var unit: TrackedReadUnit? { TrackedReadUnit(results) }

    /// Each fitted curve's headroom, computed once per table.
    var headrooms: [CurveHeadroom] { CurveHeadroom.all(in: results) }

    /// For each curve and frame, each shape's N at which the fitted cost spends the frame.
    func headroom(_ headrooms: [CurveHeadroom]) -> Table? {
        guard !headrooms.isEmpty else { return nil }
        let strategies = FigureStrategy.allCases.filter { strategy in headrooms.contains { $0.fit.strategy == strategy } }
        var curves: [String] = []
        for headroom in headrooms where !curves.contains(headroom.fit.name) { curves.append(headroom.fit.name) }
        var rows: [[String]] = []
        for curve in curves {
            let ofCurve = headrooms.filter { $0.fit.name == curve }
            for (index, budget) in FrameBudget.reported.enumerated() {
                let cells = strategies.map { strategy in
                    ofCurve.first { $0.fit.strategy == strategy }?.crossings[index].text ?? "—"
                }
                rows.append([curve, ofCurve[0].fit.xUnitPlural, budgetText(budget)] + cells)
            }
        }
        return Table(headers: ["curve", "N counts", "frame"] + strategies.map(\.rawValue), rows: rows)
    }

    /// `120 Hz frame, 8.33 ms (11939 tracked reads)`.
    private func budgetText(_ budget: FrameBudget) -> String {
        "\(budget.label), \(FigureText.duration(budget.nanoseconds))" + (unit.map { " (\($0.text(budget.nanoseconds)))" } ?? "")
    }

    /// What the headroom's cells mean, said under the table.
    static let headroomNote = "N: where the line fitted through the curve's medians reaches the frame "
        + "[95% interval: the same fit through a two-stage bootstrap of the curve's forks]; "
        + "\"spent at\" where it is over the frame at the smallest N measured; "
        + "\"not within the N measured\" where it does not reach it by the largest N measured, with the share of the frame "
        + "that N took; past that, a crossing is given only within \(FigureText.number(BudgetCrossing.extrapolationFactor))× "
        + "the largest N measured, and said as extrapolated and how far. "
        + "The cost is the measured work alone, on this machine: reported, not judged."

    /// The one sentence of headroom the decision's shape gets: at how many distinct strict roots
    /// retained each shape spends a 120 Hz frame, the shipped shape first; nil when the run has no
    /// distinct-root curve or the decision ships no shape.
    func decisionHeadroom(_ headrooms: [CurveHeadroom]) -> String? {
        guard let shipped = results.decision.shape else { return nil }
        let distinct = headrooms.filter { $0.fit.xUnit == Self.distinctRootUnit }
        // Each shape's tightest distinct-root curve: the one it spends the 120 Hz frame (the first
        // reported budget) soonest on.
        func tightest(_ strategy: FigureStrategy) -> (CurveHeadroom, BudgetCrossing)? {
            distinct.filter { $0.fit.strategy == strategy }
                .map { ($0, $0.crossings[0]) }
                .min { $0.1.estimate < $1.1.estimate }
        }
        guard let (curve, crossing) = tightest(shipped) else { return nil }
        let others = FigureStrategy.measured.filter { $0 != shipped }.compactMap { strategy in
            tightest(strategy).map { "\(strategy.rawValue) \(Self.phrase($0.1))" }
        }
        return "\(shipped.rawValue) ships; it \(Self.phrase(crossing, of: "distinct strict roots retained")) (\(curve.fit.name)); "
            + (others.isEmpty ? "" : others.joined(separator: ", ") + " (each on its tightest curve)")
    }

    /// The xUnit of the distinct-roots curves.
    static let distinctRootUnit = "distinct root"

    /// `spends a 120 Hz frame at 82.8 [71.0, > 100] distinct strict roots retained`, `spends no 120 Hz
    /// frame within what was measured, up to 100 distinct strict roots retained (0.103 % of the frame at
    /// 100)`: the crossing as a clause, the sizes' unit after the figure where one is given.
    private static func phrase(_ crossing: BudgetCrossing, of unit: String? = nil) -> String {
        let units = unit.map { " \($0)" } ?? ""
        let frame = crossing.budget.label
        switch crossing.finding {
        case .spentAtSmallest:
            return "spends a \(frame) at \(FigureText.number(crossing.measured.lowerBound))\(units) already"
        case .reached:
            return "spends a \(frame) at \(crossing.text)\(units)"
        case .beyondMeasured:
            return "spends no \(frame) within what was measured, up to \(FigureText.number(crossing.measured.upperBound))\(units)"
                + (crossing.shareText.map { " (\($0))" } ?? "") + (crossing.extrapolationText.map { ", \($0)" } ?? "")
        }
    }

    // MARK: - The model against the runtime

    /// Each of the runtime's published figures beside the model's measurement of the same work, both in
    /// their own run's tracked reads; then the budgets the same way. Nil when the run has no unit.
    var modelAgainstRuntime: Table? {
        guard let unit else { return nil }
        let there = TrackedReadUnit(nanoseconds: RuntimeFigures.trackedRead)
        var rows = RuntimeFigures.figures().map { figure -> [String] in
            let model = modelMedian(figure.measurement, figure.strategy)
            let name = figure.measurement + (figure.strategy.map { " [\($0.rawValue)]" } ?? "")
            return [
                figure.label, FigureText.duration(figure.nanoseconds), FigureText.number(there.reads(figure.nanoseconds)), name,
                model.map(FigureText.duration) ?? "—", model.map { FigureText.number(unit.reads($0)) } ?? "—",
                model.map { Self.dearerOrCheaper(unit.reads($0) / there.reads(figure.nanoseconds)) } ?? "—",
            ]
        }
        for (label, nanoseconds) in budgets {
            rows.append([label, FigureText.duration(nanoseconds), FigureText.number(there.reads(nanoseconds)), "—",
                         FigureText.duration(nanoseconds), FigureText.number(unit.reads(nanoseconds)), "—"])
        }
        return Table(
            headers: ["figure", "the runtime", "its tracked reads", "the model's measurement", "this run", "this run's tracked reads",
                      "model over runtime, in tracked reads"],
            rows: rows)
    }

    /// The budgets figures are held against: each timing limit's threshold in time, then each frame.
    private var budgets: [(String, Double)] {
        // Limits of one threshold share a row: three shapes' reads under 50 µs are one budget.
        var limits: [(ids: [String], symbol: String, threshold: Double)] = []
        for limit in results.limits.map(\.limit) where limit.unit == .nanoseconds {
            guard let threshold = limit.threshold else { continue }
            if let index = limits.firstIndex(where: { $0.threshold == threshold && $0.symbol == limit.comparison.symbol }) {
                limits[index].ids.append(limit.id)
            } else {
                limits.append(([limit.id], limit.comparison.symbol, threshold))
            }
        }
        return limits.map { ("budget: the limit of \($0.ids.joined(separator: ", ")), \($0.symbol) \(FigureText.duration($0.threshold))", $0.threshold) }
            + FrameBudget.reported.map { ("budget: a \($0.label)", $0.nanoseconds) }
    }

    /// For each timing limit with a threshold in time, on which side of it the judged figure lies in
    /// tracked reads here and at the runtime, and whether the unit could move the verdict.
    var verdictsInTrackedReads: [String] {
        guard let unit else { return [] }
        let there = TrackedReadUnit(nanoseconds: RuntimeFigures.trackedRead)
        return results.limits.map(\.limit).filter { $0.unit == .nanoseconds }.compactMap { limit in
            guard let threshold = limit.threshold, let model = modelMedian(limit.metric, limit.strategy) else { return nil }
            let passes = { (figure: Double) in limit.comparison.holds(figure, against: threshold) }
            let head = "\(limit.id) (\(limit.comparison.symbol) \(FigureText.duration(threshold)): "
                + "\(FigureText.number(unit.reads(threshold))) tracked reads here, \(FigureText.number(there.reads(threshold))) at the runtime): "
                + "\(limit.shape.rawValue)'s median is \(unit.text(model)) here, \(passes(model) ? "within" : "over") it"
            guard let runtime = RuntimeFigures.figures().first(where: { $0.measurement == limit.metric && $0.strategy == limit.strategy }) else {
                return head + "; the runtime publishes no figure of it"
            }
            // The runtime's figure held against the threshold scaled to its own tracked read.
            let scaled = there.reads(runtime.nanoseconds) * unit.nanoseconds
            let same = passes(scaled) == passes(model)
            return head + ", \(there.text(runtime.nanoseconds)) at the runtime, \(passes(scaled) ? "within" : "over") it: "
                + (same ? "the same side in both units; the machine does not change this verdict"
                    : "on different sides: the model's cost relative to the runtime's could change this verdict")
        }
    }

    private func modelMedian(_ name: String, _ strategy: FigureStrategy?) -> Double? {
        guard let strategy else { return results.strategyFreeMedian(name) }
        return measurement(name, strategy)?.summary.median
    }

    /// `2.41× dearer`, `0.500× (cheaper)`, `1.00×`.
    private static func dearerOrCheaper(_ ratio: Double) -> String {
        let text = FigureText.ratio(ratio)
        if text == "1.00×" { return text }
        return text + (ratio > 1 ? " (dearer)" : " (cheaper)")
    }

    // MARK: - Key figures in tracked reads

    /// The figures the limits judge, each shape's median in tracked reads; nil without a unit.
    var trackedReads: Table? {
        guard let unit else { return nil }
        var names: [String] = []
        for limit in results.limits.map(\.limit) {
            for name in limit.measurementsRead.map(\.name) where !names.contains(name) { names.append(name) }
        }
        let records = names.filter { name in results.measurements.contains { $0.name == name } }
        guard !records.isEmpty else { return nil }
        return Table(
            headers: ["measurement (in tracked reads)"] + columns.map(\.rawValue),
            rows: records.map { name in
                [name] + columns.map { strategy in modelMedian(name, strategy).map { FigureText.number(unit.reads($0)) } ?? "—" }
            })
    }
}

extension FitRecord {
    /// What N counts, in the plural: `retained handles`, `slots walked`, `judged fixtures`.
    var xUnitPlural: String {
        var words = xUnit.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return xUnit }
        let index = words.count > 1 && words[words.count - 1].hasSuffix("ed") ? 0 : words.count - 1
        words[index] += "s"
        return words.joined(separator: " ")
    }
}
