import Testing

@testable import BenchSuite

/// Which measurements the instruction pass counts under more hash seeds: those whose spread under the
/// first two falls where `bench compare` lets the count decide only by a margin over it.
struct SeedProbeTests {
    private func counts(_ fixed: Double, _ others: [Double]) -> InstructionPass.Counts {
        InstructionPass.Counts(fixedSeed: fixed, otherSeeds: others)
    }

    @Test func aSpreadInTheDecidingBandIsProbedFurther() {
        #expect(counts(10_000, [10_020, 9_990]).isCloseToDeciding, "±0.2 %")
        #expect(counts(10_000, [10_000, 9_900]).isCloseToDeciding, "±1 %, the band's edge")
    }

    @Test func aStableOrAWanderingCountIsNot() {
        #expect(!counts(10_000, [10_000, 10_005]).isCloseToDeciding, "±0.05 %: seed-stable, decided by the threshold alone")
        #expect(!counts(10_000, [10_900, 9_400]).isCloseToDeciding, "±9 %: wanders, wall time decides")
        #expect(!counts(10_000, []).isCloseToDeciding, "not counted again: too long to probe")
    }
}
