import Harness

/// Checks that a results file is consistent with itself: what `bench validate FILE` and CI run.
///
/// Decoding already proved the keys and types; this checks what types cannot: that summaries describe
/// the raw samples they sit beside, that counts and names are unique, that fits go through their
/// points, and that judging the file's own figures against its own limits gives the verdicts and the
/// decision it records.
enum ResultsValidator {
    /// Every inconsistency in `results`, one line each; empty when the file is valid. The read floor's
    /// figures (of `KeyMeasurements`) must be what the file's own measurements give again.
    static func problems(in results: ResultsFile) -> [String] {
        var problems: [String] = []
        if results.limitsSHA256.count != 64 || !results.limitsSHA256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
            problems.append("limitsSHA256 '\(results.limitsSHA256)' is not 64 lowercase hex digits")
        }
        if !["debug", "release"].contains(results.environment.buildConfiguration) {
            problems.append("environment.buildConfiguration '\(results.environment.buildConfiguration)' is neither debug nor release")
        }
        problems += duplicates(results.measurements.map { "measurement '\($0.name)' (\($0.strategy.rawValue))" })
        problems += duplicates(results.counts.map { "count '\($0.scenario)' (\($0.strategy.rawValue)) of body '\($0.body)'" })
        problems += duplicates(results.fits.map { "fit '\($0.name)' (\($0.strategy.rawValue))" })
        problems += duplicates(results.limits.map { "limit '\($0.limit.id)'" })
        for measurement in results.measurements { problems += self.problems(in: measurement, schema: results.schema) }
        for count in results.counts where count.reruns < 0 {
            problems.append("count '\(count.scenario)' (\(count.strategy.rawValue)) of body '\(count.body)': negative re-runs \(count.reruns)")
        }
        for fit in results.fits { problems += self.problems(in: fit) }
        problems += self.problems(in: results.forkLoads ?? [])
        for subject in results.subjects { problems += self.problems(in: subject) }
        if let scaling = results.scaling, scaling.source == .notMeasured, scaling.detail?.isEmpty ?? true {
            problems.append("scaling: not-measured without a reason in detail")
        }
        problems += judgingProblems(in: results)
        return problems
    }

    /// Reads the file at `path` and checks it.
    ///
    /// - Returns: The file, when it is valid.
    /// - Throws: `BenchError`: the reader's, or `PATH: not valid: FIRST PROBLEM (and N more)`.
    static func validate(path: String) throws(BenchError) -> ResultsFile {
        try check(try ResultsReader.read(path: path), path: path)
    }

    /// `results` when it is valid, else the first problem as `PATH: not valid: ...` (and how many more).
    static func check(_ results: ResultsFile, path: String) throws(BenchError) -> ResultsFile {
        let found = problems(in: results)
        guard let first = found.first else { return results }
        let more = found.count > 1 ? " (and \(found.count - 1) more)" : ""
        throw .at(path, "not valid: \(first)\(more)")
    }

    // MARK: - Parts

    /// Each fork's load figures out of their range, naming the field: a fork numbered from 1, seconds,
    /// switches, shares and load averages never negative nor infinite, steal no more than every tick.
    /// (A share of wall time may pass 1 by a hair: its two readings are not taken at one instant.)
    static func problems(in loads: [ForkLoadRecord]) -> [String] {
        var problems: [String] = []
        for (index, load) in loads.enumerated() {
            let at = "forkLoads[\(index)]"
            if load.fork < 1 { problems.append("\(at).fork: \(load.fork), but forks are numbered from 1") }
            for (field, count) in [("involuntarySwitches", load.involuntarySwitches), ("voluntarySwitches", load.voluntarySwitches)] where count < 0 {
                problems.append("\(at).\(field): \(count) is negative")
            }
            let figures: [(String, Double?)] = [
                ("seconds", load.seconds), ("runQueueShare", load.runQueueShare), ("onCPUShare", load.onCPUShare),
                ("cpuPressureShare", load.cpuPressureShare), ("stealShare", load.stealShare),
                ("loadAverageAtStart", load.loadAverageAtStart), ("loadAverageAtEnd", load.loadAverageAtEnd),
            ]
            for (field, figure) in figures {
                guard let figure else { continue }
                if !figure.isFinite { problems.append("\(at).\(field): \(figure) is not a finite number") }
                else if figure < 0 { problems.append("\(at).\(field): \(figure) is negative") }
            }
            if let steal = load.stealShare, steal > 1 { problems.append("\(at).stealShare: \(steal) is more than every tick") }
        }
        return problems
    }

    private static func duplicates(_ keys: [String]) -> [String] {
        var seen: Set<String> = []
        var repeated: [String] = []
        for key in keys where !seen.insert(key).inserted && !repeated.contains(key) { repeated.append(key) }
        return repeated.map { "\($0) appears more than once" }
    }

    private static func problems(in measurement: MeasurementRecord, schema: Int) -> [String] {
        let name = "measurement '\(measurement.name)' (\(measurement.strategy.rawValue))"
        var problems: [String] = []
        let samples = measurement.samples
        let summary = measurement.summary
        if measurement.unit != MeasurementRecord.nanoseconds { problems.append("\(name): unit '\(measurement.unit)' is not ns") }
        guard !samples.isEmpty else { return problems + ["\(name): no samples"] }
        if samples.count != summary.count { problems.append("\(name): \(samples.count) samples, but the summary counts \(summary.count)") }
        if measurement.batches.nanoseconds.count != samples.count {
            problems.append("\(name): \(measurement.batches.nanoseconds.count) batches for \(samples.count) samples")
        }
        if let threadCPU = measurement.threadCPUSamples, threadCPU.count != samples.count {
            problems.append("\(name): \(threadCPU.count) samples on the thread's CPU clock for \(samples.count) on the monotonic clock")
        }
        if (measurement.threadCPUSamples == nil) != (measurement.batches.threadCPUNanoseconds == nil)
            || (measurement.batches.threadCPUNanoseconds.map { $0.count != samples.count } ?? false)
        {
            problems.append("\(name): the batches on the thread's CPU clock do not go with its samples on that clock")
        }
        if let speeds = measurement.batches.speedProbeNanoseconds {
            let processes = measurement.forks?.count ?? 1
            if speeds.count != processes {
                problems.append("\(name): batches.speedProbeNanoseconds has \(speeds.count) readings for \(processes) process\(processes == 1 ? "" : "es")")
            }
            if let bad = speeds.first(where: { !($0.isFinite && $0 > 0) }) {
                problems.append("\(name): batches.speedProbeNanoseconds holds \(bad), not a positive number of nanoseconds")
            }
        }
        if let forks = measurement.forks {
            problems += self.problems(in: forks, of: measurement, name: name)
        } else if measurement.batches.invocations.sampling != measurement.batches.size * samples.count {
            problems.append("\(name): \(measurement.batches.invocations.sampling) sampled calls, not batch size × samples")
        }
        problems += summaryProblems(measurement, schema: schema, name: name)
        problems += countProblems(measurement, name: name)
        return problems
    }

    /// Whether the summary is the samples': the median (of the forks' medians from schema 5), the
    /// extremes, and an interval that holds the median.
    private static func summaryProblems(_ measurement: MeasurementRecord, schema: Int, name: String) -> [String] {
        var problems: [String] = []
        let summary = measurement.summary
        let sorted = measurement.samples.sorted()
        // Same type-7 arithmetic as the harness, so an untouched file matches exactly.
        let position = Double(sorted.count - 1) * 0.5
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let pooled = sorted[lower] + (position - Double(lower)) * (sorted[upper] - sorted[lower])
        // From schema 5 a record measured in forks gives each fork one vote (`MeasurementRecord(mergingForks:)`).
        let groups = measurement.sampleGroups
        let forkMedians = schema >= 5 && groups.count > 1
        let median = forkMedians ? ForkMedians.median(of: groups) : pooled
        if median != summary.median {
            problems.append("\(name): summary median \(summary.median) is not the \(forkMedians ? "median of the forks' medians" : "samples' median") \(median)")
        }
        if sorted.first != summary.minimum || sorted.last != summary.maximum {
            problems.append("\(name): summary minimum or maximum is not the samples'")
        }
        let interval = summary.medianInterval
        if !(interval.lower <= summary.median && summary.median <= interval.upper) {
            problems.append("\(name): the median's interval [\(interval.lower), \(interval.upper)] does not contain it")
        }
        return problems
    }

    /// Whether the allocations follow from their count, and the instruction counts are numbers a count can be.
    private static func countProblems(_ measurement: MeasurementRecord, name: String) -> [String] {
        var problems: [String] = []
        let allocations = measurement.allocations
        if (allocations.count == nil) == (allocations.unavailableReason == nil) {
            problems.append("\(name): allocations need a count or a reason it is unavailable, not both or neither")
        }
        if let count = allocations.count,
            allocations.allocationsPerOperation != count.allocationsPerOperation
                || allocations.bytesPerOperation != count.bytesPerOperation
        {
            problems.append("\(name): allocations per operation do not follow from the count")
        }
        if let instructions = measurement.instructionsPerOperation, !(instructions.isFinite && instructions >= 0) {
            problems.append("\(name): instructions per operation \(instructions) is not a finite, non-negative number")
        }
        if let others = measurement.instructionsUnderOtherHashSeeds {
            if measurement.instructionsPerOperation == nil {
                problems.append("\(name): counts under other hash seeds without the count under the fixed one")
            }
            if others.isEmpty || others.contains(where: { !($0.isFinite && $0 >= 0) }) {
                problems.append("\(name): counts under other hash seeds must be finite, non-negative numbers, at least one")
            }
        }
        return problems
    }

    private static func problems(in forks: [ForkRecord], of measurement: MeasurementRecord, name: String) -> [String] {
        guard forks.count >= 2 else { return ["\(name): \(forks.count) fork(s) recorded; a run in one process records none"] }
        if forks.contains(where: { $0.samples < 1 || $0.batchSize < 1 }) {
            return ["\(name): a fork with no samples or no batch size"]
        }
        var problems: [String] = []
        let samples = forks.reduce(0) { $0 + $1.samples }
        if samples != measurement.samples.count {
            problems.append("\(name): the forks took \(samples) samples, but the measurement has \(measurement.samples.count)")
        }
        let calls = forks.reduce(0) { $0 + $1.samples * $1.batchSize }
        if measurement.batches.invocations.sampling != calls {
            problems.append("\(name): \(measurement.batches.invocations.sampling) sampled calls, not the forks' batch sizes × samples (\(calls))")
        }
        return problems
    }

    private static func problems(in subject: SubjectRecord) -> [String] {
        guard let fieldErrors = subject.fieldErrors else { return [] }
        let name = "subject '\(subject.role)': fieldErrors"
        var problems: [String] = []
        if !FieldErrorsRecord.sources.contains(fieldErrors.source) {
            problems.append("\(name): source '\(fieldErrors.source)' is neither recorded nor made")
        }
        if fieldErrors.leaves < 1 { problems.append("\(name): \(fieldErrors.leaves) leaves; a field-errors response places at least one") }
        if fieldErrors.response.isEmpty || fieldErrors.how.isEmpty { problems.append("\(name): response and how must be named") }
        return problems
    }

    private static func problems(in fit: FitRecord) -> [String] {
        let name = "fit '\(fit.name)' (\(fit.strategy.rawValue))"
        let xs = fit.points.map(\.x)
        guard fit.points.count >= 2, Set(xs).count >= 2 else { return ["\(name): fewer than two distinct points"] }
        let refit = Statistics.linearFit(x: xs, y: fit.points.map(\.y))
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
        guard close(refit.slope, fit.slope), close(refit.intercept, fit.intercept), close(refit.rSquared, fit.rSquared) else {
            return ["\(name): slope, intercept or R² does not fit its points"]
        }
        return []
    }

    private static func judgingProblems(in results: ResultsFile) -> [String] {
        var problems: [String] = []
        let limits = results.limits.map(\.limit)
        if results.options.filter == nil {
            // A count about an operation the spec does not have (no spreads-only operation) is missing
            // for that reason, which the subjects show, and the limit is recorded as not judged.
            let roles = Set(results.subjects.map(\.role))
            for limit in limits where !hasMetric(limit, in: results)
                && (roles.isEmpty || limit.isTiming || roles.contains(JudgedSubject.role(of: limit.metric) ?? "")) {
                problems.append("limit '\(limit.id)': metric '\(limit.metric)' is missing from an unfiltered run")
            }
        }
        let rejudged = Judge(
            limits: limits, buildConfiguration: results.environment.buildConfiguration, quick: results.options.quick,
            shapes: results.shapes, looks: results.looks, noise: results.noise
        ).judge(measurements: results.measurements, counts: results.counts, forkLoads: results.forkLoads)
        for (recorded, expected) in zip(results.limits, rejudged.limits)
        where recorded.verdict != expected.verdict || recorded.value != expected.value || recorded.gates != expected.gates {
            problems.append(
                "limit '\(recorded.limit.id)': recorded \(recorded.verdict.rawValue), but the file's own figures judge \(expected.verdict.rawValue)")
        }
        for (recorded, expected) in zip(results.limits, rejudged.limits) where recorded.disturbance != expected.disturbance {
            problems.append("limit '\(recorded.limit.id)': the disturbance recorded is not what the file's own forks give")
        }
        for (recorded, expected) in zip(results.limits, rejudged.limits)
        where recorded.bodyDifferences != nil && recorded.bodyDifferences != expected.bodyDifferences {
            problems.append("limit '\(recorded.limit.id)': the body differences recorded are not the file's own counts")
        }
        for recorded in results.limits where recorded.handleShare != nil
            && recorded.handleShare != HandleShare.share(
                of: recorded, measurements: results.measurements, clock: recorded.handleShare?.clock) {
            problems.append("limit '\(recorded.limit.id)': the handle's share recorded is not what the file's own measurements give")
        }
        if let recorded = results.readFloor, recorded != ReadFloor.figures(
            measurements: results.measurements, subjects: results.subjects,
            buildConfiguration: results.environment.buildConfiguration, quick: results.options.quick,
            ratioMethod: ReadFloor.ratioMethod(recorded)) {
            problems.append("readFloor: the figures recorded are not what the file's own measurements give")
        }
        if results.decision != rejudged.decision {
            problems.append("decision '\(results.decision.text)' is not what the verdicts conclude: '\(rejudged.decision.text)'")
        }
        return problems
    }

    private static func hasMetric(_ limit: Limit, in results: ResultsFile) -> Bool {
        guard limit.isTiming else { return results.counts.contains { $0.scenario == limit.metric } }
        // An unfiltered run that did not select the shape has no measurement of it, by choice.
        guard results.options.strategy.includes(limit.shape) else { return true }
        return results.measurements.contains { $0.name == limit.metric && $0.strategy == limit.strategy }
    }
}
