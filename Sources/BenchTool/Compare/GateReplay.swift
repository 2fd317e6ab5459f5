import Harness
import SeededRandom

/// Release gates replayed over real runs: how often a gate of two builds PASSes, FAILs or ends too noisy
/// to tell, with the noise the machine really made.
///
/// The runs are rounds of `scripts/interleaved-runs` (one run of each build a round, in the same
/// minutes). Each replayed gate draws its first look's rounds from the full rounds, merges each side's
/// drawn forks and judges them as `scripts/release-gate` does: `ResultsComparison` at the first look's
/// level; where a measurement cannot tell, more forks of just those measurements, judged at the later
/// looks' level; a measurement decided at one look keeps its verdict. The later looks' forks come from
/// rounds made as the gate makes them (runs of a few measurements), where the proof made some, else
/// from the full rounds. A gate FAILs on a slower measurement or a changed count, ends too noisy where
/// something still cannot tell after the last look, and PASSes otherwise.
///
/// Within one gate no round is drawn twice until every round of its pool has been drawn: a fork counted
/// twice looks like two processes that agree, and would narrow the interval the gate sees.
public struct GateReplay: Sendable {
    /// One round: the run of each build.
    public struct Round: Sendable {
        /// The baseline's run.
        public var old: ResultsFile
        /// This build's run.
        public var new: ResultsFile

        /// A round of two runs.
        public init(old: ResultsFile, new: ResultsFile) {
            self.old = old
            self.new = new
        }
    }

    /// How a gate ends.
    public enum Outcome: String, Sendable, Equatable, CaseIterable {
        /// Nothing slower, nothing that cannot tell.
        case pass = "PASS"
        /// A measurement slower, or a count changed.
        case fail = "FAIL"
        /// Nothing failed, and something still cannot tell after the last look.
        case tooNoisy = "TOO NOISY"
    }

    /// One replayed gate.
    public struct Gate: Sendable, Equatable {
        /// How it ended.
        public var outcome: Outcome
        /// The looks it took.
        public var looks: Int
        /// The measurements it called slower.
        public var slower: [MeasurementKey]
        /// The measurements that still could not tell when it ended.
        public var cannotTell: [MeasurementKey]
        /// The measurements the first look could not tell, which the later looks took again.
        public var lookedAgain: [MeasurementKey] = []
        /// Those of `slower` slower in time while their instruction counts did not move past the
        /// threshold: what counts alone would have missed.
        public var slowerInTimeAlone: [MeasurementKey] = []
    }

    /// The rounds each look adds: the gate's 8, then 8 and 16 more of just what could not tell.
    public var lookRounds: [Int] = [8, 8, 16]
    /// The forks each build's run takes at each look: 2 in the first look's runs of everything, 4 in the
    /// later looks' runs of a few measurements, cheap enough to take many (16, then 48 and 112 forks a
    /// side in all).
    public var lookForks: [Int] = [2, 4, 4]
    /// Each look's interval level: a wrong "same" spent as 1.25 %, 0.625 %, 0.625 % (one-sided).
    public var lookLevels: [Double] = [0.975, 0.9875, 0.9875]
    /// Each look's significance after Holm: a false "slower" anywhere spent as 0.5 %, 0.25 %, 0.25 %.
    public var lookSignificances: [Double] = [0.005, 0.0025, 0.0025]
    /// The rule but for its level, which each look sets.
    public var rule: ComparisonRule = ComparisonRule(resamples: 1)
    /// Whether each look sets aside the forks of a slowed core (`SlowCoreForks`), as the gate does; false
    /// replays the gate as it was before the speed probe.
    public var setsAsideSlowCore = true

    /// A replay with the gate's looks and compare's default thresholds.
    public init() {}

