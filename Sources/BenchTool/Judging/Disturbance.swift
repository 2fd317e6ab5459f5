/// How disturbed the forks a timing limit read were, against the limits file's `NoiseBounds`
/// (version 6): the signals, and whether either is past its bound.
///
/// It does not change a verdict. It changes what an undecided verdict at the last look means: on a
/// quiet machine the shape is set aside, as the record's rule reads; on a disturbed one the run is
/// "too noisy to decide" (`Decision.Outcome.tooNoisy`), since a quieter machine might have decided it.
struct Disturbance: Sendable, Equatable, Codable {
    /// The median over forks of the share of a fork's time its process waited for a CPU; nil when the
    /// run did not read it (a file made before forks recorded it, a kernel without schedstat).
    var runQueueShare: Double?
    /// How well a fork knows its own ratio of the limit's two medians, on the limit's clock: the
    /// relative half-width at 95 %, the median over forks (`Judge.withinForkSpread`); nil for a limit
    /// that is not a ratio, or forks too short for such an interval.
    var ownRatioSpread: Double?
    /// Whether either signal is past its bound.
    var disturbed: Bool

    /// The signals against `bounds`: disturbed when either known signal is past its bound.
    init(runQueueShare: Double?, ownRatioSpread: Double?, bounds: NoiseBounds) {
        self.runQueueShare = runQueueShare
        self.ownRatioSpread = ownRatioSpread
        disturbed = (runQueueShare.map { $0 > bounds.runQueueShare } ?? false)
            || (ownRatioSpread.map { $0 > bounds.ownRatioSpread } ?? false)
    }

    /// The signals past their bounds, in words: `forks waited 31.2 % of their time for a CPU (bound
    /// 5 %)`; empty when none is.
    func signals(bounds: NoiseBounds) -> [String] {
        var found: [String] = []
        if let share = runQueueShare, share > bounds.runQueueShare {
            found.append(
                "forks waited \(FigureText.perOperation(share * 100)) % of their time for a CPU (the median fork; "
                    + "bound \(FigureText.perOperation(bounds.runQueueShare * 100)) %)")
        }
        if let spread = ownRatioSpread, spread > bounds.ownRatioSpread {
            found.append(
                "a fork knew its own ratio to ±\(FigureText.perOperation(spread * 100)) % (the median fork; "
                    + "bound ±\(FigureText.perOperation(bounds.ownRatioSpread * 100)) %)")
        }
        return found
    }
}
