@testable import BenchTool
import Testing


/// Which measurements the instruction pass counts under more hash seeds: under the first two, those
/// short enough; under four more, those whose count moved under the first two, by more than its own
/// rounding, and not so far that `bench compare` ignores it.
struct SeedProbeTests {
    private func counts(_ fixed: Double, _ others: [Double]) -> InstructionPass.Counts {
        InstructionPass.Counts(fixedSeed: fixed, otherSeeds: others)
    }

    @Test func aSpreadInTheDecidingBandIsProbedFurther() {
        #expect(counts(10_000, [10_020, 9_990]).needsMoreSeeds, "±0.2 %")
        #expect(counts(10_000, [10_005, 9_996]).needsMoreSeeds, "±0.05 %: under 0.1 %, yet two seeds may understate it")
        #expect(counts(10_000, [10_000, 9_901]).needsMoreSeeds, "±0.99 %, at the band's edge")
    }

    @Test func aStableOrAWanderingCountIsNot() {
        #expect(!counts(10_000_000, [10_000_000, 10_000_050]).needsMoreSeeds, "±0.0005 %: a count's own rounding")
        #expect(!counts(10_000, [10_900, 9_400]).needsMoreSeeds, "±9 %: wanders, wall time decides")
        #expect(!counts(10_000, []).needsMoreSeeds, "not counted again: too long to probe")
    }

    /// The fixed seed's measurements go to two processes in turn, whatever the machine's cores, so a
    /// build counts each in the same company on every machine.
    @Test func theFixedSeedsMeasurementsAreDealtOutInTurnToTwoProcesses() {
        #expect(InstructionPass.fixedSeedParts == 2)
        #expect(InstructionPass.fixedSeedShares(keys("a", "b", "c", "d", "e")) == [keys("a", "c", "e"), keys("b", "d")])
        #expect(InstructionPass.fixedSeedShares(keys("a")) == [keys("a")], "one measurement is one process")
        #expect(InstructionPass.fixedSeedShares([]).isEmpty)
    }

    @Test func theOtherSeedsCountTheShortOnesInTheRunsOrder() {
        let fixed = keyed(["a": 5_000, "long": InstructionPass.otherSeedLimit * 3.7, "b": InstructionPass.otherSeedLimit, "c": 12])
        #expect(
            InstructionPass.countedAgain(keys("c", "long", "a", "b", "missing"), fixed: fixed) == keys("c", "a", "b"),
            "at most the limit is short enough; a measurement the child did not count is not counted again")
        #expect(InstructionPass.countedAgain(keys("long"), fixed: fixed).isEmpty)
    }

    @Test func theMovedSeedsCountOnlyWhatMovedInTheDecidingBand() {
        let byKey = keyed([
            "moved": counts(10_000, [10_020, 9_990]), "still": counts(10_000, [10_000, 10_000]),
            "wanders": counts(10_000, [10_900, 9_400]), "moved too": counts(20_000, [20_000, 20_010]),
        ])
        #expect(InstructionPass.countedMore(keys("still", "moved too", "wanders", "moved"), counts: byKey) == keys("moved too", "moved"))
        #expect(InstructionPass.countedMore(keys("still", "wanders"), counts: byKey).isEmpty)
    }

    private func keys(_ names: String...) -> [MeasurementKey] { names.map { MeasurementKey(name: $0, strategy: .derived) } }

    private func keyed<Value>(_ byName: [String: Value]) -> [MeasurementKey: Value] {
        Dictionary(uniqueKeysWithValues: byName.map { (MeasurementKey(name: $0.key, strategy: .derived), $0.value) })
    }
}
