/// The options of `bench profile`, as `ProfileOption.all` declares them.
struct ProfileOptions: Sendable, Equatable {
    /// Which measurements to profile; `nil` profiles all of them.
    var filter: MeasurementFilter?
    /// Which phase strategies to profile.
    var strategies: StrategySelection
    /// The fixtures the workloads are built from.
    var specDirectory: String
    /// The directory to write; `nil` names a new one under `.build/profiles/`. An existing directory
    /// is refused, so no earlier profile is overwritten.
    var outputDirectory: String?
    /// Whether perf samples each measurement's timed loop as well (`stacks.folded`, the flame graph);
    /// `--no-samples` keeps the callgrind half alone, the exact counts and functions, without perf.
    var samples: Bool = true

    /// Options whose nil `outputDirectory` names a new one under `.build/profiles/`; the parser starts from
    /// no filter and the run's default shapes and spec, then reads `ProfileOption.all` into them.
    init(filter: MeasurementFilter?, strategies: StrategySelection, specDirectory: String, outputDirectory: String?) {
        self.filter = filter
        self.strategies = strategies
        self.specDirectory = specDirectory
        self.outputDirectory = outputDirectory
    }

    /// The run options whose selection and fixtures these are: the instruction pass's child is
    /// started from them.
    var runOptions: RunOptions {
        RunOptions(
            quick: false, filter: filter, specDirectory: specDirectory, limitsPath: RunOptions.defaults.limitsPath, outputPath: nil,
            format: .text, strategies: strategies, instructions: true, forks: 1)
    }
}

/// The options of `bench profile diff OLD_DIR NEW_DIR [--out DIR]`.
struct ProfileDiffOptions: Sendable, Equatable {
    /// The profile directory of the old build.
    var oldDirectory: String
    /// The profile directory of the new build.
    var newDirectory: String
    /// Where to write a differential flame graph per measurement; `nil` writes nothing. An existing
    /// directory is refused.
    var outputDirectory: String?
}
