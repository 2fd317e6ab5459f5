import Foundation
import Harness
import Testing

@testable import BenchTool

/// Version 6 of the limits: the paired ratios are judged on the thread's CPU clock, and a limit left
/// undecided at its last look on disturbed forks makes the run "too noisy to decide" (exit 3) instead
/// of setting its shape aside.
struct LimitsVersion6Tests {
    private static let path = Synthetic.repositoryFile("Tests/BenchToolTests/Fixtures/limits-v6.json")
    private static var file: LimitsFile { try! LimitsFile.load(path: path) }
    private static let version6: String = String(decoding: try! Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)

    private static func judge(_ figures: (measurements: [MeasurementRecord], counts: [CountRecord]), runQueueShares: [Double] = []) -> Judgement {
        Judge(limits: file.limits, buildConfiguration: "release", quick: false, shapes: file.shapes, looks: file.looks, noise: file.noise)
            .judge(measurements: figures.measurements, counts: figures.counts, forkLoads: loads(runQueueShares))
    }

    /// One fork's load for each run-queue share, its other signals unread.
    private static func loads(_ runQueueShares: [Double]) -> [ForkLoadRecord] {
        runQueueShares.enumerated().map { index, share in
            ForkLoadRecord(
                fork: index + 1, seconds: 10, runQueueShare: share, onCPUShare: nil, involuntarySwitches: 0, voluntarySwitches: 0,
                cpuPressureShare: nil, stealShare: nil, loadAverageAtStart: nil, loadAverageAtEnd: nil)
        }
    }

    /// `figures` with every record's thread CPU samples set by `cpu` from its wall samples (the same
    /// by default): what a run of schema 8 records beside the monotonic clock.
    private static func onBothClocks(
        _ figures: (measurements: [MeasurementRecord], counts: [CountRecord]), cpu: (MeasurementRecord) -> [Double] = \.samples
    ) -> (measurements: [MeasurementRecord], counts: [CountRecord]) {
        var figures = figures
        for index in figures.measurements.indices {
            figures.measurements[index].threadCPUSamples = cpu(figures.measurements[index])
        }
        return figures
    }

    // MARK: - The file

    @Test func theRatiosAreJudgedOnTheThreadsCPUClockAndTheReadsOnTheMonotonicOne() throws {
        let committed = try LimitsFile.load(path: Synthetic.repositoryFile("limits.json"))
        #expect(committed.version == 6 && committed.limits == Self.file.limits && committed.noise == Self.file.noise)
        let clocks = Dictionary(uniqueKeysWithValues: Self.file.limits.map { ($0.id, $0.clock) })
        for id in ["root-cost-land", "root-cost-clear", "incremental-cost-land", "incremental-cost-clear", "incremental-commit"] {
            #expect(clocks[id] == .threadCPU, "\(id) is a ratio of two commits: judged on the CPU clock")
        }
        for id in ["phase-read", "root-phase-read", "incremental-phase-read"] {
            #expect(clocks[id] == .wall, "\(id) is a time a user waits: judged on the monotonic clock")
        }
        for id in ["extra-bodies", "root-extra-bodies", "incremental-extra-bodies"] {
            #expect(clocks[id] == .some(nil), "\(id) is a count: no clock")
        }
        let noise = try #require(Self.file.noise)
        #expect(noise.runQueueShare == 0.05 && noise.ownRatioSpread == 0.10)
        #expect(Self.file.looks == (try LimitsFile.load(path: Synthetic.repositoryFile("Tests/BenchToolTests/Fixtures/limits-v5.json"))).looks)
        for limit in Self.file.limits {
            #expect(!limit.source.lowercased().contains("issue"), "\(limit.id) cites the tracker: \(limit.source)")
        }
    }

    /// The fixture with `change` made to its JSON.
    private static func changed(_ change: (inout [String: Any]) -> Void) -> String {
        var root = try! JSONSerialization.jsonObject(with: Data(version6.utf8)) as! [String: Any]
        change(&root)
        return String(decoding: try! JSONSerialization.data(withJSONObject: root), as: UTF8.self)
    }

    /// The fixture with `change` made to its limit `id`.
    private static func changed(limit id: String, _ change: @escaping (inout [String: Any]) -> Void) -> String {
        changed { root in
            var limits = root["limits"] as! [[String: Any]]
            let index = limits.firstIndex { $0["id"] as? String == id }!
            change(&limits[index])
            root["limits"] = limits
        }
    }

