import Harness
import Testing

/// perf's call chains read and folded, from hand-written samples.
struct FoldedStacksTests {
    static let script = """
        \t    55d5c0 leaf
        \t    55d4c0 $s7Harness11SampledLoopO10timedCallsyyF
        \t    55d3c0 main

        \t    55d5c0 other
        \t         0 [unknown]
        \t    55d4c0 $s7Harness11SampledLoopO10timedCallsyyF
        \t    55d3c0 main

        \t    55d3c0 setUp
        \t    55d3c0 main

        \t    55d5c0 leaf
        \t    55d4c0 $s7Harness11SampledLoopO10timedCallsyyF
        \t    55d3c0 main
        """

    @Test func perfScriptGivesOneChainPerSampleLeafFirst() {
        let samples = PerfLaunch.parseScript(Self.script)
        #expect(samples.count == 4)
        #expect(samples[0] == ["leaf", "$s7Harness11SampledLoopO10timedCallsyyF", "main"])
        #expect(samples[1][1] == FoldedStacks.unknownFrame)
    }

    @Test func onlyTheTimedLoopIsFoldedAndTheRestIsCounted() {
        let folded = FoldedStacks.fold(
            PerfLaunch.parseScript(Self.script), root: "m", isMarker: { $0.contains(SampledLoop.markerFragment) }, names: ["leaf": "Leaf()"])
        #expect(folded.stacks == ["m;Leaf()": 2, "m;[unknown];other": 1])
        #expect(folded.samplesOutside == 1, "the set-up's sample is outside the loop")
        #expect(folded.samplesWithUnknownFrames == 1)
        #expect(folded.samples == 4)
        #expect(FoldedStacks.parse(folded.text, samplesOutside: 1, samplesWithUnknownFrames: 1) == folded, "the text reads back")
    }
}
