import Testing

@testable import BenchKit

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

    @Test func theReplayRepeatsItsDraws() {
        #expect(GateReplay().replay(rounds(8, spread: 0.3), gates: 5, seed: 9) == GateReplay().replay(rounds(8, spread: 0.3), gates: 5, seed: 9))
    }
}
