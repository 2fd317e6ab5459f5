import Foundation
import Harness
import Runtime

/// `bench --instructions`: every selected measurement's instructions per operation, counted under
/// callgrind, beside the timings of the ordinary pass.
///
/// Wall time on a shared machine cannot tell a 2 % change from noise, and this machine has no hardware
/// instruction counter, so the bench runs itself a second time, as a child under callgrind
/// (`CallgrindLaunch`), told `bench child count-instructions` with the same `--filter`, `--spec` and
/// `--shape` (`ChildCommand`; `--quick` changes no count, so the child does not get it). The child
/// prepares each measurement with nothing collected, warms it up, and counts a fixed number of calls
/// (`InstructionCounter`); it writes no results file. The parent reads the counts back, divides them by
/// the calls and by the operations per call, and fills `instructionsPerOperation` in the records of
/// its own, timed, pass: the timings stay real timings, on jemalloc as usual, and the counts come from
/// the child.
///
/// The child runs on jemalloc with its time-driven purging off: purging by elapsed time, under
/// valgrind's slowdown, makes the allocator's own instructions vary, and jemalloc's `mmap`ed addresses,
/// unlike glibc's heap, do not move with the binary's size, which Observation's hashed tables would
/// feel. The runs behind each choice are in docs/instruction-counting.md.
enum InstructionPass {
    // MARK: - Parent

    /// What the callgrind pass found for one measurement.
    struct Counts: Sendable, Equatable {
        /// Instructions per operation with Swift's hash seed fixed (`SWIFT_DETERMINISTIC_HASHING=1`):
        /// the figure two runs of one build repeat.
        var fixedSeed: Double
        /// Instructions per operation in processes with other, random hash seeds; empty when the
        /// measurement was too long to count again.
        var otherSeeds: [Double]

        /// Whether the count moved under the other seeds so far, by more than `movedSpreadFloor`, but not
        /// past the widest spread at which `bench compare` lets a count decide (`ComparisonRule`).
        ///
        /// There the verdict rests on how wide the spread is, and a spread seen in two processes can
        /// understate it badly (docs/instruction-counting.md): an understated spread would let a count
        /// call a change it cannot see.
        var needsMoreSeeds: Bool {
            guard let spread = MeasurementRecord.hashSpread(fixed: fixedSeed, others: otherSeeds) else { return false }
            return spread > Self.movedSpreadFloor && spread <= ComparisonRule.defaultWidestDecidingSpread
        }

        /// The least spread that sends a count to more seeds, 0.01 %: more than a count's own rounding
        /// (instructions over an odd number of calls and operations moves a count by a few in a million).
        static let movedSpreadFloor = SeedNeeds.movedSpreadFloor
    }

    /// How many more times the pass counts each measurement, each time in a process with a random hash
    /// seed, to see whether its count depends on where hashed values land.
    static let otherSeedPasses = 2

    /// How many more random-seed passes a measurement whose count moved a little
    /// (`Counts.needsMoreSeeds`) gets after the first `otherSeedPasses`: its spread then rests on
    /// six processes, not two.
    static let movedSeedPasses = ComparisonRule.defaultLeastSeedsToDecide - otherSeedPasses

    /// How many processes count with the hash seed fixed, side by side: the selected measurements dealt
    /// out in turn, the first to the first process, the second to the second, and so on. A fixed number,
    /// not one a core, since a count depends on what its process counted before it: with it, one build
    /// counts the same on any machine, and on one core the parts run one after another.
    static let fixedSeedParts = 2

    /// The selected measurements `all` dealt out to `fixedSeedParts` processes, each part in the run's order.
    static func fixedSeedShares(_ all: [MeasurementKey]) -> [[MeasurementKey]] {
        (0..<fixedSeedParts).map { part in all.enumerated().filter { $0.offset % fixedSeedParts == part }.map(\.element) }
            .filter { !$0.isEmpty }
    }

    /// A measurement of more instructions per operation than this is not counted again under other
    /// seeds: the stored chain over a hundred handles and more, minutes each under callgrind.
    static let otherSeedLimit = MeasurementRecord.longestCountedAgain