    @Test func aClockThatIsNoneOrMissingOrOnACountIsRefused() {
        let cases: [(String, String)] = [
            (Self.changed(limit: "root-cost-land") { $0["clock"] = "cycles" }, "limit 'root-cost-land': unknown clock 'cycles' (expected one of: wall, threadCPU)"),
            (Self.changed(limit: "root-cost-land") { $0["clock"] = nil }, "limit 'root-cost-land'"),
            (Self.changed(limit: "extra-bodies") { $0["clock"] = "wall" }, "limit 'extra-bodies': a count is exact and takes no 'clock' (only a timing does)"),
        ]
        for (text, expected) in cases {
            let refusal = Synthetic.limitsRefusal(text)
            #expect(refusal?.contains(expected) == true, "\(refusal ?? "accepted")")
        }
        let missing = Synthetic.limitsRefusal(Self.changed(limit: "root-cost-land") { $0["clock"] = nil }) ?? ""
        #expect(missing.contains("'clock'"), "\(missing)")
    }

    @Test func noiseBoundsOutOfRangeOrMissingAreRefused() {
        func noise(_ key: String, _ value: Any?) -> String {
            Self.changed { root in
                var noise = root["noise"] as! [String: Any]
                noise[key] = value
                root["noise"] = noise
            }
        }
        let cases: [(String, String)] = [
            (noise("runQueueShare", 1.5), "'noise': 'runQueueShare' must lie between 0 and 1, not 1.5"),
            (noise("ownRatioSpread", 0), "'noise': 'ownRatioSpread' must be above 0, not 0"),
            (noise("cpuPressure", 0.1), "'cpuPressure'"),
            (Self.changed { $0["noise"] = nil }, "'noise'"),
        ]
        for (text, expected) in cases {
            let refusal = Synthetic.limitsRefusal(text)
            #expect(refusal?.contains(expected) == true, "\(refusal ?? "accepted")")
        }
    }

    // MARK: - The clock a ratio is judged on

    @Test func aRatioIsJudgedOnTheCPUClockWhateverTheWallClockSaw() throws {
        // Wall time stretched in every other fork by a preemption that hit root's batches only: the
        // wall ratio straddles the margin, the CPU ratio is root's own 1.00.
        let quiet = Self.onBothClocks(Synthetic.lookFigures(read: [.derived: 3_000_000], cost: [.incremental: 0.6]))
        var figures = quiet
        for index in figures.measurements.indices where figures.measurements[index].strategy == .root {
            let groups = figures.measurements[index].sampleGroups
            let stretched = groups.enumerated().flatMap { fork, samples in samples.map { $0 * (fork % 2 == 0 ? 1.3 : 1) } }
            figures.measurements[index].samples = stretched
        }
        let judgement = Self.judge(figures)
        let land = try #require(judgement.limits.first { $0.limit.id == "root-cost-land" })
        #expect(land.verdict == .pass, "\(land.reason)")
        #expect(abs((land.value ?? 0) - 1) < 1e-9, "the CPU clock's ratio: \(land.value ?? .nan)")
        #expect(land.reason.contains("on the thread's CPU clock"), "\(land.reason)")
        #expect(judgement.decision.shape == .root, "\(judgement.decision.text)")

        var wallOnly = Self.file.limits
        for index in wallOnly.indices where wallOnly[index].clock == .threadCPU { wallOnly[index].clock = .wall }
        let onWall = Judge(limits: wallOnly, buildConfiguration: "release", quick: false, shapes: Self.file.shapes, looks: Self.file.looks)
            .judge(measurements: figures.measurements, counts: figures.counts)
        #expect(onWall.limits.first { $0.limit.id == "root-cost-land" }?.verdict != .pass, "the monotonic clock saw the preemptions")
    }

    @Test func aRecordWithoutTheCPUClockIsNotJudgedOnIt() throws {
        let judgement = Self.judge(Synthetic.lookFigures(read: [.derived: 3_000_000]))
        let land = try #require(judgement.limits.first { $0.limit.id == "root-cost-land" })
        #expect(land.verdict == .notJudged)
        #expect(land.reason.hasPrefix("this limit is judged on the thread's CPU clock, and "), "\(land.reason)")
    }

    // MARK: - Too noisy to decide

    /// Root's landing commit 1.05x stored's, its forks straying by ±3 %: undecided at every look.
    private static func atTheMargin(forks: Int) -> (measurements: [MeasurementRecord], counts: [CountRecord]) {
        let wobble = (0..<forks).map { [0.97, 1.03][$0 % 2] }
        return onBothClocks(
            Synthetic.lookFigures(read: [.derived: 3_000_000], cost: [.root: 1.05, .incremental: 0.6], wobble: wobble, forkCount: forks))
    }

