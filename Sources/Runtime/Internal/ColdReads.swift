#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The A/B switch aimed at memory rather than work: with `BENCH_AB_COLD_READS=KIB` every tracked read
/// also takes one step along a chain laid through KIB kibibytes, a page a step, in an order no
/// prefetcher follows (KIB a power of two). Each step is one load the caches (and, past a few
/// megabytes, the TLB) do not hold, and about six instructions: wall time grows with the walk's reads
/// while instruction counts hardly move, as they do when the records a walk reads are scattered
/// across memory. The variable is read once, when the process makes its first record (`ABSwitch`).
///
/// On the 2-core machine here, at 16 MiB, it slowed the tracked verdict walk by about a tenth; but a
/// tracked read's count moves with any change to the code (Observation hashes key paths), so
/// `scripts/bisect-proof --time` compiles `KernelTime` into its culprit instead.
enum ColdReads {
    /// The chain's size in kibibytes, when the switch is on; at least one page.
    static let kibibytes: Int? = {
        guard let value = getenv("BENCH_AB_COLD_READS"), let size = Int(String(cString: value)), size >= pageBytes / 1024 else { return nil }
        return size
    }()

    static let pageBytes = 4096

    /// The chain, made once, by the first step: at the start of each page, the address of the page
    /// `stride` pages on, round the end, a stride no prefetcher follows across pages; with an odd
    /// stride and a power of two of pages, one cycle through every page. A write a page and no other
    /// allocation, so making it moves no count but its own few thousand instructions. Returns its
    /// first page. Only a process with the switch on steps; one without it would walk a single page.
    private static let start: UInt = {
        let pages = (kibibytes ?? pageBytes / 1024) * 1024 / pageBytes
        let memory = UnsafeMutableRawPointer.allocate(byteCount: pages * pageBytes, alignment: pageBytes)
        let stride = pages > 1 ? (pages / 2 + 5) | 1 : 1
        for page in 0..<pages {
            let next = memory + ((page + stride) % pages) * pageBytes
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