    /// Replays `gates` gates over `rounds`, the later looks over `laterRounds` where given.
    ///
    /// - Parameters:
    ///   - rounds: At least one round; every run measured the same measurements, each side's first run
    ///     carrying the instruction counts a gate's file would.
    ///   - laterRounds: Rounds made as a gate's later looks make them: runs of some measurements, with
    ///     `lookForks` of the later looks each. A measurement they lack draws its later forks from
    ///     `rounds`.
    ///   - gates: How many gates to replay.
    ///   - seed: The seed of the draws.
    /// - Returns: Each gate, in the order replayed.
    public func replay(_ rounds: [Round], later laterRounds: [Round] = [], gates: Int, seed: UInt64) -> [Gate] {
        precondition(!rounds.isEmpty, "a replay needs rounds")
        let full = Forks(rounds)
        let later = laterRounds.isEmpty ? nil : Forks(laterRounds)
        var random = SplitMix64(seed: seed)
        return (0..<gates).map { _ in gate(full, later, random: &random) }
    }

    /// One gate: its looks, each over rounds drawn without replacement while its pool lasts.
    func gate(_ full: Forks, _ later: Forks?, random: inout SplitMix64) -> Gate {
        let keys = full.keys
        var fullDraws = Draws(count: full.rounds)
        var laterDraws = Draws(count: later?.rounds ?? 0)
        var drawn: [Int] = []
        var forMore: Set<MeasurementKey> = Set(keys)
        var extra: [MeasurementKey: [Forks.Pick]] = [:]
        var verdicts: [MeasurementKey: ComparisonVerdict] = [:]
        var inTimeAlone: Set<MeasurementKey> = []
        var lookedAgain: [MeasurementKey] = []
        var looks = 0
        for look in lookRounds.indices {
            let wanted = lookRounds[look] * lookForks[look]
            if look == 0 {
                while drawn.count * full.forksPerRound < wanted { drawn.append(fullDraws.next(&random)) }
            } else {
                // The later pool's rounds serve every measurement they hold; the rest draw full rounds.
                var fromLater: [Forks.Pick] = []
                var fromFull: [Forks.Pick] = []
                if let later {
                    while fromLater.count * later.forksPerRound < wanted { fromLater.append(.later(laterDraws.next(&random))) }
                }
                while fromFull.count * full.forksPerRound < wanted { fromFull.append(.full(fullDraws.next(&random))) }
                for key in forMore { extra[key, default: []] += later?.holds(key) == true ? fromLater : fromFull }
            }
            looks = look + 1
            var rule = self.rule
            rule.confidenceLevel = lookLevels[look]
            rule.significanceLevel = lookSignificances[look]
            let comparison = ResultsComparison(
                old: ("old", full.file(.old, drawn, extra, later)), new: ("new", full.file(.new, drawn, extra, later)), rule: rule,
                setsAsideSlowCore: setsAsideSlowCore)
            if !comparison.changedCounts.isEmpty {
                return Gate(outcome: .fail, looks: looks, slower: [], cannotTell: [], lookedAgain: lookedAgain)
            }
            for item in comparison.measurements where forMore.contains(item.key) {
                verdicts[item.key] = item.verdict
                if item.isSlowerInTimeAlone { inTimeAlone.insert(item.key) }
            }
            let slower = keys.filter { verdicts[$0] == .slower }
            if !slower.isEmpty {
                return Gate(outcome: .fail, looks: looks, slower: slower, cannotTell: [], lookedAgain: lookedAgain,
                            slowerInTimeAlone: slower.filter { inTimeAlone.contains($0) })
            }
            forMore = Set(keys.filter { verdicts[$0] == .cannotTell })
            if look == 0 { lookedAgain = keys.filter { forMore.contains($0) } }
            if forMore.isEmpty { return Gate(outcome: .pass, looks: looks, slower: [], cannotTell: [], lookedAgain: lookedAgain) }
        }
        return Gate(outcome: .tooNoisy, looks: looks, slower: [], cannotTell: keys.filter { forMore.contains($0) }, lookedAgain: lookedAgain)
    }

