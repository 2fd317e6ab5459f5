// MARK: - Retired rules

extension Judge {
    /// Judges by the rules of the limits file's retired version, told by what the file declares: no
    /// `shapes` (versions 1 and 2), no `looks` (version 3), looks with a `level` rather than a
    /// `wrongShip` (version 4). Each version's own rules are in its file beside this one.
    func judgeByRetiredRules(measurements: [MeasurementRecord], counts: [CountRecord]) -> Judgement {
        let judgements = limits.map { limit in
            switch limit.statistic {
            case .median: judgePooledMedian(limit, measurements)
            case .medianAtMostStoredUpperBound: judgeAgainstStoredBound(limit, measurements)
            case .ratioOfMedians: judgeRatio(limit, measurements)
            case .pairedRatioToStored, .pairedRatioOfMedians: judgePairedRatio(limit, measurements, saysWithinForkSpread: false)
            case .derivedMinusStored, .derivedMinusStoredByBody, .minusStoredByBody: judgeCount(limit, counts)
            }
        }
        guard let shapes else { return Judgement(limits: judgements, decision: Self.decide(judgements)) }
        let decision = Self.decideAmongShapes(
            judgements, shapes: shapes, undecidedIsOut: looks == nil, namesClosestLimit: looks != nil, setAside: [:])
        return Judgement(limits: judgements, decision: decision, shapes: shapes, looks: looks)
    }
}