    /// Runs the child under callgrind, with the hash seed fixed, in `fixedSeedParts` processes that
    /// share the measurements out; then, as `options.otherSeeds` asks, up to `otherSeedPasses` times
    /// more with random seeds over the measurements short enough, and the rest of its seeds over those
    /// whose counts moved a little (`Counts.needsMoreSeeds`); returns the counts by measurement.
    ///
    /// Work that hashes object identities and key paths (Observation's tracking) counts differently
    /// when the hashed values differ: under another seed, and equally in another build, whose code
    /// and heap lie elsewhere. The fixed seed makes one build's count repeat; the other seeds show
    /// whether that count would survive an unrelated change to the build. A run counts the fixed seed
    /// alone unless asked (`--seeds`): `bench compare` counts the others, with `otherSeeds(_:)`, only
    /// where a count moved between the two files it compares.
    ///
    /// The passes of a step run side by side, up to `processes` at a time: a count does not depend on
    /// what else the machine is doing, only on what its own process counts, and each pass is the
    /// process it was when they ran one after another, over the same measurements in the same order.
    /// Each step waits for the one before, which chooses its measurements. All have ended when this
    /// returns, so no count runs beside the timed pass that follows.
    ///
    /// - Parameter processes: The most counting processes at once; 1 runs the passes one after another.
    /// - Throws: `CallgrindLaunch.Unavailable` when valgrind is missing or a child fails;
    ///   `BenchError` when this build cannot make client requests or a selected measurement was not
    ///   counted. When several passes run, the first failure ends the others.
    static func count(
        _ options: RunOptions, selected: [SuiteMeasurement], progress: ProgressLine, processes: Int = countingProcesses
    ) throws -> [MeasurementKey: Counts] {
        guard InstructionCounter.clientRequestsCompiled else {
            throw BenchError("this bench was built without valgrind's headers (valgrind/callgrind.h); install valgrind and rebuild")
        }
        let passes = Passes(options: options, selected: selected, progress: progress, processes: processes)
        let shares = fixedSeedShares(selected.map(\.key))
        let fixed = try passes.count(shares: shares, fixedSeed: true) { part in
            "counting with the hash seed fixed (\(part) of \(shares.count), the measurements dealt out in turn)"
        }.reduce(into: [MeasurementKey: Double]()) { all, part in all.merge(part) { first, _ in first } }
        let counts = fixed.mapValues { Counts(fixedSeed: $0, otherSeeds: []) }
        return try passes.countOtherSeeds(countedAgain(selected.map(\.key), fixed: fixed), into: counts, upTo: options.otherSeeds)
    }

    /// Counts the measurements `keys` of `selected` again under random hash seeds, for a comparison
    /// whose fixed-seed counts moved: `otherSeedPasses` processes over them all, then the rest of
    /// `ComparisonRule.defaultLeastSeedsToDecide` over those that moved a little, as a run with
    /// `--seeds 6` counts them. A seed a measurement already has in `have` counts toward its number.
    ///
    /// - Parameter have: Each measurement's fixed-seed count (the file's) and its other seeds so far.
    /// - Returns: Every measurement of `keys` with its other seeds, those of `have` first.
    static func otherSeeds(
        _ options: RunOptions, selected: [SuiteMeasurement], have: [MeasurementKey: Counts], progress: ProgressLine,
        processes: Int = countingProcesses
    ) throws -> [MeasurementKey: Counts] {
        guard InstructionCounter.clientRequestsCompiled else {
            throw BenchError("this bench was built without valgrind's headers (valgrind/callgrind.h); install valgrind and rebuild")
        }
        // The passes know every selected measurement, so that a child counting all of them is told none by name.
        let passes = Passes(options: options, selected: selected, progress: progress, processes: processes)
        let chosen = selected.map(\.key).filter { have[$0] != nil }
        return try passes.countOtherSeeds(chosen, into: have, upTo: ComparisonRule.defaultLeastSeedsToDecide)
    }