    /// A pool's rounds in a random order, each drawn once before any is drawn again.
    struct Draws {
        private let count: Int
        private var order: [Int] = []

        init(count: Int) { self.count = count }

        mutating func next(_ random: inout SplitMix64) -> Int {
            if order.isEmpty {
                order = Array(0..<count)
                for index in stride(from: count - 1, to: 0, by: -1) { order.swapAt(index, random.next(below: index + 1)) }
            }
            return order.removeLast()
        }
    }

    /// Every round's forks of every measurement, split once: a gate's file is then made by concatenation.
    struct Forks {
        enum Side { case old, new }
        /// A round of the full pool or of the later looks' pool.
        enum Pick: Equatable { case full(Int), later(Int) }

        /// The measurements, in the first old run's order.
        let keys: [MeasurementKey]
        /// Each measurement's place in `keys`.
        private let positions: [MeasurementKey: Int]
        /// How many rounds.
        let rounds: Int
        /// How many forks each side's run took in the first round (of its first measurement).
        let forksPerRound: Int
        private let templates: (old: ResultsFile, new: ResultsFile)
        /// [side][round][measurement]: each fork's samples on the monotonic clock and the CPU clock, and
        /// its speed probe's reading where it has one.
        private let groups: [[[Forked]]]

        /// One measurement's forks in one side's run.
        typealias Forked = (wall: [[Double]], cpu: [[Double]]?, speeds: [Double]?)

        init(_ rounds: [Round]) {
            templates = (rounds[0].old, rounds[0].new)
            keys = rounds[0].old.measurements.map(\.key)
            positions = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            self.rounds = rounds.count
            forksPerRound = max(1, rounds[0].old.measurements.first?.sampleGroups.count ?? 1)
            let keys = self.keys
            groups = [\Round.old, \Round.new].map { side in
                rounds.map { round in
                    keys.map { key in
                        guard let record = round[keyPath: side].measurements.record(key) else { return ([], nil, nil) }
                        let speeds = record.batches.speedProbeNanoseconds
                        return (record.sampleGroups, record.sampleGroups(on: .threadCPU), speeds?.count == record.sampleGroups.count ? speeds : nil)
                    }
                }
            }
        }

        /// Whether this pool measured `key`.
        func holds(_ key: MeasurementKey) -> Bool { positions[key] != nil }

        /// One measurement's forks in one side's run of one round.
        private func forks(_ side: Side, _ round: Int, _ key: MeasurementKey) -> Forked? {
            positions[key].map { groups[side == .old ? 0 : 1][round][$0] }
        }

        /// One side's file of a gate: its first run, every measurement's forks those of the drawn
        /// rounds and of the extra rounds drawn for it (from this pool or from `later`).
        func file(_ side: Side, _ drawn: [Int], _ extra: [MeasurementKey: [Pick]], _ later: Forks?) -> ResultsFile {
            var file = side == .old ? templates.old : templates.new
            file.measurements = file.measurements.map { template in
                guard holds(template.key) else { return template }
                let picks = drawn.map(Pick.full) + (extra[template.key] ?? [])
                let chosen = picks.compactMap { pick -> Forked? in
                    switch pick {
                    case .full(let round): forks(side, round, template.key)
                    case .later(let round): later?.forks(side, round, template.key)
                    }
                }
                var record = template
                let wall = chosen.flatMap(\.wall)
                record.samples = wall.flatMap { $0 }
                record.threadCPUSamples = chosen.allSatisfy { $0.cpu != nil } ? chosen.flatMap { $0.cpu! }.flatMap { $0 } : nil
                record.forks = wall.map { ForkRecord(samples: $0.count, batchSize: template.batches.size, stopReason: template.batches.stopReason) }
                record.batches.speedProbeNanoseconds = chosen.allSatisfy { $0.speeds != nil } ? chosen.flatMap { $0.speeds! } : nil
                return record
            }
            return file
        }
    }
}
