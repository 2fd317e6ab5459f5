// MARK: - Decision

extension Judge {
    /// The decision among shapes: the shapes are taken in order of preference, and the first whose
    /// limits all passed and gated ships, its line ending by naming its limit with the least headroom,
    /// and how much it has. A shape with a gating limit failed is out, and the next is looked at.
    /// A shape whose every limit not passed is undecided with its schedule of looks spent (`setAside`:
    /// those limits, with the forks they were judged on) has not passed, and is set aside, so the
    /// decision moves on. A shape neither out, set aside nor passing (an undecided limit more forks may
    /// decide, a limit not judged, or only indicative) stops the search: a later shape cannot ship over
    /// one that might have passed, so the run is undecided, and more forks may decide it
    /// (`Judgement.undecidedLimitsTheDecisionWaitsOn`). When every shape is out, the fallback ships;
    /// when none ships and one was set aside, the run is undecided. Each line names, shape by shape,
    /// what kept the shapes before it from shipping.
    ///
    /// Under a limits file that declares `noise` (version 6), a shape that would be set aside while one
    /// of those limits was judged on disturbed forks (`LimitJudgement.disturbance`) is not: the run is
    /// too noisy to decide, and the line names the limits and the signals past their bounds.
    static func decide(_ judgements: [LimitJudgement], shapes: ShapePreference, setAside: [String: Int], noise: NoiseBounds? = nil) -> Decision {
        decideAmongShapes(judgements, shapes: shapes, undecidedIsOut: false, namesClosestLimit: true, setAside: setAside, noise: noise)
    }

    /// The decision among shapes, by the current rules or a retired version's: `undecidedIsOut` (version
    /// 3) puts a shape with an undecided gating limit out as a fail does; `namesClosestLimit` (from
    /// version 4) ends a shipping line with the closest limit.
    static func decideAmongShapes(
        _ judgements: [LimitJudgement], shapes: ShapePreference, undecidedIsOut: Bool, namesClosestLimit: Bool, setAside: [String: Int],
        noise: NoiseBounds? = nil
    ) -> Decision {
        var passed: [String] = []
        var anySetAside = false
        for shape in shapes.preference {
            let own = judgements.filter { $0.limit.shape == shape }
            let named = problems(in: own)
            let part = "\(shape.rawValue) " + (own.isEmpty ? "has no limits" : named.joined(separator: " and "))
            let earlier = passed.isEmpty ? "" : " (\(passed.joined(separator: "; ")))"
            if own.contains(where: { $0.gates && ($0.verdict == .fail || (undecidedIsOut && $0.verdict == .undecided)) }) {
                passed.append(part)
                continue
            }
            let open = own.filter { $0.verdict != .pass }
            if !open.isEmpty, open.allSatisfy({ $0.gates && setAside[$0.limit.id] != nil }) {
                if let noise, case let disturbed = open.filter({ $0.disturbance?.disturbed == true }), !disturbed.isEmpty {
                    let signals = disturbed.map { judgement in
                        setAsideText(judgement, forks: setAside[judgement.limit.id]!) + " on \(judgement.limit.judgedClock.words): "
                            + (judgement.disturbance?.signals(bounds: noise) ?? []).joined(separator: "; ")
                    }
                    return Decision(
                        outcome: .tooNoisy,
                        text: Decision.tooNoisyText + " (\((passed + signals).joined(separator: "; "))); run again on a quiet machine")
                }
                passed.append("\(shape.rawValue) set aside: " + open.map { setAsideText($0, forks: setAside[$0.limit.id]!) }.joined(separator: ", "))
                anySetAside = true
                continue
            }
            if !own.isEmpty, own.allSatisfy({ $0.verdict == .pass && $0.gates }) {
                let closest = namesClosestLimit ? closestLimit(own).map { "; closest limit: \($0)" } ?? "" : ""
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
    static func problems(in judgements: [LimitJudgement]) -> [String] {
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
