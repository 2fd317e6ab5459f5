/// What the bench tells a process it starts of itself, and what that process answers.
///
/// A run starts children of three kinds, each this build given a hidden command, `bench child JOB`,
/// that the parser reads like any other (`CommandLineParser.parse`) and `--help` does not list:
///
/// | job | told | answers |
/// |---|---|---|
/// | `fork` | `--fork I/N --records FILE --order-seed S [--estimate E] [-- KEY...]` | its measurements' records, as `ForkRecords` JSON in FILE |
/// | `count-instructions` | `--dumps DIR [-- KEY...]` | a callgrind dump per probe and counted region in DIR, named by `CallgrindRegion` |
/// | `sample-profile` | `--measurement KEY --seconds S` | nothing: perf samples its loop, which runs under `SampledLoop`'s marker |
///
/// Each is also told the run's options that choose and shape measurements (`--quick`, `--filter`,
/// `--spec`, `--shape`; a fork also `--limits`, whose timing limits say what it times first), and
/// nothing else of the run. Each exits 0 once its answer is complete; its
/// progress goes to standard error and its standard output is not read. A measurement is named in
/// every answer by its `MeasurementKey`, on the command line its label. Everything a child is told is on its command line;
/// the environment carries only what holds for every process of a run alike: the A/B switches
/// (`BENCH_AB_EXTRA_WORK`, `BENCH_AB_WALK_STALLS` and the others), the allocator (`BENCH_ALLOCATOR`), and the process that started the child
/// (`BENCH_PARENT_PID`, which the child ends with and takes out of its environment before anything
/// reads it: `Interruption.endWithParent(_:)`).
public struct ChildCommand: Sendable, Equatable {
    /// The job a child is given.
    enum Job: Sendable, Equatable {
        /// Time the selected measurements whose keys are `measurements` (all of them when empty) in
        /// this process, the `index`th (1-based) of `count` forks, counting allocations only when
        /// first; write them to `recordsPath` as `ForkRecords`. A look after the first names the
        /// measurements its limits read, and its forks are numbered on from the run's. `estimate`,
        /// where the fork stands in the run, is for its progress line alone. `orderSeed` is the run's
        /// seed of the shuffled round orders (`SuiteRunner.roundOrderSeed(run:fork:group:)`).
        case fork(
            index: Int, count: Int, recordsPath: String, measurements: [MeasurementKey] = [], estimate: ForkEstimate? = nil,
            orderSeed: UInt64 = 0)
        /// Under callgrind, count the selected measurements whose keys are `measurements` (all of them
        /// when empty), one after another, dumping each region into `dumpsDirectory`. With `probeApart`
        /// (a profile's child), each probe is a call of its own and the counted region holds every
        /// counted call; else the probe is the first counted call (`InstructionCounter.probeIsCounted`).
        case countInstructions(dumpsDirectory: String, measurements: [MeasurementKey], probeApart: Bool = false)
        /// Run the timed loop of `measurement` for `seconds`, under perf.
        case sampleProfile(measurement: MeasurementKey, seconds: Double)

        /// The job's word on the command line.
        var name: String {
            switch self {
            case .fork: "fork"
            case .countInstructions: "count-instructions"
            case .sampleProfile: "sample-profile"
            }
        }
    }

    /// The word that starts every child's command line.
    public static let commandWord = "child"

    /// What the child does.
    let job: Job
    /// The run options that choose and shape its measurements; every other option at its default.
    let options: RunOptions

    /// The command of a child doing `job` for a run of `options`.
    ///
    /// The counting child is not told `--quick`: it changes no count, and the child counts what a full
    /// run's child counts, so each count starts from the same heap whether the run is quick or not.
    /// A fork is told `--quiet` as well, since its progress is the run's.
    init(_ job: Job, run options: RunOptions) {
        self.job = job
        let quick: Bool
        if case .countInstructions = job { quick = false } else { quick = options.quick }
        var quiet = false
        if case .fork = job { quiet = options.quiet }
        // A fork reads the limits to know which measurements it times first (`SuiteRunner.gating(for:from:)`).
        var limitsPath = RunOptions.defaults.limitsPath
        if case .fork = job { limitsPath = options.limitsPath }
        var childOptions = RunOptions(
            quick: quick, filter: options.filter, specDirectory: options.specDirectory, limitsPath: limitsPath,
            outputPath: nil, format: RunOptions.defaults.format, strategies: options.strategies, quiet: quiet)
        // A fork times in the batch sizes its run was given.
        if case .fork = job { childOptions.batchSizesFrom = options.batchSizesFrom }
        self.options = childOptions
    }

    /// The child's arguments, after the program's name; they parse back to this command.
    ///
    /// They depend on nothing but the command: the counting child's must not vary between runs (see
    /// `CallgrindLaunch.makeOutputDirectory(prefix:)`).
    var arguments: [String] {
        var arguments = [Self.commandWord, job.name]
        switch job {
        case .fork(let index, let count, let recordsPath, _, let estimate, let orderSeed):
            arguments += ["--fork=\(index)/\(count)", "--records=\(recordsPath)", "--order-seed=\(orderSeed)"]
            if let estimate { arguments.append("--estimate=\(estimate.argument)") }
        case .countInstructions(let dumpsDirectory, _, let probeApart):
            arguments.append("--dumps=\(dumpsDirectory)")
            if probeApart { arguments.append("--probe=apart") }
        case .sampleProfile(let measurement, let seconds):
            arguments += ["--measurement=\(measurement.label)", "--seconds=\(seconds)"]
        }
        arguments += options.arguments
        switch job {
        case .countInstructions(_, let measurements, _), .fork(_, _, _, let measurements, _, _):
            if !measurements.isEmpty { arguments += ["--"] + measurements.map(\.label) }
        case .sampleProfile: break
        }
        return arguments
    }

    /// What a fork answers, in the file its command names.
    struct ForkRecords: Sendable, Equatable, Codable {
        /// Its records, in the order of the selected measurements.
        var measurements: [MeasurementRecord]
        /// What the machine did while the fork measured, from its start to its records; nil from a
        /// fork that could not read it.
        var load: ForkLoadRecord?
    }
}
