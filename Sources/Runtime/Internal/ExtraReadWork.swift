#if BENCH_AB_EXTRA_WORK
import Synchronization

/// The A/B switch's known amount of work on the tracked read path, compiled in only when the build
/// defines `BENCH_AB_EXTRA_WORK` (`swift build -c release -Xswiftc -DBENCH_AB_EXTRA_WORK`), so the
/// default build carries not even a branch for it. `scripts/ab-proof` builds both and checks that
/// `bench compare` finds this work, and nothing else, in wall time and in instructions.
enum ExtraReadWork {
    /// How many rounds of xorshift each read adds.
    static let rounds = 64

    private static let state = Atomic<UInt64>(0x9E37_79B9_7F4A_7C15)

    /// Runs `rounds` rounds of xorshift on a shared word, so the optimizer can neither fold nor drop them.
    @inline(never)
    static func perform() {
        var x = state.load(ordering: .relaxed)
        for _ in 0..<rounds {
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
        }
        state.store(x, ordering: .relaxed)
    }
}
#endif
