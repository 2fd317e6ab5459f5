import Foundation
import Harness
import Testing
@testable import BenchTool

/// The sampled movers of two profiles whose stacks are chosen here: a change in time alone shows as
/// the share of the function that spends it.
struct SampledMoversTests {
    static func stacks(_ stacks: [String: Int]) -> FoldedStacks {
        FoldedStacks(stacks: stacks, samplesOutside: 7, samplesWithUnknownFrames: 0)
    }

    @Test func theFunctionThatTookTheTimeHeadsTheList() throws {
        let old = Self.stacks(["m;walk;read": 50, "m;walk": 50])
        let new = Self.stacks(["m;walk;read": 40, "m;walk": 40, "m;walk;WalkStalls.stall()": 20])
        let movers = try #require(SampledMovers(old: old, new: new))
        #expect(movers.movers.map(\.name) == ["WalkStalls.stall()", "read", "walk"], "\(movers.movers)")
        #expect(movers.movers.map { ($0.difference * 100).rounded() } == [20, -10, -10])
        #expect(movers.oldSamples == 100 && movers.newSamples == 100, "the samples outside the loop are no share")
        let text = movers.text(top: 2)
        #expect(text.contains("0.0%       20.0%       +20.0  WalkStalls.stall()"), "\(text)")
        #expect(!text.contains("  walk\n"), "two movers shown: \(text)")
    }

    @Test func aFunctionNamedInTwoStacksIsOneShare() throws {
        let old = Self.stacks(["m;a;c": 10, "m;b;c": 10, "m;a": 20])
        let new = Self.stacks(["m;a;c": 20, "m;a": 10, "m;b": 10])
        let movers = try #require(SampledMovers(old: old, new: new))
        #expect(movers.movers.map(\.name) == ["a", "b"], "c is half the samples on both sides: \(movers.movers)")
        #expect(movers.movers.map(\.difference) == [-0.25, 0.25])
    }

    @Test func sidesWithoutASampleInsideTheLoopGiveNoMovers() {
        #expect(SampledMovers(old: Self.stacks([:]), new: Self.stacks(["m;a": 1])) == nil)
        let same = SampledMovers(old: Self.stacks(["m;a": 2]), new: Self.stacks(["m;a": 5]))
        #expect(same?.movers.isEmpty == true)
        #expect(same?.text(top: 10).contains("no function's self share of the samples moved") == true)
    }

    @Test func theDiffReadsEachDirectorysStacks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sampled-movers-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let sides = [("old", "m [derived];walk 90\nm [derived];walk;read 10\n"), ("new", "m [derived];walk 60\nm [derived];walk;stall 40\n")]
        for (side, folded) in sides {
            let directory = (root as NSString).appendingPathComponent(side)
            try FileManager.default.createDirectory(atPath: directory + "/m-derived", withIntermediateDirectories: true)
            let entry = ProfileManifest.Entry(measurement: "m [derived]", directory: "m-derived", operations: 1, instructions: 1, attributedShare: 1)
            try ProfileManifest(commit: "c", abSwitch: false, method: "m", measurements: [entry]).encoded()
                .write(to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent(ProfileManifest.fileName)))
            try ProfileFile.foldedStacks.write(folded, into: directory + "/m-derived")
        }
        let movers = try ProfileDiffCommand.sampledMovers(oldDirectory: root + "/old", newDirectory: root + "/new")
        #expect(movers.keys.sorted() == ["m [derived]"])
        #expect(movers["m [derived]"]?.movers.first?.name == "stall")
    }
}
