import Harness

/// Several results files of one build, made one after another, as one: every measurement's forks
/// side by side.
///
/// On a shared machine the speed of the whole machine drifts over minutes, so two runs made at
/// different times differ by more than any fork of either shows. Two builds are compared honestly only
/// when their runs are made in alternation (`scripts/interleaved-runs`: a few forks of one, a few of
/// the other, again and again) and each build's runs are merged here: the drift then falls on both
/// alike, and every fork is still one observation.
///
/// The files must be runs of one build (commit, tree state, build, toolchain, machine, allocator) with
/// the same options but `forks`, judged against the same limits, with identical body re-run counts;
/// anything else is refused. A file run with another `--filter` than the first is a later look at some
/// of its measurements (the release gate's, where a measurement could not tell): its forks are added
/// to those measurements, which the first file must have, and its counts are its selection's own. Instruction counts are the first counted file's (a build's fixed-seed
/// count is exact) with every file's counts under other hash seeds; a file with no counts may borrow
/// them from another run of the same build (`instructionsFrom`). The limits are judged again, the
/// scaling fits drawn again through the merged medians.
enum ResultsMerge {
    /// Merges `files` (path and contents), in the order given.
    ///
    /// - Parameters:
    ///   - files: At least one results file.
    ///   - instructionsFrom: Another run of the same build whose instruction counts to take, when none
    ///     of `files` counted them.
    /// - Returns: One results file holding every file's forks.
    /// - Throws: `BenchError` naming the file that does not go with the first, and why.
    static func merge(
        _ files: [(path: String, results: ResultsFile)], instructionsFrom: (path: String, results: ResultsFile)? = nil
    ) throws(BenchError) -> ResultsFile {
        guard let (firstPath, first) = files.first else { throw .at("bench merge", "no results file to merge") }
        let counted = try requireMergeable(files, instructionsFrom: instructionsFrom)
        var merged = first
        // Read, an older file's values are the current layout's; the merged file is a new one of it.
        merged.schema = ResultsSchema.current
        merged.countingMethod = counted?.results.countingMethod
        merged.measurements = try first.measurements.map { record throws(BenchError) in
            try mergedRecord(record.key, files, counted: counted)
        }
        merged.options.forks = merged.measurements.first?.forks?.count ?? files.reduce(0) { $0 + $1.results.options.forks }
        // Each run's shapes took their turns in orders of its own seed; a file of an older schema adds none.
        let seeds = files.flatMap { $0.results.options.roundOrderSeeds ?? [] }
        merged.options.roundOrderSeeds = seeds.isEmpty ? nil : seeds
        // Every file's forks, numbered on in the order merged, as the measurements' forks are.
        let loads = files.flatMap { $0.results.forkLoads ?? [] }
        merged.forkLoads = loads.isEmpty ? nil : loads.enumerated().map { index, load in
            var load = load
            load.fork = index + 1
            return load
        }
        merged.fits = try first.fits.map { fit throws(BenchError) in try refit(fit, first: first, merged: merged.measurements, path: firstPath) }
        judgeAgain(&merged, as: first)
        // Each run's phases were its own; the merged file is no one run, and its parts' files keep theirs.
        merged.phases = nil
        // A file's extra looks measured some measurements in more forks than the rest; merged, every
        // measurement holds all forks of every file, which no one look took.
        merged.looksTaken = nil
        let looks = files.filter { isLaterLook($0.results, of: first) }.count
        merged.method = (counted?.results.method ?? first.method)
            + ["merged by bench merge from \(files.count) runs of this build made one after another"
                + (looks == 0 ? "" : ", \(looks) of them later looks at some measurements (another --filter)")]
        return merged
    }

    /// Whether `file` is a later look of `first`'s run: one at some of its measurements (another `--filter`).
    private static func isLaterLook(_ file: ResultsFile, of first: ResultsFile) -> Bool {
        file.options.filter != first.options.filter
    }

