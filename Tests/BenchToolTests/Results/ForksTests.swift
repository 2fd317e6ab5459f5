import Foundation
import Harness
import Testing

@testable import BenchTool

/// Measurements taken in several processes: how their records merge, validate and compare.
struct ForksTests {
    /// One fork's record of the derived phase read: twenty samples within ±1 % of `center`.
    private func fork(_ center: Double, batchSize: Int = 100, allocations: AllocationRecord = .unavailable("counted in the first fork only")) -> MeasurementRecord {
        let samples = (0..<20).map { center * (1 + 0.01 * (Double(($0 * 7) % 20) / 10 - 1)) }
        var record = Synthetic.measurement(Synthetic.phaseRead, .derived, samples: samples, lower: center * 0.99, upper: center * 1.01, allocations: allocations)
        record.batches = BatchRecord(
            size: batchSize, nanoseconds: samples.map { UInt64($0 * Double(batchSize)) },
            invocations: MeasurementResult.Invocations(calibration: 3, warmUp: 5, sampling: batchSize * samples.count),
            stopReason: .timeBudget)
        return record
    }

    /// Process centres that wander ±10 % around 1000 ns, as processes of one build do here.
    private static let wandering: [Double] = [1000, 940, 1080, 1010, 905, 1060, 970, 1100]

    /// A comparable results file whose derived phase read was taken in the forks centred at `centers`.
    private func file(forks centers: [Double]) -> ResultsFile {
        var file = Synthetic.comparable()
        let merged = MeasurementRecord(mergingForks: centers.map { fork($0) })
        let index = file.measurements.firstIndex { MeasurementKey($0) == Synthetic.derivedRead }!
        file.measurements[index] = merged
        file.options.forks = centers.count
        let judgement = Judge(limits: Synthetic.limits, buildConfiguration: "release", quick: false)
            .judge(measurements: file.measurements, counts: file.counts)
        file.limits = judgement.limits
        file.decision = judgement.decision
        return file
    }

    // MARK: - Merging

    @Test func mergingKeepsEverySampleInForkOrderAndSaysWhereEachForkBegins() {
        let counted = AllocationRecord.counted(Synthetic.allocationCount(iterations: 100, allocations: 200, bytes: 6_400))
        let forks = [fork(1000, batchSize: 100, allocations: counted), fork(1100, batchSize: 50), fork(900, batchSize: 100)]
        let merged = MeasurementRecord(mergingForks: forks)
        #expect(merged.samples == forks.flatMap(\.samples))
        #expect(merged.forks == forks.map { ForkRecord(samples: 20, batchSize: $0.batches.size, stopReason: .timeBudget) })
        #expect(merged.sampleGroups == forks.map(\.samples))
        #expect(merged.batches.invocations.sampling == 20 * 100 + 20 * 50 + 20 * 100)
        #expect(merged.batches.invocations.calibration == 9 && merged.batches.invocations.warmUp == 15)
        #expect(merged.allocations == counted, "the first fork's count stands for all")
        #expect(merged.summary.median == Statistics.median(forks.map { Statistics.median($0.samples) }), "one fork, one vote")
        #expect(merged.summary.medianInterval.method == ForkMedians.method)
        #expect(merged.summary.medianInterval.lower == Statistics.median(forks[2].samples), "3 forks: the least fork median to the most")
        #expect(merged.summary.medianInterval.upper == Statistics.median(forks[1].samples))
        #expect(merged.summary.medianInterval.level == 0.75, "what 3 forks' span holds: 1 - 2 x 2^-3")
        #expect(ResultsValidator.problems(in: file(forks: [1000, 1100, 900])).isEmpty)
    }

