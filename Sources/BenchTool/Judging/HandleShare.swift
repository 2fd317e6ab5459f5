import Harness

/// The handle's share of a cost limit's ratio: the shape's commit less the same commit with no handle
/// retained, over stored's commit less stored's without a handle, fork by fork.
///
/// A cost limit divides the shape's whole commit by stored's, and the part of a commit no handle pays
/// for (writing the response into the store, notifying) is the same for both and sits in both sides: the
/// dearer it is, the nearer 1 the ratio reads whatever the handle costs. The share takes it out. Each
/// fork measured the four commits in the same rounds (with and without a handle in one group), so
/// each fork gives one share, `(S₁ − S₀) / (T₁ − T₀)` of its four medians; the figure is the median of
/// the forks' shares with the exact order-statistic interval over them (`ForkMedians`), which holds its
/// level for any distribution of them: a ratio of differences has no logarithm to take when a noisy
/// fork's difference comes out negative, and no reason to be symmetric. It is reported beside the
/// limit's verdict and does not gate: the record's limit is the whole commit's cost.
struct HandleShare: Sendable, Equatable, Codable {
    /// The median of the forks' shares.
    var share: Double
    /// Its interval at the level of the limit's own interval; nil where the forks reach none.
    var interval: ConfidenceInterval?
    /// How many forks gave a share.
    var forks: Int
    /// The commit with no handle retained that each side is taken less of.
    var noHandle: String
    /// The clock the forks' medians were taken on: the limit's own (`Limit.judgedClock`), or the
    /// monotonic clock where a record lacks the other. Nil in a file of schema 10 or before, whose
    /// share was taken on the monotonic clock whatever its limit judged.
    var clock: TimingClock?

    /// The handle's share of `shape` (less `shapeBase`) over `stored` (less `storedBase`), or nil when
    /// the four were not measured in the same forks, or when in some fork stored's commit with a handle
    /// did not cost more than without one (that fork's share has no meaning).
    ///
    /// - Parameters:
    ///   - level: The interval's two-sided level: the limit's interval's.
    ///   - clock: The clock to take the forks' medians on, the limit's; where a record lacks it, the
    ///     monotonic clock, and the share says so. Nil takes the monotonic clock and records none, as a
    ///     file of schema 10 or before recorded its share.
    init?(
        _ shape: MeasurementRecord, less shapeBase: MeasurementRecord, over stored: MeasurementRecord, less storedBase: MeasurementRecord,
        level: Double, clock: TimingClock? = nil
    ) {
        let records = [shape, shapeBase, stored, storedBase]
        let taken = clock.map { clock in records.allSatisfy { $0.sampleGroups(on: clock) != nil } ? clock : .wall }
        let sides = records.map { ($0.sampleGroups(on: taken ?? .wall) ?? $0.sampleGroups).map(Statistics.median) }
        guard Set(sides.map(\.count)).count == 1 else { return nil }
        var shares: [Double] = []
        for fork in sides[0].indices {
            let storedHandle = sides[2][fork] - sides[3][fork]
            guard storedHandle > 0 else { return nil }
            shares.append((sides[0][fork] - sides[1][fork]) / storedHandle)
        }
        // One share a fork is one unit: a group of one value each.
        let units = shares.map { [$0] }
        share = ForkMedians.median(of: units)
        interval = units.count > 1 ? ForkMedians(groups: units, level: level)?.interval : nil
        forks = shares.count
        noHandle = shapeBase.name
        self.clock = taken
    }

    /// Whether the share may exceed `threshold`: its interval's upper end (its value, with no interval)
    /// above it.
    func mayExceed(_ threshold: Double) -> Bool {
        (interval?.upper ?? share) > threshold
    }

    /// `1.02× [0.98, 1.04]`, or `1.02× (no interval: 1 fork)`.
    var text: String {
        FigureText.ratio(share)
            + (interval.map { " [\(FigureText.number($0.lower)), \(FigureText.number($0.upper))]" }
                ?? " (no interval: \(forks) fork\(forks == 1 ? "" : "s"))")
    }

    /// `judgements`, each cost limit's (a shape's commit over stored's, where `KeyMeasurements` knows the
    /// commit with no handle and the run measured it) with its handle's share on the limit's clock; the others
    /// as they were.
    static func fill(_ judgements: [LimitJudgement], measurements: [MeasurementRecord]) -> [LimitJudgement] {
        judgements.map { judgement in
            var judgement = judgement
            judgement.handleShare = share(of: judgement, measurements: measurements, clock: judgement.limit.judgedClock)
            return judgement
        }
    }

    /// The handle's share of one judged limit, as `fill(_:measurements:)` says, on `clock` (nil:
    /// the monotonic clock, recorded as none, as a file of schema 10 or before has it).
    static func share(of judgement: LimitJudgement, measurements: [MeasurementRecord], clock: TimingClock?) -> HandleShare? {
        let limit = judgement.limit
        guard limit.statistic == .pairedRatioToStored, let noHandle = KeyMeasurements.withNoHandle(limit.metric) else { return nil }
        let keys = [
            MeasurementKey(name: limit.metric, strategy: limit.shape), MeasurementKey(name: noHandle, strategy: limit.shape),
            MeasurementKey(name: limit.metric, strategy: .fallback), MeasurementKey(name: noHandle, strategy: .fallback),
        ]
        let found = keys.compactMap { measurements.record($0) }
        guard found.count == keys.count else { return nil }
        return HandleShare(found[0], less: found[1], over: found[2], less: found[3], level: judgement.interval?.level ?? 0.95, clock: clock)
    }
}
