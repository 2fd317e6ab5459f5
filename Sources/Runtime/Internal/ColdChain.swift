#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A chain laid through a block of memory, a page a link, in an order no prefetcher follows: each step
/// along it is one load the caches (and, past a few megabytes, the TLB) do not hold, and about six
/// instructions. The A/B switches aimed at memory (`ColdReads`, `WalkStalls`) step along one.
final class ColdChain: Sendable {
    static let pageBytes = 4096

    /// The address of the chain's first page.
    private let start: UInt
    /// The address of the page the next step reads.
    private let position: Atomic<UInt>

    /// Lays the chain through `kibibytes` KiB (a power of two, at least a page): at the start of each
    /// page, the address of the page `stride` pages on, round the end, a stride no prefetcher follows
    /// across pages; with an odd stride and a power of two of pages, one cycle through every page. A
    /// write a page and no other allocation, so making it moves no count but its own few thousand
    /// instructions.
    init(kibibytes: Int) {
        let pages = max(1, kibibytes * 1024 / Self.pageBytes)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: pages * Self.pageBytes, alignment: Self.pageBytes)
        let stride = pages > 1 ? (pages / 2 + 5) | 1 : 1
        for page in 0..<pages {
            let next = memory + ((page + stride) % pages) * Self.pageBytes
            memory.storeBytes(of: UInt(bitPattern: next), toByteOffset: page * Self.pageBytes, as: UInt.self)
        }
        start = UInt(bitPattern: memory)
        position = Atomic(start)
    }

    /// The address of the page the next step reads.
    var current: UInt { position.load(ordering: .relaxed) }

    /// Takes one step along the chain: one load, from the page the last step named, of the next
    /// page's address. About six instructions.
    @inline(never)
    func step() {
        let page = position.load(ordering: .relaxed)
        position.store(UnsafeRawPointer(bitPattern: page)!.load(as: UInt.self), ordering: .relaxed)
    }
}
