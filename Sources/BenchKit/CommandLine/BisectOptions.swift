/// The options of `bench bisect GOOD BAD`, as `BisectOption.all` declares them.
public struct BisectOptions: Sendable, Equatable {
    /// The revision whose counts are the ones before the change, as given.
    public var good: String
    /// The revision whose counts moved, as given; GOOD must be one of its first-parent ancestors.
    public var bad: String
    /// Which measurements to count and search; `nil` searches every one the bench has.
    public var filter: MeasurementFilter?
    /// Which shapes to count and search.
    public var strategies: StrategySelection
    /// The relative change in instructions per operation beyond which a count moved: 0.01 is 1 %.
    public var instructionsThreshold: Double
    /// Where the culprits' differential flame graphs go; nil names a new directory under
    /// `.build/bisect/`. An existing directory is refused.
    public var outputDirectory: String?
    /// Whether each move of a one-commit step is counted under other hash seeds by the kept builds of
    /// its two commits, to say whether the rule of `bench compare` believes it (`--as-recorded` leaves
    /// it at the fixed seed).
    public var countsSeeds: Bool

    /// GOOD and BAD with every option at its default: every measurement, every shape, compare's
    /// instructions threshold.
    public init(good: String, bad: String) {
        self.good = good
        self.bad = bad
        filter = nil
        strategies = RunOptions.defaults.strategies
        instructionsThreshold = ComparisonRule.defaultInstructionsThreshold
        outputDirectory = nil
        countsSeeds = true
    }
}

extension BisectOptions: ShapeChoosing {}