    /// How many counting processes `count` runs at once: one for each core this process may run on
    /// (`MachineEnvironment.usableCores`), so `taskset -c 0 bench --instructions` runs them one after
    /// another.
    static var countingProcesses: Int { MachineEnvironment.usableCores }

    /// The measurements of `keys`, in order, that are counted again under other seeds: those whose
    /// fixed-seed count is at most `otherSeedLimit`.
    static func countedAgain(_ keys: [MeasurementKey], fixed: [MeasurementKey: Double]) -> [MeasurementKey] {
        keys.filter { (fixed[$0] ?? .infinity) <= otherSeedLimit }
    }

    /// The measurements of `again`, in order, that are counted under `movedSeedPasses` more seeds:
    /// those whose counts moved a little under the first ones (`Counts.needsMoreSeeds`).
    static func countedMore(_ again: [MeasurementKey], counts: [MeasurementKey: Counts]) -> [MeasurementKey] {
        again.filter { counts[$0]?.needsMoreSeeds == true }
    }

    /// The counting children of one run: each pass one child under callgrind, the passes of a step
    /// side by side.
    private struct Passes {
        let options: RunOptions
        let progress: ProgressLine
        let processes: Int
        /// Every selected measurement's key, in the run's order.
        let all: [MeasurementKey]
        /// Each selected measurement's operations per call, by key.
        let operationsPerCall: [MeasurementKey: Int]

        init(options: RunOptions, selected: [SuiteMeasurement], progress: ProgressLine, processes: Int) {
            self.options = options
            self.progress = progress
            self.processes = processes
            all = selected.map(\.key)
            operationsPerCall = Dictionary(uniqueKeysWithValues: zip(all, selected.map(\.operationsPerCall)))
        }

        /// Counts `again` under random seeds into `counts`, up to `most` other seeds a measurement:
        /// the first `otherSeedPasses` over every one that has fewer, then the rest over those that
        /// moved a little (`Counts.needsMoreSeeds`). Each process counts the measurements that still
        /// need its seed, in the run's order.
        func countOtherSeeds(_ again: [MeasurementKey], into counts: [MeasurementKey: Counts], upTo most: Int) throws -> [MeasurementKey: Counts] {
            var counts = counts
            let first = min(most, InstructionPass.otherSeedPasses)
            for stage in [first, most] {
                let candidates = stage == first ? again : InstructionPass.countedMore(again, counts: counts)
                let wanting = candidates.filter { (counts[$0]?.otherSeeds.count ?? stage) < stage }
                guard !wanting.isEmpty else { continue }
                let times = wanting.map { stage - (counts[$0]?.otherSeeds.count ?? 0) }.max() ?? 0
                let moved = stage == first ? "" : "\(wanting.count) whose counts moved: "
                let shares = (0..<times).map { pass in wanting.filter { stage - (counts[$0]?.otherSeeds.count ?? 0) > pass } }
                let others = try count(shares: shares, fixedSeed: false) { pass in
                    "\(moved)counting again under a random hash seed (\(pass) of \(times))"
                }
                for other in others { for (key, value) in other { counts[key]?.otherSeeds.append(value) } }
            }
            return counts
        }

