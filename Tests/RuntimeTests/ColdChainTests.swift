import Testing
@testable import Runtime

/// The chain the A/B switches aimed at memory step along: a cycle through every page of its block, a
/// page a step, so that no step finds the page the one before it read.
struct ColdChainTests {
    @Test(arguments: [4, 64, 1024])
    func aChainVisitsEveryPageOnceACycle(kibibytes: Int) {
        let chain = ColdChain(kibibytes: kibibytes)
        let pages = kibibytes * 1024 / ColdChain.pageBytes
        let first = chain.current
        var seen: Set<UInt> = [first]
        for step in 1...pages {
            chain.step()
            if step < pages { seen.insert(chain.current) }
        }
        #expect(seen.count == pages)
        #expect(chain.current == first, "the chain is one cycle through its pages")
        #expect(seen.allSatisfy { ($0 - first) % UInt(ColdChain.pageBytes) == 0 && $0 - first < UInt(pages * ColdChain.pageBytes) })
    }

    @Test func consecutiveStepsLandOnPagesApart() {
        let chain = ColdChain(kibibytes: 1024)
        var last = chain.current
        for _ in 0..<64 {
            chain.step()
            let page = chain.current
            #expect(page != last && page != last &+ UInt(ColdChain.pageBytes), "a prefetcher follows the next page")
            last = page
        }
    }
}