    @Test func aNoisyForkOfManySamplesDoesNotOutvoteTheQuietOnes() {
        // Seven quiet forks of 6 samples at 1000 ns and one of 40 at 1500-1900 ns: pooled, 40 of 82
        // samples sit high; each fork one vote, the median stays with the seven.
        var forks = (0..<7).map { _ in Synthetic.measurement(Synthetic.phaseRead, .derived, samples: [990, 995, 1000, 1000, 1005, 1010], lower: 990, upper: 1010) }
        forks.insert(Synthetic.measurement(Synthetic.phaseRead, .derived, samples: (0..<40).map { 1500 + 10 * Double($0) }, lower: 1500, upper: 1890), at: 1)
        let merged = MeasurementRecord(mergingForks: forks)
        #expect(Statistics.median(merged.samples) > 1000, "pooled, the noisy fork pulls the median")
        #expect(merged.summary.median == 1000)
        #expect(merged.summary.medianInterval.lower == 1000 && merged.summary.medianInterval.upper == 1695, "8 forks at 95 %: [x(1), x(8)]")
        #expect(merged.summary.medianInterval.level == 0.95)
    }

    @Test func oneForkIsKeptAsItIs() {
        let only = fork(1000)
        #expect(MeasurementRecord(mergingForks: [only]) == only)
        #expect(only.forks == nil && only.sampleGroups == [only.samples])
    }

    @Test func forksThatDoNotAddUpAreNotValid() {
        var results = file(forks: [1000, 1100, 900])
        let index = results.measurements.firstIndex { MeasurementKey($0) == Synthetic.derivedRead }!
        results.measurements[index].forks![1].samples = 19
        let problems = ResultsValidator.problems(in: results)
        #expect(problems.contains { $0.contains("the forks took 59 samples, but the measurement has 60") }, "\(problems)")
        #expect(problems.contains { $0.contains("not the forks' batch sizes × samples") }, "\(problems)")
        results.measurements[index].forks = [results.measurements[index].forks![0]]
        #expect(ResultsValidator.problems(in: results).contains { $0.contains("1 fork(s) recorded") })
    }