    /// Refuses files that do not go with the first, a donor of another build, and counts of two
    /// counting methods; returns the file whose instruction counts the merged file takes, if any.
    private static func requireMergeable(
        _ files: [(path: String, results: ResultsFile)], instructionsFrom: (path: String, results: ResultsFile)?
    ) throws(BenchError) -> (path: String, results: ResultsFile)? {
        let (firstPath, first) = files[0]
        for (path, file) in files.dropFirst() {
            if isLaterLook(file, of: first) {
                try requireLaterLook(path, file, of: first, firstPath)
            } else {
                try requireSameRun(path, file, as: first, firstPath)
            }
        }
        if let (path, donor) = instructionsFrom { try requireSameBuild(path, donor, as: first, firstPath) }
        let counted = files.first { $0.results.hasInstructionCounts } ?? instructionsFrom
        if let counted {
            for (path, file) in files + [instructionsFrom].compactMap({ $0 })
            where file.hasInstructionCounts && file.countingMethod != counted.results.countingMethod {
                throw .at(
                    path,
                    "counted instructions by \(CountingMethod.describe(file.countingMethod ?? 1)), \(counted.path) by "
                        + "\(CountingMethod.describe(counted.results.countingMethod ?? 1)): counts of two ways cannot be merged")
            }
        }
        return counted
    }

    /// The measurement `key` of every file, one fork one vote, with the counted file's fixed-seed count
    /// and every file's counts under other seeds.
    private static func mergedRecord(
        _ key: MeasurementKey, _ files: [(path: String, results: ResultsFile)], counted: (path: String, results: ResultsFile)?
    ) throws(BenchError) -> MeasurementRecord {
        let (firstPath, first) = files[0]
        var forks: [MeasurementRecord] = []
        for (path, file) in files {
            guard let same = file.measurements.record(key) else {
                if isLaterLook(file, of: first) { continue }
                throw .at(path, "has no measurement '\(key.name)' (\(key.strategy.rawValue)), which \(firstPath) has")
            }
            forks += same.forkRecords
        }
        var merged = MeasurementRecord(mergingForks: forks)
        // The counted file first, whose fixed-seed count stands; every file's counts under other seeds.
        let countSources = [counted].compactMap { $0 } + files.filter { $0.path != counted?.path }
        let counts = countSources.compactMap { source in
            source.results.measurements.record(key)
        }
        merged.instructionsPerOperation = counts.lazy.compactMap(\.instructionsPerOperation).first
        let others = counts.flatMap { $0.instructionsUnderOtherHashSeeds ?? [] }
        merged.instructionsUnderOtherHashSeeds = merged.instructionsPerOperation == nil || others.isEmpty ? nil : others
        return merged
    }

    /// Judges `merged` again as `first`'s run judged itself, over all its forks: the limits, the
    /// handle's share, the decision and the read floor.
    private static func judgeAgain(_ merged: inout ResultsFile, as first: ResultsFile) {
        let judgement = Judge(
            limits: first.limits.map(\.limit), buildConfiguration: first.environment.buildConfiguration, quick: first.options.quick,
            shapes: first.shapes, looks: first.looks, noise: first.noise
        ).judge(measurements: merged.measurements, counts: merged.counts, forkLoads: merged.forkLoads)
        merged.limits = HandleShare.fill(judgement.limits, measurements: merged.measurements)
        merged.decision = judgement.decision
        merged.readFloor = ReadFloor.figures(
            measurements: merged.measurements, subjects: first.subjects, buildConfiguration: first.environment.buildConfiguration,
            quick: first.options.quick)
    }

    // MARK: - Checks

    private static func requireSameBuild(_ path: String, _ file: ResultsFile, as first: ResultsFile, _ firstPath: String) throws(BenchError) {
        let fields: (ResultsFile) -> [(String, String)] = { file in
            buildAndSelection(file.environment, file.options) + [
                ("cpuModel", file.environment.cpuModel), ("allocator", file.environment.allocator), ("quick", "\(file.options.quick)"),
            ]
        }
        for ((field, theirs), (_, ours)) in zip(fields(file), fields(first)) where theirs != ours {
            throw .at(path, "is not a run of the build \(firstPath) is: \(field) '\(theirs)', not '\(ours)'")
        }
    }

    /// What two runs must share to count the same body re-runs, by name, as text: the build (its
    /// commit, whether its tree was dirty, its configuration and toolchain) and the selection (the
    /// filter, the shapes and the spec). Merging checks these and more; `BorrowedCounts` these.
    static func buildAndSelection(_ environment: MachineEnvironment, _ options: RunRecord) -> [(String, String)] {
        [
            ("commit", environment.commit), ("dirtyTree", environment.dirtyTree.map(String.init) ?? "unknown"),
            ("buildConfiguration", environment.buildConfiguration), ("toolchain", environment.toolchain),
            ("filter", options.filter ?? "none"), ("strategy", options.strategy.rawValue), ("specDirectory", options.specDirectory),
        ]
    }

