import JSON
import Testing

/// The one JSON reader: what it keeps, what it refuses, and where it says the problem is.
struct JSONReadingTests {
    @Test func parsingKeepsMemberOrderAndNumberKinds() throws {
        let value = try JSONValue.parse(#"{"b": 1, "a": [1.0, -2, 3e2, true, null], "c": "\u00e9\ud83d\ude00\n"}"#)
        #expect(value.members?.map(\.key) == ["b", "a", "c"])
        #expect(value["a"] == [.double(1), .int(-2), .double(300), true, nil])
        #expect(value["c"] == "é😀\n")
    }

    @Test func anIntegerTooLargeForIntIsADouble() throws {
        #expect(try JSONValue.parse("9223372036854775807") == .int(Int.max))
        #expect(try JSONValue.parse("9223372036854775808") == .double(0x1p63))
    }

    @Test func everyEscapeDecodes() throws {
        #expect(try JSONValue.parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9""#) == .string("\"\\/\u{08}\u{0C}\n\r\tAé"))
    }

    @Test func aByteOrderMarkIsSkippedAndIsNoColumn() throws {
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
        let error = try #require(throws: ParseError.self) { try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[1 2]".utf8)) }
        #expect(error.line == 1 && error.column == 4, "\(error)")
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
        ("", 1, 1, "expected a JSON value, found the end of the file"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the member name 'a'"),
        ("[1,\n 2,\n ]", 3, 2, "expected a JSON value, found ']'"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key 'a'"),
        ("[01]", 1, 2, "a number may not have a leading zero"),
        ("\"abc", 1, 1, "unterminated string"),
        ("\"abc\\", 1, 1, "unterminated string"),
        ("[1] 2", 1, 5, "unexpected content after the JSON value"),
        ("\"\\ud800\"", 1, 2, "unpaired high surrogate in a \\u escape"),
        ("\"\\udc00\"", 1, 2, "unpaired low surrogate in a \\u escape"),
        ("\"\\u12\"", 1, 6, "expected four hex digits after \\u"),
        ("\"\\x\"", 1, 3, "unknown escape '\\x'"),
        ("tru", 1, 1, "expected 'true'"),
        ("{\"a\":\"x\ny\"}", 1, 8, "control character in a string (escape it)"),
        ("{\"a\": 1", 1, 8, "expected ',' or '}' after a member of an object, found the end of the file"),
        ("[1 2]", 1, 4, "expected ',' or ']' after an element of an array"),
        ("{1: 2}", 1, 2, "expected a member name in double quotes"),
        ("{\"a\": 1,", 1, 9, "expected a member name in double quotes, found the end of the file"),
        ("1e999", 1, 1, "number '1e999' is out of range"),
        ("-", 1, 2, "expected a digit in a number"),
        ("1.", 1, 3, "expected a digit after '.'"),
        ("1e+", 1, 4, "expected a digit in the exponent"),
        ("\u{1}", 1, 1, "expected a JSON value, found byte 0x01"),
    ])
    func malformedInputReportsWhereAndWhy(text: String, line: Int, column: Int, reason: String) {
        let error = #expect(throws: ParseError.self) { try JSONValue.parse(text) }
        #expect(error?.line == line, "line of \(String(describing: error))")
        #expect(error?.column == column, "column of \(String(describing: error))")
        #expect(error?.reason == reason)
    }

    @Test(arguments: [
        // Columns count Unicode scalars: a two-byte é, a four-byte 😀 and a tab are one column each.
        ("{\"é\": tru}", 1, 7),
        ("{\"😀\": tru}", 1, 7),
        ("{\t\"a\": tru}", 1, 8),
        // Lines end at \n, \r\n or \r, as GraphQL's do.
        ("[1,\r\n tru]", 2, 2),
        ("[1,\r tru]", 2, 2),
        ("[1,\n\n\n  tru]", 4, 3),
    ])
    func positionsCountUnicodeScalarsOnLinesEndingAtAnyNewline(text: String, line: Int, column: Int) {
        let error = #expect(throws: ParseError.self) { try JSONValue.parse(text) }
        #expect(error?.line == line && error?.column == column, "\(String(describing: error))")
        #expect(error?.reason == "expected 'true'")
    }

    @Test func theErrorIsOneLineWithTheFileFirst() throws {
        let error = try #require(throws: ParseError.self) { try JSONValue.parse("{\n  \"a\": }") }
        #expect(error.description(file: "spec/x.json") == "spec/x.json:2:8: expected a JSON value, found '}'")
        #expect(error.offset == 9)
    }

    @Test func invalidUTF8IsRefused() {
        let error = #expect(throws: ParseError.self) { try JSONValue.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(error?.reason == "invalid UTF-8 in a string")
    }

    @Test func nestingBeyondTheLimitIsRefusedNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000)
        let error = try #require(throws: ParseError.self) { try JSONValue.parse(deep) }
        #expect(error.reason == "nesting deeper than \(JSONValue.maximumDepth) levels")
        let depth = JSONValue.maximumDepth
        let allowed = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try JSONValue.parse(allowed) }
    }

    @Test func typeNamesAreForMessages() throws {
        let value = try JSONValue.parse(#"[{}, [], "s", 1, 1.5, true, null]"#)
        #expect(value.elements?.map(\.typeName) == ["an object", "an array", "a string", "a number", "a number", "a boolean", "null"])
    }
}