    @Test func aFileWrittenBeforeForksReadsAsOneProcess() throws {
        let file = Synthetic.comparable()
        var json = String(decoding: try file.encoded(), as: UTF8.self)
        json = json.replacingOccurrences(of: #"      "forks" : null,\#n"#, with: "")
            .replacingOccurrences(of: #"    "forks" : 1,\#n"#, with: "")
            .replacingOccurrences(of: #""schema" : \#(ResultsSchema.current)"#, with: #""schema" : 1"#)
        #expect(!json.contains("\"forks\"") && json.contains(#""schema" : 1"#), "schema 1 before forks has no such key")
        let decoded = try ResultsReader.decode(Data(json.utf8), path: "old.json")
        #expect(decoded.options.forks == 1 && decoded.measurements.allSatisfy { $0.forks == nil })
    }

    // MARK: - Comparing

    @Test func processesThatWanderCannotTellWhereTheirPooledSamplesWouldLookSlower() {
        // Old's processes and new's are both drawn from the same wander; new's happen to sit higher.
        let old = file(forks: Self.wandering)
        let new = file(forks: Self.wandering.map { $0 * 1.07 }.reversed())
        let byForks = Synthetic.compare(old, new).measurements.first { $0.key == Synthetic.derivedRead }!
        #expect(byForks.rankTestOf == .forkMedians && byForks.rankTest.method == .exact)
        #expect(byForks.verdict == .cannotTell && byForks.reason == .reachesPastTheThreshold, "\(byForks.adjustedPValue)")

        // The same samples, as if each run had been one process: the samples alone call it slower.
        var flatOld = old
        var flatNew = new
        for index in flatOld.measurements.indices { flatOld.measurements[index].forks = nil }
        for index in flatNew.measurements.indices { flatNew.measurements[index].forks = nil }
        let bySamples = Synthetic.compare(flatOld, flatNew).measurements.first { $0.key == Synthetic.derivedRead }!
        #expect(bySamples.rankTestOf == .samples)
        #expect(bySamples.adjustedPValue < 0.05 && (bySamples.ratioInterval?.lower ?? 0) > 1 && (bySamples.ratio ?? 0) > 1.05,
                "pooled, 160 samples against 160 see a 7 % shift as certain")
        #expect(bySamples.verdict == .cannotTell && bySamples.reason == .oneProcessASide, "and one process a side cannot tell")
    }

    @Test func aShiftBeyondHowProcessesWanderIsSlower() {
        let old = file(forks: Self.wandering)
        let new = file(forks: Self.wandering.map { $0 * 1.4 }.reversed())
        let comparison = Synthetic.compare(old, new)
        let read = comparison.measurements.first { $0.key == Synthetic.derivedRead }!
        #expect(read.rankTestOf == .forkMedians && read.verdict == .slower)
        #expect(read.adjustedPValue < 0.05 && read.adjustedPValue >= read.rankTest.pValue, "Holm never lowers a p-value")
        #expect(comparison.slower.map(\.key) == [Synthetic.derivedRead], "nothing else changed")
    }

    @Test func tooFewForksToReachSignificanceAreWarnedAbout() {
        let warnings = Synthetic.compare(file(forks: [1000, 1010, 990]), file(forks: [1500, 1510, 1490])).warnings
        #expect(warnings.contains { $0.hasPrefix("with 3 and 3 forks the rank test's smallest p-value, Holm-adjusted, is 0.4") }, "\(warnings)")
        #expect(!warnings.contains(Synthetic.oneProcessWarning))
        // Only the derived read of these files was taken in forks: the records, not the options, say so.
        #expect(warnings.contains { $0.hasPrefix("old (3 of 4 measurements) and new (3 of 4 measurements) were measured in one process") },
                "\(warnings)")
        let mixed = Synthetic.compare(Synthetic.comparable(), Synthetic.comparable(forks: Self.wandering.count)).warnings
        #expect(mixed.contains { $0.hasPrefix("old was measured in one process") }, "\(mixed)")
    }
}

/// Runs of one build merged into one file of all their forks (`bench merge`).
struct MergeTests {
    private func run(_ centers: [Double], commit: String = "0123456789abcdef0123456789abcdef01234567") -> ResultsFile {
        var file = Synthetic.comparable()
        file.environment.commit = commit
        let forks = centers.map { center -> MeasurementRecord in
            let samples = (0..<10).map { center * (1 + 0.01 * Double($0 % 5 - 2)) }
            return Synthetic.measurement(Synthetic.phaseRead, .derived, samples: samples, lower: center * 0.98, upper: center * 1.02)
        }
        let index = file.measurements.firstIndex { MeasurementKey($0) == Synthetic.derivedRead }!
        file.measurements[index] = MeasurementRecord(mergingForks: forks)
        file.options.forks = centers.count
        let judgement = Judge(limits: Synthetic.limits, buildConfiguration: "release", quick: false)
            .judge(measurements: file.measurements, counts: file.counts)
        (file.limits, file.decision) = (judgement.limits, judgement.decision)
        return file
    }

    @Test func mergingRunsKeepsEveryForkInRunOrderAndValidates() throws {
        let first = run([1000, 1100])
        var second = run([900, 1050])
        second.measurements[0].instructionsPerOperation = 5_000
        second.measurements[0].instructionsUnderOtherHashSeeds = [5_000]
        let merged = try ResultsMerge.merge([("a.json", first), ("b.json", second)])
        let read = try #require(merged.measurements.first { MeasurementKey($0) == Synthetic.derivedRead })
        #expect(read.forks?.count == 4 && merged.options.forks == 4)
        #expect(read.sampleGroups.map { Statistics.median($0) } == [1000, 1100, 900, 1050])
        #expect(ResultsValidator.problems(in: merged).isEmpty, "\(ResultsValidator.problems(in: merged))")
        #expect(merged.measurements[0].instructionsPerOperation == 5_000, "the counted run's instructions")
        #expect(merged.method.last == "merged by bench merge from 2 runs of this build made one after another")
        let oneProcess = try #require(merged.measurements.first { MeasurementKey($0) != Synthetic.derivedRead })
        #expect(oneProcess.forks?.count == 2, "a run in one process is one fork of the merged file")
    }

