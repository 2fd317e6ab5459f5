import SeededRandom
import Testing

@testable import BenchTool

/// The gate replayed over rounds: what it does with no change, with a slowdown past the threshold, and
/// with forks too spread to tell.
struct GateReplayTests {
    /// Rounds of two forks a side; `factor` scales the new side's derived read; `spread` moves each
    /// round's forks apart by up to that fraction, alike on both sides.
    private func rounds(_ count: Int, factor: Double = 1, spread: Double = 0) -> [GateReplay.Round] {
        (0..<count).map { round in
            let level = 1 + spread * (Double((round * 7) % count) / Double(max(1, count - 1)) - 0.5)
            func side(_ factor: Double, draw: Int) -> ResultsFile {
                var file = Synthetic.comparable(draw: draw, forks: 2)
                let index = file.measurements.firstIndex { MeasurementKey($0) == Synthetic.derivedRead }!
                file.measurements[index] = Synthetic.spreadMeasurement(
                    Synthetic.derivedRead, median: 1_000 * level * factor, draw: draw, forks: 2)
                return file
            }
            return GateReplay.Round(old: side(1, draw: 2 * round), new: side(factor, draw: 2 * round + 1))
        }
    }

    @Test func oneBuildAgainstItselfPasses() {
        let gates = GateReplay().replay(rounds(16), gates: 20, seed: 1)
        #expect(gates.allSatisfy { $0.outcome == .pass && $0.looks == 1 }, "\(gates.map(\.outcome))")
    }

    @Test func aSlowdownPastTheThresholdFailsNamingItsMeasurement() {
        let gates = GateReplay().replay(rounds(16, factor: 1.2), gates: 20, seed: 2)
        #expect(gates.allSatisfy { $0.outcome == .fail && $0.slower == [Synthetic.derivedRead] }, "\(gates.map(\.outcome))")
    }

    @Test func forksTooSpreadToTellLookAgainAndEndTooNoisy() {
        // Rounds ±40 % apart: no look can show a 3 % shift within 5 %, nor call it.
        let gates = GateReplay().replay(rounds(16, factor: 1.03, spread: 0.8), gates: 10, seed: 3)
        #expect(gates.allSatisfy { $0.outcome == .tooNoisy && $0.looks == 3 && $0.cannotTell == [Synthetic.derivedRead] },
                "\(gates.map { "\($0.outcome) \($0.looks)" })")
    }

    @Test func laterLooksDrawFromTheirOwnPool() {
        // The full rounds are too spread for the first look to tell; the later looks' rounds, tight, tell "same".
        let gates = GateReplay().replay(rounds(16, spread: 0.8), later: rounds(24), gates: 10, seed: 4)
        #expect(gates.allSatisfy { $0.outcome == .pass && $0.looks > 1 && $0.lookedAgain == [Synthetic.derivedRead] },
                "\(gates.map { "\($0.outcome) \($0.looks)" })")
    }

    @Test func forksOfASlowedCoreAreSetAsideAndRaiseNoFalseAlarm() {
        // In two rounds of three the new build's run fell on a slowed core (a shared machine's slow
        // stretch falls on whichever build runs then, here always the same one): the derived read's forks
        // 1.8x slower, and their speed probe read so. Every other measurement's forks read a fast core.
        // A third of a side's forks slowed does not move the forks' rank interval; two thirds do.
        let slowed = rounds(16).enumerated().map { number, round in
            var round = round
            for (side, draw) in [(\GateReplay.Round.old, 2 * number), (\.new, 2 * number + 1)] as [(WritableKeyPath<GateReplay.Round, ResultsFile>, Int)] {
                for index in round[keyPath: side].measurements.indices {
                    round[keyPath: side].measurements[index].batches.speedProbeNanoseconds = [7_000, 7_050]
                }
                guard side == \GateReplay.Round.new, number % 3 != 0 else { continue }
                let index = round[keyPath: side].measurements.firstIndex { MeasurementKey($0) == Synthetic.derivedRead }!
                var record = Synthetic.spreadMeasurement(Synthetic.derivedRead, median: 1_800, draw: draw, forks: 2)
                record.batches.speedProbeNanoseconds = [12_000, 12_000]
                round[keyPath: side].measurements[index] = record
            }
            return round
        }
        var blind = GateReplay()
        blind.setsAsideSlowCore = false
        let gates = blind.replay(slowed, gates: 10, seed: 6)
        #expect(
            gates.allSatisfy { $0.outcome == .fail && $0.slower == [Synthetic.derivedRead] },
            "judging every fork, the slowed core reads as a slower build: \(gates.map(\.outcome))")
        let seeing = GateReplay().replay(slowed, gates: 10, seed: 6)
        #expect(seeing.allSatisfy { $0.outcome != .fail }, "\(seeing.map { "\($0.outcome) \($0.looks)" })")
    }

    @Test func aGateDrawsNoRoundTwiceWhileItsPoolLasts() {
        var random = SplitMix64(seed: 5)
        var draws = GateReplay.Draws(count: 6)
        let first = (0..<6).map { _ in draws.next(&random) }
        #expect(Set(first).count == 6)
        let second = (0..<6).map { _ in draws.next(&random) }
        #expect(Set(second).count == 6)
    }

    /// scripts/release-gate declares the looks it takes; the replay must replay those.
    @Test func theReplaysLooksAreTheGates() throws {
        let script = try String(contentsOfFile: Synthetic.repositoryFile("scripts/release-gate"), encoding: .utf8)
        func array(_ name: String) -> [Double] {
            guard let line = script.split(separator: "\n").first(where: { $0.hasPrefix("\(name)=(") }) else { return [] }
            return line.dropFirst(name.count + 2).dropLast().split(separator: " ").compactMap { Double($0.replacingOccurrences(of: "%", with: "")) }
        }
        let replay = GateReplay()
        #expect(array("look_rounds") == replay.lookRounds.map(Double.init))
        #expect(array("look_forks") == replay.lookForks.map(Double.init))
        #expect(array("look_levels") == replay.lookLevels.map { $0 * 100 })
        #expect(array("look_significances") == replay.lookSignificances.map { ($0 * 10_000).rounded() / 100 })
    }

    @Test func theReplayRepeatsItsDraws() {
        #expect(GateReplay().replay(rounds(8, spread: 0.3), gates: 5, seed: 9) == GateReplay().replay(rounds(8, spread: 0.3), gates: 5, seed: 9))
    }
}
