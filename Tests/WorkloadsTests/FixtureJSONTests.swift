import SeededRandom
import Testing
@testable import Workloads

struct FixtureJSONTests {
    @Test func parsingKeepsMemberOrderAndNumberKinds() throws {
        let value = try JSONValue.parse(#"{"b": 1, "a": [1.0, -2, 3e2, true, null], "c": "\u00e9\ud83d\ude00\n"}"#)
        #expect(value.members?.map(\.key) == ["b", "a", "c"])
        #expect(value["a"] == [.double(1), .int(-2), .double(300), true, nil])
        #expect(value["c"] == "é😀\n")
    }

    @Test(arguments: [JSONValue.Layout.compact, .readable])
    func serializingThenParsingGivesTheSameValue(layout: JSONValue.Layout) throws {
        let value = StrictFixture.response(.imageErrors, scale: 0.25, seed: 3)
        let text = value.serialized(layout)
        #expect(try JSONValue.parse(text) == value)
    }

    @Test func readableLayoutKeepsLeafContainersOnOneLine() {
        let value: JSONValue = .object([
            "info": .object(["count": 2, "next": nil]), "ids": ["1", "2"], "rows": [.object(["id": "1"])],
        ])
        #expect(value.text(.readable) == """
            {
              "info": {"count": 2, "next": null},
              "ids": ["1", "2"],
              "rows": [
                {"id": "1"}
              ]
            }

            """)
        #expect(value.text(.compact) == #"{"info":{"count":2,"next":null},"ids":["1","2"],"rows":[{"id":"1"}]}"#)
    }

    @Test func stringsEscapeOnlyWhatJSONRequires() {
        let value = JSONValue.string("a\"b\\c/d\u{1}é\t")
        #expect(value.text() == #""a\"b\\c/d\u0001é\t""#)
    }

    @Test(arguments: [
        ("", 1, 1, "unexpected end of input"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("[1,\n 2,\n ]", 3, 2, "unexpected character ']'"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key"),
        ("[01]", 1, 2, "leading zero"),
        ("\"abc", 1, 1, "unterminated string"),
        ("[1] 2", 1, 5, "unexpected text after"),
        ("\"\\ud800\"", 1, 2, "unpaired high surrogate"),
        ("tru", 1, 1, "invalid literal"),
        ("{\"a\":\"x\ny\"}", 1, 8, "unescaped control character"),
    ])
    func malformedInputReportsWhereAndWhy(text: String, line: Int, column: Int, reason: String) {
        #expect {
            _ = try JSONValue.parse(text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.line == line && error.column == column && error.reason.contains(reason)
        }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func nestingBeyondTheLimitIsRefusedNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000)
        let error = try #require(throws: JSONParseError.self) { try JSONValue.parse(deep) }
        #expect(error.reason.contains("nesting deeper"))
        let depth = JSONValue.maximumDepth
        let allowed = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try JSONValue.parse(allowed) }
    }

    @Test func everyTruncationAndByteFlipOfAResponseFailsCleanlyOrParses() {
        // A seeded sweep over damaged copies of a real response: the reader must throw or succeed,
        // never trap, and its error must point inside the input.
        let bytes = StrictFixture.response(.resultNameError, scale: 0.25).serialized(.compact)
        var random = SplitMix64(seed: 11)
        var failures = 0
        for _ in 0..<300 {
            var damaged = Array(bytes.prefix(random.next(below: bytes.count)))
            if !damaged.isEmpty, random.chance(0.5) {
                damaged[random.next(below: damaged.count)] = UInt8(truncatingIfNeeded: random.next())
            }
            do {
                _ = try JSONValue.parse(damaged)
            } catch {
                failures += 1
                #expect(error.offset <= damaged.count)
            }
        }
        #expect(failures > 250, "a truncated response almost never parses")
    }
}
