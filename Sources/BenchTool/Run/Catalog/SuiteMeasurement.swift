import Harness

/// One measurement of the suite: its stable name, its strategy, and how to prepare what it times.
///
/// It is prepared only when the measurement runs, off the clock, so `--filter` and `--list`
/// pay for nothing they skip.
struct SuiteMeasurement {
    /// The stable name, `area.operation(variant)` (`phase.read.tracked(largest-strict)`): the join key
    /// across results files.
    let name: String
    /// The strategy measured, or `.unshaped` for what no strategy touches.
    let strategy: FigureStrategy
    /// How many operations one timed call makes: 8 for a row of eight fields, reported per field.
    let operationsPerCall: Int
    /// Whether each call needs its set-up first, so a batch holds one call: a commit that changes
    /// the store must start from the same store every time.
    let oneCallPerBatch: Bool
    /// What `x` is on this measurement's scaling curve, when it is a point of one.
    let curve: CurvePoint?
    /// How many handles the measurement retains (0 when it retains none or only one screen's few), so a
    /// `--quick` run can leave out the ones whose set-up alone takes seconds.
    let retainedHandles: Int
    /// The most forks of a run's first look that time this measurement, the first ones; nil for every
    /// fork. Only measurements no limit reads have one: their figures are reported, and a look after the
    /// first, which measures what the limits read, times them in every fork it starts.
    let forkLimit: Int?
    /// The measurement timed in alternation with this one, each call the other's set-up, when both run.
    let alternation: Alternation?
    /// The group this measurement is sampled in, when it is sampled in the same rounds as measurements
    /// of other names (the read floor's two sides, so that their ratio is of one set of rounds); nil for
    /// a group of its own name's strategies.
    let sampledWith: String?
    let prepare: () throws -> Prepared

    /// Two measurements of one strategy whose calls each put the other's state in place (field errors
    /// landing and clearing): when a run selects both, they share one world, and each call of one is
    /// timed as the set-up of the next call of the other.
    struct Alternation {
        /// The partner's stable name.
        let partner: String
        /// This measurement's prepared call and its partner's, over one world; each one's set-up is the
        /// other's operation, for a pass that runs one of them alone (allocations).
        let preparePair: () throws -> (own: Prepared, partner: Prepared)
    }

    /// A point of a scaling curve: the curve's name and this measurement's `x`.
    struct CurvePoint {
        /// The curve's name.
        let name: String
        /// What `x` counts.
        let xUnit: String
        /// This point's `x`, known from the catalog alone: a run of several forks fits the curve in the
        /// parent, which prepares no measurement.
        let x: Double
    }

    /// What a measurement times, prepared: the set-up to run before a batch, and the timed operation.
    struct Prepared {
        let setUp: () -> Void
        let operation: () -> Any
    }

    /// Whether the `index`th fork of a run's first look times this measurement.
    func isTimed(inFork index: Int) -> Bool { forkLimit.map { index <= $0 } ?? true }

    /// Its identity: `name` and `strategy`; the harness reports progress under its label.
    var key: MeasurementKey { MeasurementKey(name: name, strategy: strategy) }

    init(
        _ name: String, strategy: FigureStrategy = .unshaped, operationsPerCall: Int = 1, oneCallPerBatch: Bool = false,
        curve: CurvePoint? = nil, retainedHandles: Int = 0, forkLimit: Int? = nil, alternation: Alternation? = nil,
        sampledWith: String? = nil, prepare: @escaping () throws -> Prepared
    ) {
        self.name = name
        self.strategy = strategy
        self.operationsPerCall = operationsPerCall
        self.oneCallPerBatch = oneCallPerBatch
        self.curve = curve
        self.retainedHandles = retainedHandles
        self.forkLimit = forkLimit
        self.alternation = alternation
        self.sampledWith = sampledWith
        self.prepare = prepare
    }

    /// The group it is sampled in: `sampledWith`, or its own name.
    var groupName: String { sampledWith ?? name }
}
