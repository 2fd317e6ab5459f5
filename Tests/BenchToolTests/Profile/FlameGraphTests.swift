import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Harness
import Testing
@testable import BenchTool

/// The flame graph and speedscope file drawn from folded stacks chosen here.
struct FlameGraphTests {
    static let stacks = FoldedStacks(stacks: ["m;a;b": 6, "m;a": 2, "m;c": 2], samplesOutside: 3, samplesWithUnknownFrames: 0)

    @Test func everyFrameIsABoxWithItsShareInItsTitle() throws {
        let svg = FlameGraph(stacks: Self.stacks, title: "m & co").svg
        #expect(svg.components(separatedBy: "<title>").count - 1 == 5, "all, m, a, b, c")
        #expect(svg.contains("<title>b (6 samples, 60.0%)</title>"))
        #expect(svg.contains("m &amp; co"), "text is escaped")
        #expect(svg.contains("3 outside it"), "samples outside the loop are shown")
        #expect(!svg.contains("<script"), "nothing runs or is fetched")
        #expect(throws: Never.self) { try XMLDocument(xmlString: svg) }
    }

    @Test func aDifferentialGraphIsRedWhereAShareGrewAndBlueWhereItShrank() {
        let baseline = FoldedStacks(stacks: ["m;a;b": 2, "m;a": 2, "m;c": 6], samplesOutside: 0, samplesWithUnknownFrames: 0)
        let svg = FlameGraph(stacks: Self.stacks, title: "m", baseline: baseline).svg
        #expect(svg.contains("<title>b (6 samples, 60.0%), +40.00 points against the baseline</title><rect") )
        #expect(svg.contains("<title>c (2 samples, 20.0%), -40.00 points against the baseline</title>"))
        #expect(svg.contains(FlameGraph.differential(0.4)) && FlameGraph.differential(0.4) == "rgb(255,55,55)")
        #expect(svg.contains(FlameGraph.differential(-0.4)) && FlameGraph.differential(-0.4) == "rgb(55,55,255)")
    }

    @Test func speedscopeHoldsEveryStackWithItsWeight() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Speedscope.json(Self.stacks, name: "m")) as? [String: Any])
        let profile = try #require((json["profiles"] as? [[String: Any]])?.first)
        #expect(profile["type"] as? String == "sampled")
        #expect((profile["weights"] as? [Int])?.reduce(0, +) == 10)
        let frames = try #require((json["shared"] as? [String: Any])?["frames"] as? [[String: String]])
        #expect(Set(frames.compactMap { $0["name"] }) == ["m", "a", "b", "c"])
    }
}
