import Harness

/// One limit of the decision, declared in the limits file before any run.
///
/// A limit names the figure it judges (`metric` with `statistic`, and `strategy`), how that figure
/// must compare with `threshold`, and the sentence of the decision it comes from, quoted, so a report
/// can show where every threshold was written down. Every limit belongs to one shape, `shape`: the
/// decision ships the first shape of the file's preference all of whose limits pass.
struct Limit: Sendable, Equatable, Codable {
    /// A short stable identifier, e.g. `phase-read`.
    var id: String
    /// What the limit is about, in words a report can print.
    var description: String
    /// The measurement name (for a timing) or count scenario (for a count) judged.
    var metric: String
    /// Which figure of the metric is judged.
    var statistic: Statistic
    /// The strategy whose figure is judged: present for a timing, and for a count of version 3 (the
    /// shape compared with stored); nil for a count of versions 1 and 2, which compare derived.
    @ExplicitNull var strategy: FigureStrategy?
    /// How the figure must compare with the threshold to pass.
    var comparison: Comparison
    /// The threshold, in `unit`; nil for `medianAtMostStoredUpperBound`, whose bound is a figure of
    /// the same run.
    @ExplicitNull var threshold: Double?
    /// The threshold's unit, which is the statistic's canonical unit.
    var unit: LimitUnit
    /// The decision's sentence the limit comes from, quoted exactly.
    var source: String
    /// For `ratioOfMedians` and `pairedRatioOfMedians`, the measurement of the same strategy whose
    /// median divides `metric`'s.
    var denominator: String?
    /// The clock a timing is judged on (version 6); nil for a count, and for a timing of an earlier
    /// version, which was judged on the monotonic clock.
    var clock: TimingClock?

    /// Creates a limit; `LimitsFile` checks a file's limits are coherent before making them.
    init(
        id: String, description: String, metric: String, statistic: Statistic, strategy: FigureStrategy?,
        comparison: Comparison, threshold: Double?, unit: LimitUnit, source: String, denominator: String? = nil,
        clock: TimingClock? = nil
    ) {
        self.id = id
        self.description = description
        self.metric = metric
        self.statistic = statistic
        self.strategy = strategy
        self.comparison = comparison
        self.threshold = threshold
        self.unit = unit
        self.source = source
        self.denominator = denominator
        self.clock = clock
    }

    /// The clock the limit's timings are judged on: the monotonic clock unless the file says otherwise.
    var judgedClock: TimingClock { clock ?? .wall }

    /// Whether the limit judges a timing, which carries uncertainty, rather than an exact count.
    var isTiming: Bool { statistic.isTiming }

    /// The shape the limit belongs to: its strategy, or derived for a count of versions 1 and 2.
    var shape: FigureStrategy { strategy ?? .derived }

    /// The timed measurements the limit's figure is made of: what more forks must measure to judge it
    /// again. Empty for a count.
    var measurementsRead: [MeasurementKey] {
        let own = MeasurementKey(name: metric, strategy: shape)
        return switch statistic {
        case .median: [own]
        case .medianAtMostStoredUpperBound, .pairedRatioToStored: [own, MeasurementKey(name: metric, strategy: .fallback)]
        case .ratioOfMedians, .pairedRatioOfMedians: [own, MeasurementKey(name: denominator ?? "", strategy: shape)]
        case .derivedMinusStored, .derivedMinusStoredByBody, .minusStoredByBody: []
        }
    }
}

/// Which figure of a metric a limit judges.
enum Statistic: String, Sendable, Equatable, CaseIterable, Codable {
    /// The median of a measurement's samples, in nanoseconds, judged with its 95 % confidence interval.
    case median
    /// The re-runs of every body counted for the scenario under the derived strategy, minus those
    /// under the stored strategy, added up over the bodies. Limits files of version 1 judged the second
    /// limit so; it lets a body re-run less cancel one that re-runs more, so version 2 judges
    /// `derivedMinusStoredByBody`. Kept so that files judged with it read and validate as they were.
    case derivedMinusStored
    /// For each body counted for the scenario, its re-runs under the derived strategy minus those under
    /// the stored strategy; the limit holds when it holds for every body, and the figure judged is the
    /// largest of them. A body that re-runs less under derived does not pay for one that re-runs more.
    case derivedMinusStoredByBody
    /// Version 3: `derivedMinusStoredByBody` for the limit's own `strategy`: for each body, its
    /// re-runs under that shape minus those under stored; the figure judged is the largest.
    case minusStoredByBody
    /// Version 3, a timing of `strategy`: its median of `metric` against the stored strategy's upper
    /// 95 % bound of the same metric in the same run; passes when the median is at most that bound.
    /// It takes no threshold: the bound is the run's own.
    case medianAtMostStoredUpperBound
    /// Version 3, a timing of `strategy`: the median of `metric` over the median of `denominator`, both
    /// of that strategy, judged on the ratio's bootstrap interval as `compare` resamples it, each
    /// side's forks drawn apart.
    case ratioOfMedians
    /// Version 4, a timing of `strategy`: its median of `metric` over stored's median of the same
    /// metric, both measured in the same forks, judged on the paired interval of that ratio
    /// (`PairedRatio`) at the look's level: "the cost is today's" as non-inferiority, the threshold
    /// being the declared margin (1.05: at most 5 % dearer than stored).
    case pairedRatioToStored
    /// Version 4, a timing of `strategy`: the median of `metric` over the median of `denominator`,
    /// both of that strategy and measured in the same forks, judged on the paired interval of the
    /// ratio (`PairedRatio`) at the look's level.
    case pairedRatioOfMedians

