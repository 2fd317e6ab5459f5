import Foundation
import Harness

/// Everything one run produced, as written to `results/`: figures, raw data, environment and verdicts.
///
/// The file is the record of the run: a report is rendered from it alone (`bench report FILE`), and a
/// later commit's file is diffed against it. Keys: `schema`, `environment`, `limitsFile`,
/// `limitsSHA256`, `timer`, `method`, `options`, `subjects`, `measurements`, `counts`, `fits`, `limits`,
/// `decision`, and, where the run has them, `scaling`, `shapes`, `readFloor`, `phases`, `looks`,
/// `looksTaken`, `countingMethod`, `noise` and `forkLoads`. What each layout added is `ResultsSchema.changes`; a file of an older one reads as
/// one of the current. Encoded with sorted keys and pretty printing, so two runs' files diff line by
/// line.
public struct ResultsFile: Sendable, Equatable, Codable {
    /// The layout the file was written in: `ResultsSchema.current` for a file this bench makes. A file
    /// of an older layout keeps its number when read, its values brought to the current layout.
    var schema: Int
    /// The machine, build and source the run was made on.
    var environment: MachineEnvironment
    /// The limits file's path, as given to the run.
    var limitsFile: String
    /// SHA-256 of the limits file's bytes: the thresholds the verdicts were judged against.
    var limitsSHA256: String
    /// The clock's cost and resolution, measured at start-up.
    var timer: TimerCharacteristics
    /// How the run measured, as a list of clauses in words, in the order a report lists them: how a
    /// sample is taken from a batch (`MeasurementResult.fixedBatchMethod`), the forks, the looks, the
    /// gating groups, the shapes' order, how each kind of measurement is sampled, how instructions were
    /// counted, and, first and loudly, an A/B switch that was on. Schema 8 and before wrote one string
    /// of the clauses joined by "; ", read as its clauses.
    var method: [String]
    /// The options the run was given.
    var options: RunRecord
    /// The operations the run judged, as picked from the fixtures.
    var subjects: [SubjectRecord]
    /// The timed measurements.
    public var measurements: [MeasurementRecord]
    /// The body re-run counts.
    var counts: [CountRecord]
    /// The scaling curves.
    var fits: [FitRecord]
    /// Every limit as judged.
    var limits: [LimitJudgement]
    /// What the verdicts conclude.
    var decision: Decision
    /// Where the fixture-size points came from; nil when a run's filter left the fixture-size curve out.
    var scaling: ScalingRecord?
    /// The shapes the decision chose among, as the limits file (version 3) ranks them; nil when the
    /// limits file had none, so the decision was the derived phase's alone.
    var shapes: ShapePreference?
    /// The section "reads at Observation's floor": the model's reads over Observation's own, each beside
    /// its goal (`ReadFloor`), made from the file's own measurements; nil when the run measured none of
    /// the reads it divides.
    var readFloor: [ReadFloorFigure]?
    /// How long each phase of the run took, in order; nil for a file that is no one run's (`bench merge`).
    var phases: [PhaseTimingRecord]?
    /// The schedule of looks the limits were judged under, as the limits file (version 4) declares
    /// it; nil when it has none, so every interval was judged once at 95 %.
    var looks: LookSchedule?
    /// The looks the run took after its first, in order; nil when it took none.
    var looksTaken: [LookRecord]?
    /// The way the instruction counts were made (`CountingMethod`); nil when the file holds none.
    var countingMethod: Int?
    /// The bounds of a disturbed run, as the limits file (version 6) declares them; nil when it has
    /// none, so an undecided limit at its last look set its shape aside whatever the machine did.
    var noise: NoiseBounds?
    /// What the machine did in each fork, in fork order (a later look's forks after the first's): the
    /// time its process waited for a CPU, its involuntary context switches, CPU pressure, steal and the
    /// load average; nil in a file made before forks recorded it, or of a run in its own process.
    var forkLoads: [ForkLoadRecord]?

    /// A results file of the current schema, from a run's finished values: its verdicts judged, its
    /// read floor made from `measurements` (`ReadFloor.figures`) and its phases timed, all before.
    init(
        environment: MachineEnvironment, limitsFile: String, limitsSHA256: String, timer: TimerCharacteristics,
        method: [String], options: RunRecord, measurements: [MeasurementRecord], counts: [CountRecord],
        fits: [FitRecord], limits: [LimitJudgement], decision: Decision, readFloor: [ReadFloorFigure]?, subjects: [SubjectRecord] = [],
        scaling: ScalingRecord? = nil, shapes: ShapePreference? = nil, phases: [PhaseTimingRecord]? = nil,
        looks: LookSchedule? = nil, looksTaken: [LookRecord]? = nil, countingMethod: Int? = nil, noise: NoiseBounds? = nil,
        forkLoads: [ForkLoadRecord]? = nil
    ) {
        self.noise = noise
        self.forkLoads = forkLoads
        self.schema = ResultsSchema.current
        self.environment = environment
        self.limitsFile = limitsFile
        self.limitsSHA256 = limitsSHA256
        self.timer = timer
        self.method = method
        self.options = options
        self.subjects = subjects
        self.measurements = measurements
        self.counts = counts
        self.fits = fits
        self.limits = limits
        self.decision = decision
        self.scaling = scaling
        self.shapes = shapes
        self.readFloor = readFloor
        self.phases = phases
        self.looks = looks
        self.looksTaken = looksTaken
        self.countingMethod = countingMethod
    }

    /// Whether any measurement has an instruction count.
    var hasInstructionCounts: Bool { measurements.contains { $0.instructionsPerOperation != nil } }

    /// The file's bytes: UTF-8 JSON with sorted keys, two-space pretty printing and a final newline.
    ///
    /// The same value always gives the same bytes, so a file's diff shows only what changed.
    ///
    /// - Throws: `EncodingError` for a non-finite number, which JSON cannot hold.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var written = self
        written.measurements = measurements.map(\.withoutDerivableSamples)
        var data = try encoder.encode(written)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}

/// The options a run was given, as a results file records them.
struct RunRecord: Sendable, Equatable, Codable {
    /// Whether the run was `--quick`.
    var quick: Bool
    /// The `--filter` pattern, or `nil` when every measurement ran.
    @ExplicitNull var filter: String?
    /// The strategies measured.
    var strategy: StrategySelection
    /// The fixtures directory.
    var specDirectory: String
    /// How many fresh processes the measurements were taken in (`--forks`); 1 when they were taken in
    /// the run's own process.
    var forks: Int
    /// The seed the shapes' shuffled order in every round of every group came from
    /// (`SuiteRunner.roundOrderSeed(run:fork:group:)`), one for each run a merged file holds; nil in a
    /// file of schema 3 or before, whose shapes took their turns in one order.
    var roundOrderSeeds: [UInt64]?

    /// The options as a results file holds them; `filter` is the pattern, `forks` 1 for a run in its
    /// own process.
    init(
        quick: Bool, filter: String?, strategy: StrategySelection, specDirectory: String, forks: Int = 1, roundOrderSeeds: [UInt64]? = nil
    ) {
        self.quick = quick
        self.filter = filter
        self.strategy = strategy
        self.specDirectory = specDirectory
        self.forks = forks
        self.roundOrderSeeds = roundOrderSeeds
    }

    /// Records a run's options, and the seed of its shuffled round orders.
    init(_ options: RunOptions, roundOrderSeed: UInt64? = nil) {
        self.init(
            quick: options.quick, filter: options.filter?.pattern, strategy: options.strategies,
            specDirectory: options.specDirectory, forks: options.forks, roundOrderSeeds: roundOrderSeed.map { [$0] })
    }
}
