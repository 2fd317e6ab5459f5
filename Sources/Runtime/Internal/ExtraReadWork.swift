#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The A/B switch: a known amount of work on the tracked read path, on only when the process starts
/// with `BENCH_AB_EXTRA_WORK=1`.
///
/// The variable is read once, when the process makes its first record; each record keeps a copy in a
/// `let`, so off, the switch costs a load and a predictable branch per read, and no `swift_once`. It is an environment variable rather than a build setting so that A and B are one
/// binary: instruction counts of work that hashes key paths (Observation's tables) depend on where the
/// code lies, and two builds would differ there by several percent with no change to what they count.
/// `scripts/ab-proof` checks that `bench compare` finds this work, and nothing else.
enum ExtraReadWork {
    /// Whether the switch is on for this process.
    static let isOn: Bool = {
        guard let value = getenv("BENCH_AB_EXTRA_WORK") else { return false }
        return String(cString: value) == "1"
    }()

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

extension Store {
    /// Whether the A/B switch (`BENCH_AB_EXTRA_WORK=1`) adds work to every tracked read in this process;
    /// a results file made with it on must say so.
    public static var isExtraReadWorkOn: Bool { ExtraReadWork.isOn }
}