        /// Counts each of `shares` in a process of its own, up to `processes` at once; each process's
        /// counts per operation, by key, in order.
        ///
        /// With the seed fixed, every process's dump directory is made before any starts, in order, so
        /// the first share's takes the first free name, the second's the next, in every run: the name is
        /// on the child's command line, and its hash moves what the child counts.
        func count(shares: [[MeasurementKey]], fixedSeed: Bool, saying: (Int) -> String) throws -> [[MeasurementKey: Double]] {
            let width = min(processes, shares.count)
            let group = ChildGroup()
            // What the children's threads need, and nothing of the progress line, which stays on this one.
            let (options, all, operationsPerCall) = (options, all, operationsPerCall)
            let directories = fixedSeed ? try shares.map { _ in try CallgrindLaunch.makeOwnedOutputDirectory() } : nil
            defer { directories?.forEach(CallgrindLaunch.removeOwnedOutputDirectory) }
            return try SideBySide.run(
                shares.count, atMost: width,
                starting: { index in
                    let line = "[instructions] " + saying(index + 1)
                    // Side by side, the children's own lines take turns on the progress line: the
                    // parent's stay above them, one for each child as it starts.
                    if width == 1 { progress.note(line) } else { progress.say(line + ", \(width) processes side by side") }
                },
                stop: group.end
            ) { index in
                let counted = shares[index]
                // Every selected measurement is the child's default: its command line names none then.
                let keys = counted == all ? nil : counted
                let regions = try directories.map { directories in
                    try childLaunch(options, keys: keys, fixedSeed: fixedSeed, directory: directories[index]).run(in: group)
                } ?? CallgrindLaunch.withOutputDirectory { directory in
                    try childLaunch(options, keys: keys, fixedSeed: fixedSeed, directory: directory).run(in: group)
                }
                let totals = CallgrindRegion.measurementTotals(regions)
                var counts: [MeasurementKey: Double] = [:]
                for key in counted {
                    guard let total = totals[key.label] else { throw BenchError("the callgrind pass counted no instructions for \(key)") }
                    counts[key] = Double(total.instructions) / Double(total.calls) / Double(operationsPerCall[key]!)
                }
                return counts
            }
        }
    }

    /// The counting child of `options` over `keys` (every selected measurement when `nil`), writing its
    /// dumps into `directory`: the debug-stripped copy of this executable, under callgrind.
    ///
    /// `bench profile` starts the same child with `probeApart`: its counted regions' dumps then hold
    /// every counted call's functions, one dump a measurement.
    static func childLaunch(
        _ options: RunOptions, keys: [MeasurementKey]?, fixedSeed: Bool, directory: String, probeApart: Bool = false
    ) throws -> CallgrindLaunch {
        let child = ChildCommand(.countInstructions(dumpsDirectory: directory, measurements: keys ?? [], probeApart: probeApart), run: options)
        return CallgrindLaunch(
            program: try CallgrindLaunch.copyWithoutDebugInformation(OwnExecutable.path(), into: directory), arguments: child.arguments,
            environment: childEnvironment(fixedSeed: fixedSeed), outputDirectory: directory)
    }

    /// The counting child's whole environment: the allocator, jemalloc's purging off, the hash seed
    /// and the A/B switches' variables. What it counts and where it dumps are on its command line.
    static func childEnvironment(fixedSeed: Bool) -> [String: String] {
        [
            AllocatorLaunch.choiceVariable: AllocatorLaunch.Choice.jemalloc.rawValue,
            OperatingSystem.preloadVariable: OperatingSystem.jemallocLibrary, AllocatorLaunch.markerVariable: "1",
            "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1,background_thread:false",
            "SWIFT_DETERMINISTIC_HASHING": fixedSeed ? "1" : "0",
            // Set either way, so that a count with the switch off and one with it on start their stacks
            // at the same address: work that hashes addresses (Observation's tables) would otherwise
            // move between them with no work added (docs/instruction-counting.md).
            "BENCH_AB_EXTRA_WORK": Store.isExtraReadWorkOn ? "1" : "0",
            // The switch of a slowdown in time alone is counted as it runs: its steps are instructions
            // too. Ten digits either way, for the same reason.
            "BENCH_AB_WALK_STALLS": String(format: "%010d", Store.walkStallSteps ?? 0),
            // The child ends with this process; it takes the variable out before anything reads its
            // environment, and its ten digits keep the stack's start where it is in every run.
        ].merging(Interruption.parentEnvironment) { $1 }
    }

    /// The records with each one's counts filled in.
    static func fill(_ records: [MeasurementRecord], with counts: [MeasurementKey: Counts]) -> [MeasurementRecord] {
        records.map { record in
            var record = record
            let found = counts[record.key]
            record.instructionsPerOperation = found?.fixedSeed
            record.instructionsUnderOtherHashSeeds = found.flatMap { $0.otherSeeds.isEmpty ? nil : $0.otherSeeds }
            return record
        }
    }

