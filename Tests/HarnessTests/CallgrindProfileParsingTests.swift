@testable import Harness
import Testing

/// The callgrind format read by hand-written dumps whose costs are known.
struct CallgrindProfileParsingTests {
    /// `main` (self 10) calls `work` twice (inclusive 300) and an unnamed address once (inclusive 5);
    /// `work` (self 100 over two cost lines) calls `leaf` 4 times (inclusive 200); `leaf` costs 200
    /// itself, and calls itself once (its inclusive must not count that twice). Names are compressed.
    static let dump = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        pid: 42
        cmd: ./bench
        part: 3

        desc: Trigger: Client Request: counted 2 synthetic
        positions: line
        events: Ir
        summary: 0

        ob=(1) /bench
        fl=(1) ???
        fn=(1) main
        0 10
        cfn=(2) $s5Bench4workyyF
        calls=2 0
        0 300
        cob=(2) /lib/libc.so.6
        cfn=(3) 0x00000000004011a0
        calls=1 0
        0 5

        fn=(2)
        0 60
        +1 40
        cfn=(4) leaf
        calls=4 0
        * 200

        fn=(3)
        0 5

        fn=(4)
        0 200
        cfn=(4)
        calls=1 0
        0 50

        totals: 315
        """

    @Test func selfInclusiveAndCallsComeFromTheCostLines() throws {
        let profile = try CallgrindProfile.parse(Self.dump)
        #expect(profile.trigger == "counted 2 synthetic")
        #expect(profile.totalInstructions == 315)
        let main = try #require(profile.functions["main"])
        #expect(main.selfInstructions == 10 && main.inclusiveInstructions == 315 && main.calls == 0, "\(main)")
        let work = try #require(profile.functions["$s5Bench4workyyF"], "(2) refers back to the compressed name")
        #expect(work.selfInstructions == 100 && work.inclusiveInstructions == 300 && work.calls == 2, "\(work)")
        let leaf = try #require(profile.functions["leaf"])
        #expect(leaf.selfInstructions == 200 && leaf.inclusiveInstructions == 200, "a call to itself is not counted again: \(leaf)")
        #expect(leaf.calls == 5, "4 calls from work and 1 from itself")
        #expect(profile.functions["0x00000000004011a0"]?.object == "/lib/libc.so.6", "cob names the callee's object")
    }

    @Test func unknownFramesAreCountedNotHidden() throws {
        let profile = try CallgrindProfile.parse(Self.dump)
        #expect(profile.unknownInstructions == 5)
        #expect(profile.attributedInstructions == 310)
        #expect(profile.attributedShare == 310.0 / 315.0)
        #expect(profile.functions["main"]?.isUnknown == false)
        #expect(profile.functions["0x00000000004011a0"]?.isUnknown == true)
    }

    @Test(arguments: [
        ("fn=(9)\n0 1\n", "line 1: name (9) used before it is defined"),
        ("events: Ir\n0 1\n", "line 2: a cost line before any 'fn='"),
        ("events: Ir\nfn=a\ncfn=b\ncalls=1 0\n", "a 'calls=' line ends the file without its cost line"),
        ("events: Ir\nfn=a\ncfn=b\ncalls=x 0\n0 1\n", "line 4: 'calls=x 0' has no call count"),
        ("events: Ir\nfn=a\n0 ten\n", "line 3: 'ten' is not a count"),
        ("fn=a\n0 1\n", "no 'events:' line with Ir"),
        ("events: Ir\nfoo=bar\n", "line 2: unknown specification 'foo='"),
    ])
    func malformedDumpsSayWhatAndWhere(text: String, reason: String) {
        #expect(throws: CallgrindDump.Malformed(reason: reason)) { try CallgrindProfile.parse(text) }
    }

    @Test func withoutTotalsTheCostLinesAddUp() throws {
        let profile = try CallgrindProfile.parse("events: Ir\nfn=a\n0 7\ncfn=b\ncalls=1 0\n0 3\nfn=b\n0 3\n")
        #expect(profile.totalInstructions == 10)
        #expect(profile.functions["a"]?.inclusiveInstructions == 10)
        #expect(profile.attributedShare == 1)
    }
}
