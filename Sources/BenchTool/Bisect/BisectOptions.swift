/// The options of `bench bisect GOOD BAD`, as `BisectOption.all` declares them.
struct BisectOptions: Sendable, Equatable {
    /// The revision whose counts are the ones before the change, as given.
    var good: String
    /// The revision whose counts moved, as given; GOOD must be one of its first-parent ancestors.
    var bad: String
    /// Which measurements to count and search; `nil` searches every one the bench has.
    var filter: MeasurementFilter?
    /// Which shapes to count and search.
    var strategies: StrategySelection
    /// The relative change in instructions per operation beyond which a count moved: 0.01 is 1 %.
    var instructionsThreshold: Double
    /// Where the culprits' differential flame graphs go; nil names a new directory under
    /// `.build/bisect/`. An existing directory is refused.
    var outputDirectory: String?
    /// Whether each move of a one-commit step is counted under other hash seeds by the kept builds of
    /// its two commits, to say whether the rule of `bench compare` believes it (`--as-recorded` leaves
    /// it at the fixed seed).
    var countsSeeds: Bool
    /// Whether the bisection times the commits (`TimedBisection`) rather than count them: for a change
    /// in wall time that instruction counts do not show.
    var time: Bool
    /// The forks each commit of a timed probe starts with.
    var forksToStart: Int
    /// The most forks each commit of a timed probe may take, while a half cannot be told.
    var mostForks: Int
    /// The relative change in wall time within which a timed pair is still, and beyond which compare's
    /// rule may call it slower or faster: 0.05 is 5 %.
    var threshold: Double

    /// GOOD and BAD with every option at its default: every measurement, every shape, compare's
    /// instructions threshold.
    init(good: String, bad: String) {
        self.good = good
        self.bad = bad
        filter = nil
        strategies = RunOptions.defaults.strategies
        instructionsThreshold = ComparisonRule.defaultInstructionsThreshold
        outputDirectory = nil
        countsSeeds = true
        time = false
        forksToStart = TimedBisection.Budget.standard.start
        mostForks = TimedBisection.Budget.standard.most
        threshold = ComparisonRule.defaultThreshold
    }
}

extension BisectOptions: ShapeChoosing {}