    /// How the counts were made, clause by clause, for the results file's `method`.
    ///
    /// - Parameter processes: The most counting processes that ran at once (`count`'s).
    static func method(
        _ counter: InstructionCounter, valgrindVersion: String, processes: Int = countingProcesses, otherSeeds: Int = 0
    ) -> [String] {
        let first = min(otherSeeds, otherSeedPasses)
        let seeds = otherSeeds == 0
            ? "instructionsUnderOtherHashSeeds: not counted (the fixed seed alone; bench compare counts other seeds where a count moved)"
            : "instructionsUnderOtherHashSeeds: the same, in \(first) more processes with random hash seeds, "
                + "for measurements of at most \(Int(otherSeedLimit)) Ir per operation"
                + (otherSeeds > first
                    ? ", and in \(otherSeeds - first) more for those whose spread there is over \(Counts.movedSpreadFloor * 100)% and at most "
                        + "\(ComparisonRule.defaultWidestDecidingSpread * 100)%" : "")
        var clauses = [
            "counting method \(CountingMethod.current): instructionsPerOperation: callgrind's Ir (\(valgrindVersion)) in \(fixedSeedParts) more "
                + "processes of this build under valgrind, the measurements dealt out to them in turn, "
                + "on jemalloc with time-driven purging off, address-space randomisation off, SWIFT_DETERMINISTIC_HASHING=1, a fixed environment",
            "per measurement, \(counter.warmUpCalls) calls uncollected, then N calls collected, the first a probe, "
                + "N = \(counter.targetInstructions) Ir over the probe's, within \(counter.minimumCalls)...\(counter.maximumCalls) and even, "
                + "or within 1...\(counter.maximumCalls) for an operation that runs after its own set-up",
            "Ir / N / operations per call",
            "each call's indirect call and black hole are in the count, as in the timings",
            seeds,
        ]
        if processes > 1 {
            clauses.append(
                "these processes run side by side on \(processes) cores, up to \(processes) at a time, each once those that "
                    + "choose its measurements have ended" + (otherSeeds == 0 ? "" : " (the fixed seed's, then the first other seeds')")
                    + ", all before the timed pass")
        }
        return clauses
    }

    // MARK: - Child

    /// Counts the selected measurements keyed `measurements` (all when empty), one after another,
    /// into `dumpsDirectory`: the job `ChildCommand.Job.countInstructions`, whose `probeApart` keeps
    /// each probe out of the count (a profile's). Writes no results file.
    ///
    /// - Throws: `BenchError` outside valgrind, where nothing would be counted; what preparing a
    ///   measurement or counting it throws.
    static func runChild(_ options: RunOptions, dumpsDirectory: String, measurements: [MeasurementKey], probeApart: Bool = false) throws {
        guard InstructionCounter.isRunningOnValgrind else {
            throw BenchError.usage("'child count-instructions' counts only under valgrind, where bench --instructions starts it")
        }
        let subjects = try BenchSubjects(specDirectory: URL(fileURLWithPath: options.specDirectory))
        let progress = ProgressLine()
        var counter = InstructionCounter(outputDirectory: dumpsDirectory)
        counter.probeIsCounted = !probeApart
        var selected = SuiteRunner.selected(Suite(subjects: subjects), options: options)
        if !measurements.isEmpty {
            let keys = Set(measurements)
            selected = selected.filter { keys.contains($0.key) }
        }
        for (index, measurement) in selected.enumerated() {
            let name = measurement.key.label
            progress.passing("[instructions \(index + 1)/\(selected.count)] \(name)")
            let prepared = try measurement.prepare()
            let calls = try counter.count(
                Measurement(name, setUp: prepared.setUp, operation: prepared.operation), oneCallPerSetUp: measurement.oneCallPerBatch)
            progress.note("[instructions \(index + 1)/\(selected.count)] \(name): \(calls) call\(calls == 1 ? "" : "s") counted")
        }
        progress.finish()
    }
}
