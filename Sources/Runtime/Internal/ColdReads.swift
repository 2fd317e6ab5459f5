#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The A/B switch aimed at memory rather than work: with `BENCH_AB_COLD_READS=KIB` every tracked read
/// also takes one step along a chain laid through KIB kibibytes (`ColdChain`, KIB a power of two).
/// Each step is one load the caches do not hold, and about six instructions: wall time grows with the
/// walk's reads while instruction counts hardly move, as they do when the records a walk reads are
/// scattered across memory. The variable is read once, when the process makes its first record
/// (`ABSwitch`).
///
/// On the 2-core machine here, at 16 MiB, it slowed the tracked verdict walk by about a tenth; but a
/// tracked read's count moves with any change to the code (Observation hashes key paths), and a step a
/// tracked read moves a short read's count by several percent, so the release gate's proof of a
/// change in time alone uses `WalkStalls`, and `scripts/bisect-proof --time` writes `KernelTime`
/// into its culprit.
enum ColdReads {
    /// The chain's size in kibibytes, when the switch is on; at least one page.
    static let kibibytes: Int? = {
        guard let value = getenv("BENCH_AB_COLD_READS"), let size = Int(String(cString: value)), size >= ColdChain.pageBytes / 1024 else { return nil }
        return size
    }()

    /// The chain, made by the first step: only a process with the switch on steps.
    private static let chain = ColdChain(kibibytes: kibibytes ?? ColdChain.pageBytes / 1024)

    /// Takes one step along the chain; the first step makes it.
    static func step() { chain.step() }
}

extension Store {
    /// The chain's size in kibibytes when the A/B switch aimed at memory (`BENCH_AB_COLD_READS`) has
    /// every tracked read take a step through it in this process; a results file made with it on must
    /// say so.
    public static var coldReadsKibibytes: Int? { ColdReads.kibibytes }
}
