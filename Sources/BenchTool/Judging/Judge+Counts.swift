// MARK: - Counts

extension Judge {
    /// A count limit: the limit's shape (derived before version 3) against stored, in the same run's
    /// scenario; exact, so `pass` or `fail`.
    func judgeCount(_ limit: Limit, _ counts: [CountRecord]) -> LimitJudgement {
        let shape = limit.shape
        let scenario = counts.filter { $0.scenario == limit.metric }
        let shaped = scenario.filter { $0.strategy == shape }
        let stored = scenario.filter { $0.strategy == .fallback }
        let missing = [(shape, shaped), (.fallback, stored)].filter { $0.1.isEmpty }.map(\.0.rawValue)
        guard missing.isEmpty else {
            return LimitJudgement(
                limit: limit, value: nil, interval: nil, verdict: .notJudged, gates: true,
                reason: "this run has no counts of '\(limit.metric)' for the \(missing.joined(separator: " and ")) shape")
        }
        let bodies = BodyDifference.between(shape, shaped, stored: stored)
        let differing = bodies.filter { $0.difference != 0 }
        let threshold = limit.threshold ?? 0
        let required = "\(limit.comparison.symbol) \(FigureText.threshold(threshold, unit: limit.unit))"
        func judgement(_ value: Double, _ passes: Bool, _ reason: String) -> LimitJudgement {
            LimitJudgement(
                limit: limit, value: value, interval: nil, verdict: passes ? .pass : .fail, gates: true, reason: reason,
                bodyDifferences: differing)
        }
        let name = shape.rawValue
        guard limit.statistic.isByBody else {
            let shapeReruns = shaped.reduce(0) { $0 + $1.reruns }
            let storedReruns = stored.reduce(0) { $0 + $1.reruns }
            let extra = Double(shapeReruns - storedReruns)
            let passes = limit.comparison.holds(extra, against: threshold)
            return judgement(
                extra, passes,
                "body re-runs: \(name) \(shapeReruns), stored \(storedReruns), extra "
                    + "\(FigureText.perOperation(extra)); \(passes ? "which is" : "required") \(required)")
        }
        let failing = bodies.filter { !limit.comparison.holds(Double($0.difference), against: threshold) }
        let largest = Double(bodies.map(\.difference).max() ?? 0)
        let others = differing.filter { body in !failing.contains { $0.body == body.body } }
        let alsoDiffering = others.isEmpty ? "" : "; other bodies: " + others.map(\.text).joined(separator: ", ")
        let rule = "required \(required) more re-runs for each body (\(bodies.count) counted)"
        if failing.isEmpty {
            let what = differing.isEmpty
                ? "every body re-ran as often under \(name) as under stored"
                : "no body re-ran more under \(name) than under stored (" + differing.map(\.text).joined(separator: ", ") + ")"
            return judgement(largest, true, "body by body: \(what); \(rule)")
        }
        return judgement(
            largest, false,
            "body by body, re-ran more under \(name): " + failing.map(\.text).joined(separator: ", ") + alsoDiffering + "; \(rule)")
    }
}