    private static func requireLaterLook(_ path: String, _ file: ResultsFile, of first: ResultsFile, _ firstPath: String) throws(BenchError) {
        var widened = file
        widened.options.filter = first.options.filter
        try requireSameBuild(path, widened, as: first, firstPath)
        guard file.limitsSHA256 == first.limitsSHA256 else { throw .at(path, "was judged against other limits than \(firstPath)") }
        let keys = Set(first.measurements.map(\.key))
        if let stray = file.measurements.first(where: { !keys.contains($0.key) }) {
            throw .at(path, "looks again at '\(stray.name)' (\(stray.strategy.rawValue)), which \(firstPath) does not measure")
        }
    }

    private static func requireSameRun(_ path: String, _ file: ResultsFile, as first: ResultsFile, _ firstPath: String) throws(BenchError) {
        try requireSameBuild(path, file, as: first, firstPath)
        guard file.limitsSHA256 == first.limitsSHA256 else { throw .at(path, "was judged against other limits than \(firstPath)") }
        guard file.counts == first.counts else {
            throw .at(path, "counts other body re-runs than \(firstPath): the runs did not run the same code")
        }
        guard Set(file.measurements.map(\.key)) == Set(first.measurements.map(\.key)) else {
            throw .at(path, "measures other measurements than \(firstPath)")
        }
    }

    /// The fit drawn again: each point's measurement is the one whose median the point was drawn
    /// through in the first file.
    private static func refit(_ fit: FitRecord, first: ResultsFile, merged: [MeasurementRecord], path: String) throws(BenchError) -> FitRecord {
        let points = try fit.points.map { point throws(BenchError) -> FitRecord.Point in
            guard let source = first.measurement(of: point, in: fit),
                let now = merged.record(source.key)
            else { throw .at(path, "fit '\(fit.name)' has a point whose measurement it does not hold") }
            return FitRecord.Point(x: point.x, y: now.summary.median, measurement: point.measurement)
        }
        return FitRecord(fitting: points, name: fit.name, strategy: fit.strategy, xUnit: fit.xUnit)
    }
}

extension MeasurementRecord {
    /// The record as its forks, one record each: itself when it was taken in one process.
    var forkRecords: [MeasurementRecord] {
        guard let forks, forks.count > 1 else { return [self] }
        let groups = sampleGroups
        let threadCPUGroups = sampleGroups(on: .threadCPU)
        var start = 0
        return zip(forks, groups).enumerated().map { index, pair in
            let (fork, samples) = pair
            let range = start..<start + fork.samples
            let nanoseconds = Array(batches.nanoseconds[range])
            let threadCPUNanoseconds = batches.threadCPUNanoseconds.map { Array($0[range]) }
            start += fork.samples
            // Calibration and warm-up are recorded for the whole measurement; the first fork carries them,
            // so merging the forks again adds up to what was recorded.
            let invocations = MeasurementResult.Invocations(
                calibration: index == 0 ? batches.invocations.calibration : 0, warmUp: index == 0 ? batches.invocations.warmUp : 0,
                sampling: fork.batchSize * fork.samples)
            var record = MeasurementRecord(
                name: name, strategy: strategy,
                summary: Summary(samples: samples, level: policy.confidenceLevel, resamples: 1, seed: policy.seed),
                samples: samples,
                batches: BatchRecord(
                    size: fork.batchSize, nanoseconds: nanoseconds, invocations: invocations, stopReason: fork.stopReason,
                    threadCPUNanoseconds: threadCPUNanoseconds,
                    speedProbeNanoseconds: batches.speedProbeNanoseconds.flatMap { $0.count == forks.count ? [$0[index]] : nil }),
                policy: policy, allocations: allocations, threadCPUSamples: threadCPUGroups?[index],
                sampleTerms: sampleTerms.flatMap { terms in
                    terms.overheadNanoseconds.count == forks.count && terms.threadCPUOverheadNanoseconds.count == forks.count
                        ? SampleTerms(
                            operationsPerCall: terms.operationsPerCall, overheadNanoseconds: [terms.overheadNanoseconds[index]],
                            threadCPUOverheadNanoseconds: [terms.threadCPUOverheadNanoseconds[index]])
                        : nil
                })
            record.forks = nil
            return record
        }
    }
}
