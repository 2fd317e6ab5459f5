#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The A/B switch aimed at memory rather than work: with `BENCH_AB_COLD_READS=KIB` every tracked read
/// also takes one step along a chain laid through KIB kibibytes, a page a step, in an order no
/// prefetcher follows. Each step is one load the caches (and, past a few megabytes, the TLB) do not
/// hold, and about eight instructions: wall time grows with the walk's reads while instruction counts
/// hardly move, as they do when the records a walk reads are scattered across memory.
///
/// `scripts/bisect-proof --time` compiles this in at its culprit commit, to prove that a bisection by
/// timed runs finds a change that counts cannot. The variable is read once, when the process makes its
/// first record (`ABSwitch`).
enum ColdReads {
    /// The chain's size in kibibytes, when the switch is on; at least one page.
    static let kibibytes: Int? = {
        guard let value = getenv("BENCH_AB_COLD_READS"), let size = Int(String(cString: value)), size >= pageBytes / 1024 else { return nil }
        return size
    }()

    /// The chain's size when the switch is compiled in rather than set: 16 MiB, past the caches a core
    /// has here, which slows the verdict walk (`phase.read.tracked(largest-strict)`) by about a tenth.
    static let defaultKibibytes = 16_384

    static let pageBytes = 4096

    /// The chain, made once, by the first step: at the start of each page, the address of the page the
    /// next step reads, one cycle through every page (Sattolo's shuffle, seeded). Returns its first page.
    private static let start: UInt = {
        let pages = (kibibytes ?? defaultKibibytes) * 1024 / pageBytes
        let memory = UnsafeMutableRawPointer.allocate(byteCount: pages * pageBytes, alignment: pageBytes)
        var order = Array(0..<pages)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in stride(from: pages - 1, to: 0, by: -1) {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            order.swapAt(index, Int(state % UInt64(index)))
        }
        for (index, page) in order.enumerated() {
            let next = memory + order[(index + 1) % pages] * pageBytes
            memory.storeBytes(of: UInt(bitPattern: next), toByteOffset: page * pageBytes, as: UInt.self)
        }
        return UInt(bitPattern: memory)
    }()

    /// The address of the page the next step reads; 0 before the first.
    private static let position = Atomic<UInt>(0)

    /// Takes one step along the chain: one load, from the page the last step named, of the next
    /// page's address. About six instructions; the first step makes the chain.
    @inline(never)
    static func step() {
        var page = position.load(ordering: .relaxed)
        if page == 0 { page = start }
        position.store(UnsafeRawPointer(bitPattern: page)!.load(as: UInt.self), ordering: .relaxed)
    }
}

extension Store {
    /// The chain's size in kibibytes when the A/B switch aimed at memory (`BENCH_AB_COLD_READS`) has
    /// every tracked read take a step through it in this process; a results file made with it on must
    /// say so.
    public static var coldReadsKibibytes: Int? { ColdReads.kibibytes }
}
