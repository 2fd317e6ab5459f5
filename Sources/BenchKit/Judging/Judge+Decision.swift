// MARK: - Decision

extension Judge {
    /// The decision the judgements conclude, without shapes (versions 1 and 2): the derived phase
    /// ships when every limit passed and gated. Its lines are kept byte for byte: results files record
    /// them, and `bench validate` judges those files again.
    static func decide(_ judgements: [LimitJudgement]) -> Decision {
        let named = problems(in: judgements)
        let suffix = named.isEmpty ? "" : " (\(named.joined(separator: "; ")))"
        if judgements.contains(where: { $0.gates && ($0.verdict == .fail || $0.verdict == .undecided) }) {
            return Decision(outcome: .fallback, text: Decision.fallbackText + suffix)
        }
        if !judgements.isEmpty, judgements.allSatisfy({ $0.verdict == .pass && $0.gates }) {
            return Decision(outcome: .ships, text: Decision.shipsText)
        }
        return Decision(outcome: .undecided, text: Decision.undecidedText + (judgements.isEmpty ? " (no limits)" : suffix))
    }

    /// The decision among shapes (version 3): the shapes are taken in order of preference. A shape
    /// with a gating limit failed or undecided is out, and the next is looked at; the first whose
    /// limits all passed and gated ships. A shape neither out nor passing (a limit not judged, or only
    /// indicative) stops the search: a later shape cannot ship over one that might have passed, so the
    /// run is undecided. When every shape is out, the fallback ships. Each line names, shape by shape,
    /// what kept the shapes before it from shipping.
    ///
    /// With `looks` (version 4) an undecided limit is no fail: a shape with one, and none failed, stops
    /// the search as a limit not judged does, and more forks may decide it
    /// (`Judgement.undecidedLimitsTheDecisionWaitsOn`); a shipping line ends by naming the shape's
    /// limit with the least headroom, and how much it has. Before version 4 an undecided limit put its
    /// shape out, as files of those versions were judged.
    ///
    /// Version 5 (`setAside`: the undecided limits whose schedule of looks is spent, with the forks they
    /// were judged on): a shape whose every limit not passed is one of those has not passed, and is set
    /// aside, so the decision moves on to the next shape; when none ships and one was set aside, the
    /// run is undecided rather than the fallback, which needs every shape to have failed.
    static func decide(_ judgements: [LimitJudgement], shapes: ShapePreference, looks: Bool = false, setAside: [String: Int] = [:]) -> Decision {
        var passed: [String] = []
        var anySetAside = false
        for shape in shapes.preference {
            let own = judgements.filter { $0.limit.shape == shape }
            let named = problems(in: own)
            let part = "\(shape.rawValue) " + (own.isEmpty ? "has no limits" : named.joined(separator: " and "))
            let earlier = passed.isEmpty ? "" : " (\(passed.joined(separator: "; ")))"
            if own.contains(where: { $0.gates && ($0.verdict == .fail || (!looks && $0.verdict == .undecided)) }) {
                passed.append(part)
                continue
            }
            let open = own.filter { $0.verdict != .pass }
            if !open.isEmpty, open.allSatisfy({ $0.gates && setAside[$0.limit.id] != nil }) {
                passed.append("\(shape.rawValue) set aside: " + open.map { setAsideText($0, forks: setAside[$0.limit.id]!) }.joined(separator: ", "))
                anySetAside = true
                continue
            }
            if !own.isEmpty, own.allSatisfy({ $0.verdict == .pass && $0.gates }) {
                let closest = looks ? closestLimit(own).map { "; closest limit: \($0)" } ?? "" : ""
                return Decision(
                    outcome: .ships, text: "\(shape.rawValue) ships: \(ShapePreference.summary(of: shape))\(earlier)\(closest)",
                    shape: shape)
            }
            return Decision(outcome: .undecided, text: Decision.undecidedShapeText + " (\((passed + [part]).joined(separator: "; ")))")
        }
        if anySetAside {
            return Decision(outcome: .undecided, text: Decision.undecidedShapeText + " (\(passed.joined(separator: "; ")))")
        }
        return Decision(outcome: .fallback, text: Decision.fallbackText + " (\(passed.joined(separator: "; ")))")
    }

    /// `root-cost-land undecided after 32 forks, 1.07× [1.05, 1.09]`.
    private static func setAsideText(_ judgement: LimitJudgement, forks: Int) -> String {
        let figure: String
        switch (judgement.value, judgement.interval) {
        case (let value?, let interval?) where judgement.limit.unit == .ratio:
            figure = ", \(FigureText.ratio(value)) [\(FigureText.number(interval.lower)), \(FigureText.number(interval.upper))]"
        case (let value?, let interval?):
            figure = ", " + FigureText.duration(value, interval: interval)
        case (let value?, nil):
            figure = judgement.limit.unit == .ratio ? ", \(FigureText.ratio(value))" : ", " + FigureText.duration(value)
        default:
            figure = ""
        }
        return "\(judgement.limit.id) undecided after \(forks) forks\(figure)"
    }

    /// The limit of `judgements` whose headroom is the smallest fraction of its threshold, with that
    /// headroom: `root-cost-clear, headroom +2.90 %`; nil when none has a fraction (counts against 0).
    private static func closestLimit(_ judgements: [LimitJudgement]) -> String? {
        let measured = judgements.compactMap { judgement in judgement.headroom?.fraction.map { (judgement, $0) } }
        guard let (closest, _) = measured.min(by: { $0.1 < $1.1 }), let headroom = closest.headroom else { return nil }
        return "\(closest.limit.id), headroom \(headroom.text(unit: closest.limit.unit))"
    }

    /// What keeps `judgements` from all passing, grouped by verdict: `failed: a, b`, `not judged: c`.
    private static func problems(in judgements: [LimitJudgement]) -> [String] {
        func ids(_ verdict: LimitOutcome, gating: Bool = true) -> [String] {
            judgements.filter { $0.verdict == verdict && $0.gates == gating }.map(\.limit.id)
        }
        let groups: [(String, [String])] = [
            ("failed", ids(.fail)), ("undecided", ids(.undecided)), ("not judged", ids(.notJudged)),
            ("indicative", ids(.indicative, gating: false)), ("not judged, not gating", ids(.notJudged, gating: false)),
        ]
        return groups.filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1.joined(separator: ", "))" }
    }
}
