import JSON
import Testing
import Workloads

/// Malformed documents, each with the exact one-line error it must produce.
struct ParserErrorTests {
    /// A malformed document and the `description` of its error, parsed as file `q.graphql`.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var error: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unterminated string", text: "{ f(a: \"abc\n) }", error: #"q.graphql:1:12: expected '"' to end the string opened at 1:8, found end of line"#),
        Case(name: "unknown escape", text: #"{ f(a: "x\q") }"#, error: #"q.graphql:1:10: expected one of \" \\ \/ \b \f \n \r \t \u after '\', found 'q'"#),
        Case(name: "lone surrogate escape", text: #"{ f(a: "\uD800") }"#, error: #"q.graphql:1:9: expected a Unicode scalar value or a surrogate pair in Unicode escape, found '\uD800'"#),
        Case(name: "bad hex digit", text: #"{ f(a: "\u12G4") }"#, error: #"q.graphql:1:9: expected four hex digits in Unicode escape, found '\u12G'"#),
        Case(name: "braced escape past U+10FFFF", text: #"{ f(a: "\u{110000}") }"#, error: #"q.graphql:1:9: expected a Unicode scalar value in Unicode escape, found '\u{110000}'"#),
        Case(name: "unterminated block string", text: "{ f(a: \"\"\"abc\n  def", error: #"q.graphql:2:6: expected '"""' to end the block string opened at 1:8, found end of input"#),
        Case(name: "missing closing brace", text: "query Q {\n  a {\n    b\n  }\n", error: "q.graphql:5:1: expected '}' to close the selection set opened at 1:9, found end of input"),
        Case(name: "end of input in variable definitions", text: "query Q($a: Int", error: "q.graphql:1:16: expected '$' or ')', found end of input"),
        Case(name: "empty document", text: "  # only a comment\n", error: "q.graphql:2:1: expected operation or fragment definition, found end of input"),
        Case(name: "number followed by a name", text: "{ f(a: 12ab) }", error: "q.graphql:1:10: expected white space or punctuator after number '12', found 'a'"),
        Case(name: "number followed by a dot", text: "{ f(a: 1.5.2) }", error: "q.graphql:1:11: expected white space or punctuator after number '1.5', found '.'"),
        Case(name: "leading zero", text: "{ f(a: 007) }", error: "q.graphql:1:9: expected '.', 'e' or end of number after leading '0', found '0'"),
        Case(name: "fraction without digits", text: "{ f(a: 1.) }", error: "q.graphql:1:10: expected digit after '.' in number, found ')'"),
        Case(name: "int overflow", text: "{ f(a: 9223372036854775808) }", error: "q.graphql:1:8: expected integer within the range of a 64-bit Int, found int '9223372036854775808'"),
        Case(name: "float overflow", text: "{ f(a: -1e400) }", error: "q.graphql:1:8: expected float within the range of Double, found float '-1e400'"),
        Case(name: "type system definition", text: "type Query { a: Int }", error: "q.graphql:1:1: expected operation or fragment definition, found type system definition 'type', which is not executable"),
        Case(name: "described type extension", text: "\"\"\"Doc\"\"\"\nextend type Query { a: Int }", error: "q.graphql:2:1: expected operation or fragment definition, found type system definition 'extend', which is not executable"),
        Case(name: "undefined fragment", text: "{ a ...Missing }", error: "q.graphql:1:8: expected the name of a defined fragment, found undefined 'Missing'"),
        Case(name: "duplicate fragment", text: "{ ...F }\nfragment F on T { a }\nfragment F on T { b }", error: "q.graphql:3:10: expected a new fragment name, found 'F', already defined at 2:10"),
        Case(name: "duplicate operation", text: "query Q { a }\nquery Q { b }", error: "q.graphql:2:7: expected a new operation name, found 'Q', already defined at 1:7"),
        Case(name: "fragment cycle", text: "{ ...A }\nfragment A on T { ...B }\nfragment B on T { x { ...A } }", error: "q.graphql:3:26: expected no fragment cycle, found A -> B -> A"),
        Case(name: "fragment spreading itself", text: "fragment A on T { ...A }", error: "q.graphql:1:22: expected no fragment cycle, found A -> A"),
        Case(name: "too deep selection sets", text: String(repeating: "{a", count: 513), error: "q.graphql:1:1025: expected at most 512 levels of nesting, found '{' opening level 513"),
        Case(name: "too deep list value", text: "{ f(a: " + String(repeating: "[", count: 600), error: "q.graphql:1:519: expected at most 512 levels of nesting, found '[' opening level 513"),
        Case(name: "too deep list type", text: "query ($a: " + String(repeating: "[", count: 600), error: "q.graphql:1:524: expected at most 512 levels of nesting, found '[' opening level 513"),
        Case(name: "empty selection set", text: "{ }", error: "q.graphql:1:3: expected field or '...', found '}'"),
        Case(name: "variable in a default value", text: "query Q($a: Int = $b) { a }", error: "q.graphql:1:19: expected constant value, found variable (not allowed in a constant value)"),
        Case(name: "argument without a name", text: "{ a(: 1) }", error: "q.graphql:1:5: expected argument name, found ':'"),
        Case(name: "directive without a name", text: "query Q @ { a }", error: "q.graphql:1:11: expected directive name after '@', found '{'"),
        Case(name: "two dots", text: "{ ..a }", error: "q.graphql:1:3: expected '...', found '..'"),
        Case(name: "bare spread", text: "{ ... }", error: "q.graphql:1:7: expected fragment name, 'on', '@' or '{' after '...', found '}'"),
        Case(name: "unexpected character", text: "{ a % }", error: "q.graphql:1:5: unexpected character '%'"),
        Case(name: "control character", text: "{ a \u{7} }", error: "q.graphql:1:5: unexpected character U+0007"),
        Case(name: "columns count Unicode scalars", text: "{ f(a: \"é😀\") % }", error: "q.graphql:1:14: unexpected character '%'"),
        Case(name: "CRLF and CR end lines", text: "{\r\n a\r b\n %", error: "q.graphql:4:2: unexpected character '%'"),
    ]

    @Test(arguments: cases) func malformedDocumentFailsAtItsPosition(_ testCase: Case) {
        let error = #expect(throws: ParseError.self, "\(testCase.name) must not parse") {
            try GraphQLParser.parse(testCase.text, file: "q.graphql")
        }
        #expect(error?.description == testCase.error)
    }

    @Test func theFieldsOfAnErrorMatchItsDescription() {
        let error = #expect(throws: ParseError.self) { try GraphQLParser.parse("{\n  a(b: ) }", file: "spec/x.graphql") }
        #expect(error == ParseError(file: "spec/x.graphql", offset: 9, line: 2, column: 8, reason: "expected value, found ')'"))
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = GraphQLParser.maxDepth
        let selections = String(repeating: "{a", count: depth) + String(repeating: "}", count: depth)
        #expect(throws: Never.self, "\(depth) nested selection sets are within the limit") { try GraphQLParser.parse(selections) }

        let list = "{ f(a: " + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + ") }"
        #expect(throws: Never.self, "a list \(depth - 1) deep inside one selection set is within the limit") { try GraphQLParser.parse(list) }
    }

    @Test func aLongChainOfFragmentsIsCheckedWithoutRecursion() throws {
        // Far more fragments than the nesting limit: the cycle check walks them with its own stack.
        let count = 5_000
        func chain(last: String) -> String {
            var text = "{ ...F0 }\n"
            for index in 0..<count - 1 { text += "fragment F\(index) on T { ...F\(index + 1) }\n" }
            return text + "fragment F\(count - 1) on T { \(last) }\n"
        }
        let document = try GraphQLParser.parse(chain(last: "a"))
        #expect(document.operations[0].fragments.count == count, "every fragment of the chain is linked to the operation")

        let error = #expect(throws: ParseError.self) { try GraphQLParser.parse(chain(last: "...F0")) }
        #expect(error?.line == count + 1, "the cycle is reported at the spread that closes it: \(String(describing: error))")
        #expect(
            error?.reason == "expected no fragment cycle, found F0 -> F1 -> F2 -> F3 -> ... -> F4997 -> F4998 -> F4999 -> F0",
            "a long cycle is shortened to its ends"
        )
    }
}