    /// Whether the statistic is a timing (judged with its interval) or a count (judged exactly).
    var isTiming: Bool {
        switch self {
        case .median, .medianAtMostStoredUpperBound, .ratioOfMedians, .pairedRatioToStored, .pairedRatioOfMedians: true
        case .derivedMinusStored, .derivedMinusStoredByBody, .minusStoredByBody: false
        }
    }

    /// Whether the statistic judges each body of a scenario on its own.
    var isByBody: Bool { self == .derivedMinusStoredByBody || self == .minusStoredByBody }

    /// Whether only limits files of version 3 or later may use it: it names the shape it judges.
    var needsVersion3: Bool { self == .minusStoredByBody || self == .medianAtMostStoredUpperBound || self == .ratioOfMedians }

    /// Whether only limits files of version 4 or later may use it: it is judged paired, at the level
    /// the file's `looks` give each look.
    var needsVersion4: Bool { self == .pairedRatioToStored || self == .pairedRatioOfMedians }

    /// Whether limits files of version 5 refuse it: it judges every sample pooled, where the current
    /// rules give each fork one vote (`pairedRatioToStored` and `pairedRatioOfMedians` judge the same).
    var retiredInVersion5: Bool { self == .medianAtMostStoredUpperBound || self == .ratioOfMedians }

    /// Whether the statistic divides `metric` by the limit's `denominator`.
    var takesDenominator: Bool { self == .ratioOfMedians || self == .pairedRatioOfMedians }

    /// The unit thresholds of this statistic are stored in.
    var canonicalUnit: LimitUnit {
        switch self {
        case .ratioOfMedians, .pairedRatioToStored, .pairedRatioOfMedians: .ratio
        case .median, .medianAtMostStoredUpperBound: .nanoseconds
        case .derivedMinusStored, .derivedMinusStoredByBody, .minusStoredByBody: .count
        }
    }
}

/// A threshold's unit. Thresholds are stored in canonical units only: nanoseconds and counts.
enum LimitUnit: String, Sendable, Equatable, CaseIterable, Codable {
    /// Nanoseconds, the unit of every timing in a results file.
    case nanoseconds = "ns"
    /// A whole number of events.
    case count
    /// A ratio of two figures of one unit: 1.5 is one and a half times.
    case ratio
}

/// How a figure must compare with a threshold to pass.
enum Comparison: String, Sendable, Equatable, CaseIterable, Codable {
    /// value < threshold
    case lessThan
    /// value <= threshold
    case lessThanOrEqualTo
    /// value == threshold
    case equalTo
    /// value >= threshold
    case greaterThanOrEqualTo
    /// value > threshold
    case greaterThan

    /// Whether `value` passes against `threshold`.
    func holds(_ value: Double, against threshold: Double) -> Bool {
        switch self {
        case .lessThan: value < threshold
        case .lessThanOrEqualTo: value <= threshold
        case .equalTo: value == threshold
        case .greaterThanOrEqualTo: value >= threshold
        case .greaterThan: value > threshold
        }
    }

    /// Whether some value in `lower...upper` passes; every passing set here is an interval, so the
    /// whole range passes exactly when both ends do, and none of it when this is false.
    func holdsSomewhere(in lower: Double, _ upper: Double, against threshold: Double) -> Bool {
        switch self {
        case .lessThan: lower < threshold
        case .lessThanOrEqualTo: lower <= threshold
        case .equalTo: lower <= threshold && threshold <= upper
        case .greaterThanOrEqualTo: upper >= threshold
        case .greaterThan: upper > threshold
        }
    }

    /// The operator, for reports: `<`, `≤`, `=`, `≥`, `>`.
    var symbol: String {
        switch self {
        case .lessThan: "<"
        case .lessThanOrEqualTo: "≤"
        case .equalTo: "="
        case .greaterThanOrEqualTo: "≥"
        case .greaterThan: ">"
        }
    }
}