    @Test func undecidedAtTheLastLookOnBusyForksIsTooNoisyNotSetAside() throws {
        let judgement = Self.judge(Self.atTheMargin(forks: 32), runQueueShares: Array(repeating: 0.31, count: 32))
        #expect(judgement.decision.outcome == .tooNoisy, "\(judgement.decision.text)")
        #expect(judgement.decision.shape == nil && !judgement.decision.ships)
        #expect(judgement.exitStatus == .tooNoisy && judgement.exitStatus.rawValue == 3)
        let text = judgement.decision.text
        #expect(text.hasPrefix(Decision.tooNoisyText), "\(text)")
        #expect(text.contains("derived failed: phase-read"), "\(text)")
        #expect(text.contains("root-cost-land undecided after 32 forks"), "\(text)")
        #expect(text.contains("forks waited 31 % of their time for a CPU (the median fork; bound 5 %)"), "\(text)")
        #expect(text.hasSuffix("run again on a quiet machine"), "\(text)")
        let land = try #require(judgement.limits.first { $0.limit.id == "root-cost-land" })
        #expect(land.disturbance?.disturbed == true && land.disturbance?.runQueueShare == 0.31)
    }

    @Test func undecidedAtTheLastLookOnQuietForksIsSetAsideAsBefore() {
        let judgement = Self.judge(Self.atTheMargin(forks: 32), runQueueShares: Array(repeating: 0.002, count: 32))
        #expect(judgement.decision.outcome == .ships && judgement.decision.shape == .incremental, "\(judgement.decision.text)")
        #expect(judgement.decision.text.contains("root set aside: root-cost-land undecided after 32 forks"))
        #expect(judgement.exitStatus == .success)
    }

    @Test func undecidedBeforeTheLastLookWaitsForMoreForksHoweverBusy() {
        let judgement = Self.judge(Self.atTheMargin(forks: 8), runQueueShares: Array(repeating: 0.4, count: 8))
        #expect(judgement.decision.outcome == .undecided, "\(judgement.decision.text)")
        #expect(judgement.undecidedLimitsTheDecisionWaitsOn.map(\.limit.id).contains("root-cost-land"))
    }

    @Test func aPassOnBusyForksStands() throws {
        let figures = Self.onBothClocks(Synthetic.lookFigures(read: [.derived: 3_000_000], cost: [.incremental: 0.6]))
        let judgement = Self.judge(figures, runQueueShares: Array(repeating: 0.45, count: 8))
        #expect(judgement.decision.shape == .root, "\(judgement.decision.text)")
        let land = try #require(judgement.limits.first { $0.limit.id == "root-cost-land" })
        #expect(land.verdict == .pass && land.disturbance?.disturbed == true, "disturbed, and passed all the same")
    }

    @Test func aForkThatKnowsItsOwnRatioPoorlyIsADisturbanceToo() throws {
        // No run-queue share read; root's and stored's landing commits in 32 forks of 6 samples each,
        // spread ±40 % about the fork's median on the CPU clock, root at 1.05x: undecided throughout.
        var figures = Self.atTheMargin(forks: 32)
        for shape in [FigureStrategy.root, .stored] {
            let wobble = shape == .root ? [1.05 * 0.97, 1.05 * 1.03] : [1.0, 1.0]
            let wall = (0..<32).map { fork in Array(repeating: 10_000 * wobble[fork % 2], count: 6) }
            var record = Synthetic.forked(Synthetic.landCommit, shape, wall)
            record.threadCPUSamples = wall.flatMap { samples in samples.enumerated().map { $1 * [0.6, 1.0, 1.4][$0 % 3] } }
            figures.measurements.removeAll { $0.name == Synthetic.landCommit && $0.strategy == shape }
            figures.measurements.append(record)
        }
        let judgement = Self.judge(figures)
        let land = try #require(judgement.limits.first { $0.limit.id == "root-cost-land" })
        let spread = try #require(land.disturbance?.ownRatioSpread)
        #expect(spread > 0.10 && land.disturbance?.runQueueShare == nil, "spread \(spread)")
        #expect(land.verdict == .undecided, "\(land.reason)")
        #expect(judgement.decision.outcome == .tooNoisy, "\(judgement.decision.text)")
        #expect(judgement.decision.text.contains("a fork knew its own ratio to ±"), "\(judgement.decision.text)")
    }

    @Test func aFileOfVersionFiveJudgesNoDisturbance() throws {
        let v5 = try LimitsFile.load(path: Synthetic.repositoryFile("Tests/BenchToolTests/Fixtures/limits-v5.json"))
        #expect(v5.noise == nil && v5.limits.allSatisfy { $0.clock == nil })
        let judgement = Judge(limits: v5.limits, buildConfiguration: "release", quick: false, shapes: v5.shapes, looks: v5.looks)
            .judge(measurements: Self.atTheMargin(forks: 32).measurements, counts: [], forkLoads: Self.loads(Array(repeating: 0.5, count: 32)))
        #expect(judgement.limits.allSatisfy { $0.disturbance == nil })
        #expect(judgement.decision.outcome != .tooNoisy, "\(judgement.decision.text)")
    }
}
