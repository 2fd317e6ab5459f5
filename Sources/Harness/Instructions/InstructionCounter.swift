import CCallgrind

/// Counts the instructions a measurement's calls execute, from inside a process that runs under
/// callgrind, through callgrind's client requests.
///
/// Callgrind starts with instrumentation and collection off (`--instr-atstart=no
/// --collect-atstart=no`), so set-up, warm-up and everything between measurements run at valgrind's
/// uninstrumented speed and count nothing. For each measurement: build nothing here (the measurement is
/// already prepared), run `warmUpCalls` calls uncollected, so first-call work (lazy metadata, caches,
/// tables growing) is done; then collect one call and dump it as a *probe*; then collect the rest of
/// the `calls(probe:oneCallPerSetUp:)` calls and dump them as the *counted* region. Each dump is named
/// by its `CallgrindRegion` label, and the process that launched valgrind reads the counts from the
/// files: a measurement's count is the probe's and the counted region's together, over all their calls
/// (`CallgrindRegion.measurementTotals(_:)`).
///
/// With `probeIsCounted` off, the probe is a call of its own, counted only to size the region, and
/// the counted region makes every call: one dump then holds all the counted calls, which is what a
/// profile wants (`bench profile`). The pass counts the probe in, which spares a whole call of every
/// measurement that makes few, and those are the long ones (docs/instruction-counting.md).
///
/// The number of counted calls is chosen from the probe's instruction count, never from a clock, so it
/// is the same on every run of one build and the division by it adds no noise.
public struct InstructionCounter {
    /// Where callgrind writes its dump files (`--callgrind-out-file`), read back to size the counted
    /// region.
    public let outputDirectory: String
    /// Calls run uncollected before the probe.
    public var warmUpCalls = 2
    /// The instructions the counted region aims at: enough calls that the few instructions of the
    /// start and stop requests vanish in the quotient, few enough that a measurement takes seconds.
    public var targetInstructions: UInt64 = 20_000_000
    /// The fewest counted calls: 2, for a call of a second natively (a minute under callgrind).
    public var minimumCalls = 2
    /// The most counted calls, for calls of a few nanoseconds.
    public var maximumCalls = 1000
    /// Whether the probe's call is the first of the counted calls (the pass's way), or a call of its own
    /// before them (a profile's, whose counted region is then one dump of every counted call).
    public var probeIsCounted = true

    /// Creates a counter writing to (and reading from) `outputDirectory`.
    public init(outputDirectory: String) {
        self.outputDirectory = outputDirectory
    }

    /// Whether this process runs under valgrind.
    public static var isRunningOnValgrind: Bool { ccg_running_on_valgrind() > 0 }

    /// Whether this build can ask callgrind for anything: false when valgrind's headers were missing
    /// at compile time, and every request is a no-op.
    public static var clientRequestsCompiled: Bool { ccg_available() != 0 }

    /// How many calls a measurement's count is over, after a probe of `probeInstructions` per call: the
    /// target over the probe, within the bounds, rounded up to even so that an operation that
    /// alternates between two states (a value set to null and back) counts both alike.
    ///
    /// A call made after its own set-up (`oneCallPerSetUp`) starts from the same state as every other,
    /// so nothing alternates: it is not rounded, and one call of at least the target is enough.
    public func calls(probe probeInstructions: UInt64, oneCallPerSetUp: Bool = false) -> Int {
        let wanted = probeInstructions == 0 ? maximumCalls : Int((targetInstructions + probeInstructions - 1) / probeInstructions)
        if oneCallPerSetUp { return min(max(wanted, 1), maximumCalls) }
        let bounded = min(max(wanted, minimumCalls), maximumCalls)
        return bounded + bounded % 2
    }

    /// Warms up, probes, and counts `measurement`; writes the probe's dump, and the counted region's
    /// unless the probe was every call the count needs.
    ///
    /// - Parameters:
    ///   - measurement: The prepared operation and its set-up.
    ///   - oneCallPerSetUp: Whether every call needs its set-up first (a commit that must start from
    ///     the same store); the set-up then runs, uncollected, before each counted call.
    /// - Returns: How many calls the measurement's count is over.
    /// - Throws: `CallgrindDump.Malformed` when the probe's dump cannot be found or read.
    @discardableResult
    public func count(_ measurement: Measurement, oneCallPerSetUp: Bool) throws(CallgrindDump.Malformed) -> Int {
        run(measurement, calls: warmUpCalls, oneCallPerSetUp: oneCallPerSetUp, collected: false)
        let probe = CallgrindRegion(kind: probeIsCounted ? .countedProbe : .probe, calls: 1, name: measurement.name)
        collect(measurement, region: probe, oneCallPerSetUp: oneCallPerSetUp)
        // The probe's is the newest dump: reading only it keeps each measurement's look-up one file.
        guard let newest = CallgrindDump.numberedFiles(in: outputDirectory).last,
            case let probeDump = try CallgrindDump.read(path: newest), probeDump.trigger == probe.label,
            let probeInstructions = probeDump.total("Ir")
        else {
            throw CallgrindDump.Malformed(reason: "no dump '\(probe.label)' with an Ir total in \(outputDirectory)")
        }
        let calls = calls(probe: probeInstructions, oneCallPerSetUp: oneCallPerSetUp)
        let rest = probeIsCounted ? calls - 1 : calls
        if rest > 0 {
            collect(measurement, region: CallgrindRegion(kind: .counted, calls: rest, name: measurement.name), oneCallPerSetUp: oneCallPerSetUp)
        }
        return calls
    }

    // MARK: - Regions

    private func collect(_ measurement: Measurement, region: CallgrindRegion, oneCallPerSetUp: Bool) {
        ccg_zero()
        run(measurement, calls: region.calls, oneCallPerSetUp: oneCallPerSetUp, collected: true)
        ccg_dump(region.label)
    }

    /// Runs `calls` calls, each batch after its set-up; the set-up always runs uncollected.
    private func run(_ measurement: Measurement, calls: Int, oneCallPerSetUp: Bool, collected: Bool) {
        let batches = oneCallPerSetUp ? Array(repeating: 1, count: calls) : [calls]
        for batch in batches where batch > 0 {
            measurement.setUp()
            if collected { ccg_start() }
            measurement.runBatch(batch)
            if collected { ccg_stop() }
        }
    }
}
