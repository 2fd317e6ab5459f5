import Testing

@testable import BenchSuite

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

    @Test func theOtherSeedsCountTheShortOnesInTheRunsOrder() {
        let fixed = ["a": 5_000, "long": InstructionPass.otherSeedLimit * 3.7, "b": InstructionPass.otherSeedLimit, "c": 12]
        #expect(
            InstructionPass.countedAgain(["c", "long", "a", "b", "missing"], fixed: fixed) == ["c", "a", "b"],
            "at most the limit is short enough; a measurement the child did not count is not counted again")
        #expect(InstructionPass.countedAgain(["long"], fixed: fixed).isEmpty)
    }

    @Test func theMovedSeedsCountOnlyWhatMovedInTheDecidingBand() {
        let byKey = [
            "moved": counts(10_000, [10_020, 9_990]), "still": counts(10_000, [10_000, 10_000]),
            "wanders": counts(10_000, [10_900, 9_400]), "moved too": counts(20_000, [20_000, 20_010]),
        ]
        #expect(InstructionPass.countedMore(["still", "moved too", "wanders", "moved"], counts: byKey) == ["moved too", "moved"])
        #expect(InstructionPass.countedMore(["still", "wanders"], counts: byKey).isEmpty)
    }
}
