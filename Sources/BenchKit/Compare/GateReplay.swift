import Harness
import SeededRandom

/// Release gates replayed over real runs: how often a gate of two builds PASSes, FAILs or ends too noisy
/// to tell, with the noise the machine really made.
///
/// The runs are rounds of `scripts/interleaved-runs` (one run of each build a round, in the same
/// minutes). Each replayed gate draws its rounds with replacement, merges each side's drawn runs fork by
/// fork, and judges them as `scripts/release-gate` does: `ResultsComparison` at the first look's level;
/// where a measurement cannot tell, more drawn rounds for just those measurements, judged at the later
/// looks' level; a measurement decided at one look keeps its verdict. A gate FAILs on a slower
/// measurement or a changed count, ends too noisy where something still cannot tell after the last
/// look, and PASSes otherwise.
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
    }

    /// The rounds each look adds: the gate's 8, then 8 and 16 more.
    public var lookRounds: [Int] = [8, 8, 16]
    /// Each look's interval level: a wrong "same" spent as 1.25 %, 0.625 %, 0.625 % (one-sided).
    public var lookLevels: [Double] = [0.975, 0.9875, 0.9875]
    /// Each look's significance after Holm: a false "slower" anywhere spent as 0.5 %, 0.25 %, 0.25 %.
    public var lookSignificances: [Double] = [0.005, 0.0025, 0.0025]
    /// The rule but for its level, which each look sets.
    public var rule: ComparisonRule = ComparisonRule(resamples: 1)

    /// A replay with the gate's looks and compare's default thresholds.
    public init() {}

    /// Replays `gates` gates over `rounds`.
    ///
    /// - Parameters:
    ///   - rounds: At least one round; every run measured the same measurements, each side's first run
    ///     carrying the instruction counts a gate's file would.
    ///   - gates: How many gates to replay.
    ///   - seed: The seed of the draws.
    /// - Returns: Each gate, in the order replayed.
    public func replay(_ rounds: [Round], gates: Int, seed: UInt64) -> [Gate] {
        precondition(!rounds.isEmpty, "a replay needs rounds")
        let forks = Forks(rounds)
        var random = SplitMix64(seed: seed)
        return (0..<gates).map { _ in gate(forks, random: &random) }
    }

    /// One gate: its looks, each over rounds drawn with replacement.
    func gate(_ forks: Forks, random: inout SplitMix64) -> Gate {
        let keys = forks.keys
        var drawn: [Int] = []
        var forMore: Set<MeasurementKey> = Set(keys)
        var extra: [MeasurementKey: [Int]] = [:]
        var verdicts: [MeasurementKey: ComparisonVerdict] = [:]
        var looks = 0
        for (look, count) in lookRounds.enumerated() {
            let more = (0..<count).map { _ in random.next(below: forks.rounds) }
            if look == 0 { drawn = more } else { for key in forMore { extra[key, default: []] += more } }
            looks = look + 1
            var rule = self.rule
            rule.confidenceLevel = lookLevels[look]
            rule.significanceLevel = lookSignificances[look]
            let comparison = ResultsComparison(
                old: ("old", forks.file(.old, drawn, extra)), new: ("new", forks.file(.new, drawn, extra)), rule: rule)
            if !comparison.changedCounts.isEmpty {
                return Gate(outcome: .fail, looks: looks, slower: [], cannotTell: [])
            }
            for item in comparison.measurements where forMore.contains(item.key) { verdicts[item.key] = item.verdict }
            let slower = keys.filter { verdicts[$0] == .slower }
            if !slower.isEmpty { return Gate(outcome: .fail, looks: looks, slower: slower, cannotTell: []) }
            forMore = Set(keys.filter { verdicts[$0] == .cannotTell })
            if forMore.isEmpty { return Gate(outcome: .pass, looks: looks, slower: [], cannotTell: []) }
        }
        return Gate(outcome: .tooNoisy, looks: looks, slower: [], cannotTell: keys.filter { forMore.contains($0) })
    }

    /// Every round's forks of every measurement, split once: a gate's file is then made by concatenation.
    struct Forks {
        enum Side { case old, new }

        /// The measurements, in the first old run's order.
        let keys: [MeasurementKey]
        /// Each measurement's place in `keys`.
        private let positions: [MeasurementKey: Int]
        /// How many rounds.
        let rounds: Int
        private let templates: (old: ResultsFile, new: ResultsFile)
        /// [side][round][measurement]: each fork's samples on the monotonic clock and the CPU clock.
        private let groups: [[[(wall: [[Double]], cpu: [[Double]]?)]]]

        init(_ rounds: [Round]) {
            templates = (rounds[0].old, rounds[0].new)
            keys = rounds[0].old.measurements.map(\.key)
            positions = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            self.rounds = rounds.count
            let keys = self.keys
            groups = [\Round.old, \Round.new].map { side in
                rounds.map { round in
                    keys.map { key in
                        guard let record = round[keyPath: side].measurements.record(key) else { return ([], nil) }
                        return (record.sampleGroups, record.sampleGroups(on: .threadCPU))
                    }
                }
            }
        }

        /// One side's file of a gate: its first run, every measurement's forks those of the drawn
        /// rounds and of the extra rounds drawn for it.
        func file(_ side: Side, _ drawn: [Int], _ extra: [MeasurementKey: [Int]]) -> ResultsFile {
            let index = side == .old ? 0 : 1
            var file = side == .old ? templates.old : templates.new
            file.measurements = file.measurements.map { template in
                guard let position = positions[template.key] else { return template }
                let chosen = (drawn + (extra[template.key] ?? [])).map { groups[index][$0][position] }
                var record = template
                let wall = chosen.flatMap(\.wall)
                record.samples = wall.flatMap { $0 }
                record.threadCPUSamples = chosen.allSatisfy { $0.cpu != nil } ? chosen.flatMap { $0.cpu! }.flatMap { $0 } : nil
                record.forks = wall.map { ForkRecord(samples: $0.count, batchSize: template.batches.size, stopReason: template.batches.stopReason) }
                return record
            }
            return file
        }
    }
}