    @Test func runsOfAnotherBuildOrOtherCountsAreRefused() {
        let first = run([1000, 1100])
        #expect(throws: BenchError.self) { try ResultsMerge.merge([("a.json", first), ("b.json", run([900], commit: "fedcba9876543210fedcba9876543210fedcba98"))]) }
        var recount = run([900])
        recount.counts[0].reruns += 1
        do {
            _ = try ResultsMerge.merge([("a.json", first), ("b.json", recount)])
            Issue.record("other counts were merged")
        } catch {
            #expect(error.line == "b.json: counts other body re-runs than a.json: the runs did not run the same code")
        }
    }

    @Test func aLaterLookAddsItsForksToWhatItTookAgainOnly() throws {
        let first = run([1000, 1100])
        var look = run([950, 1080])
        look.options.filter = Synthetic.phaseRead + "|no-such-name"
        look.measurements.removeAll { MeasurementKey($0) != Synthetic.derivedRead }
        look.counts = []
        let merged = try ResultsMerge.merge([("a.json", first), ("look.json", look)])
        let read = try #require(merged.measurements.first { MeasurementKey($0) == Synthetic.derivedRead })
        #expect(read.sampleGroups.map { Statistics.median($0) } == [1000, 1100, 950, 1080], "the look's forks follow the first's")
        let other = try #require(merged.measurements.first { MeasurementKey($0) != Synthetic.derivedRead })
        #expect(other.forks?.count == nil || other.forks?.count == 1, "what the look did not take keeps its forks")
        #expect(merged.counts == first.counts, "the look's counts are its selection's, not the run's")
        #expect(merged.method.last?.hasSuffix(", 1 of them later looks at some measurements (another --filter)") == true)

        var stray = look
        stray.measurements[0].name = "no.such(measurement)"
        do {
            _ = try ResultsMerge.merge([("a.json", first), ("look.json", stray)])
            Issue.record("a look at a measurement the first run lacks was merged")
        } catch {
            #expect(error.line == "look.json: looks again at 'no.such(measurement)' (derived), which a.json does not measure")
        }
    }

    @Test func aFilterChoosesWhatAnyOfItsAlternativesChooses() {
        let filter = MeasurementFilter(pattern: "phase.read.tracked(largest-strict)|field.*(row-of-8)")
        #expect(filter.matches("phase.read.tracked(largest-strict)") && filter.matches("field.read.untracked(row-of-8)"))
        #expect(!filter.matches("phase.read.untracked(largest-strict)") && !filter.matches("field.read.untracked(row-of-16)"))
        #expect(!MeasurementFilter(pattern: "phase.read").matches("field.read"), "one alternative is as before")
    }

    @Test func filesOfAnOlderSchemaMergeIntoOneOfTheCurrent() throws {
        var first = run([1000, 1100])
        var second = run([900, 1050])
        first.schema = 1
        second.schema = 1
        let merged = try ResultsMerge.merge([("a.json", first), ("b.json", second)])
        #expect(merged.schema == ResultsSchema.current)
    }

    @Test func aRunWithoutCountsBorrowsThemFromAnotherRunOfTheBuild() throws {
        var donor = run([1000])
        donor.measurements[0].instructionsPerOperation = 7_000
        let merged = try ResultsMerge.merge([("a.json", run([1000, 1010])), ("b.json", run([990, 1020]))], instructionsFrom: ("d.json", donor))
        #expect(merged.measurements[0].instructionsPerOperation == 7_000)
    }
}
