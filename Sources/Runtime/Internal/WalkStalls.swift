#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The A/B switch of a slowdown in time alone: with `BENCH_AB_WALK_STALLS=N` every verdict walk first
/// takes N dependent steps along a chain laid through 256 MiB (`ColdChain`): N loads in a row, each
/// waiting on the one before, that neither the caches nor the TLB hold. The walk waits on memory as it
/// would if the records it read were scattered across it, while its instruction count moves by about
/// ten instructions a step: a few thousand beside the millions a walk of the largest fixture spends.
/// That is the change the release gate must catch on its clocks, since its counts cannot see it; N
/// sizes it on the machine (`scripts/gate-proof --arm time`). The variable is read once, by the
/// first verdict.
enum WalkStalls {
    /// The steps a verdict walk takes, when the switch is on.
    static let steps: Int? = {
        guard let value = getenv("BENCH_AB_WALK_STALLS"), let steps = Int(String(cString: value)), steps > 0 else { return nil }
        return steps
    }()

    /// Whether the switch is on in this process.
    static let isOn = steps != nil

    /// The chain, made by the first stall: 256 MiB, past any last-level cache and the TLB's reach.
    private static let chain = ColdChain(kibibytes: 256 * 1024)

    /// Takes the switch's steps along the chain, one after another.
    @inline(never)
    static func stall() {
        for _ in 0..<(steps ?? 0) { chain.step() }
    }
}

extension Store {
    /// The steps the A/B switch of a slowdown in time alone (`BENCH_AB_WALK_STALLS`) has every verdict
    /// walk take through memory the caches do not hold in this process; a results file made with it on
    /// must say so.
    public static var walkStallSteps: Int? { WalkStalls.steps }
}
