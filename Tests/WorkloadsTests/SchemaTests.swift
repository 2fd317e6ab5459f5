import Foundation
import JSON
import Runtime
import SeededRandom
import Testing
@testable import Workloads

struct SchemaTests {
    @Test func theBundledSchemaKnowsFieldTypesAndPossibleTypes() throws {
        let schema = try Schema.loadBundled()
        #expect(schema.queryType == "Query")
        #expect(schema.mutationType == nil)
        #expect(schema.fieldType("characters", on: "Query") == .named("Characters"))
        #expect(schema.fieldType("results", on: "Characters") == .list(.named("Character")))
        #expect(schema.fieldType("episode", on: "Character") == .nonNull(.list(.named("Episode"))))
        #expect(schema.fieldType("id", on: "Node") == .named("ID"))
        #expect(schema.fieldType("id", on: "Location") == .named("ID"), "the API's unknown place has a null id")
        #expect(schema.fieldType("id", on: "Character") == .nonNull(.named("ID")))
        #expect(schema.fieldType("__typename", on: "SearchResult") == .nonNull(.named("String")))
        #expect(schema.fieldType("nope", on: "Character") == nil)
        #expect(schema.possibleTypes(of: "SearchResult") == ["Character", "Episode", "Location"])
        #expect(schema.possibleTypes(of: "Node") == ["Character", "Episode", "Location"])
        #expect(schema.possibleTypes(of: "Character") == ["Character"])
        #expect(schema.possibleTypes(of: "String").isEmpty)
        #expect(schema.isAbstract("Node") && schema.isAbstract("SearchResult") && !schema.isAbstract("Character"))
        #expect(schema.objectType("Location", meets: "Node"))
        #expect(!schema.objectType("Info", meets: "Node"), "Info implements nothing")
        let characters = try #require(schema.type(named: "Query")?.field(named: "characters"))
        #expect(characters.arguments.map(\.name) == ["page", "filter"])
        #expect(characters.arguments.map(\.type) == [.named("Int"), .named("FilterCharacter")])
        #expect(schema.type(named: "FilterCharacter")?.kind == .inputObject)
        #expect(schema.type(named: "FilterCharacter")?.fields.count == 5)
    }

    @Test func readsTheWholeSubset() throws {
        let text = #"""
            # a comment
            schema @link(url: "x") { query: Root, mutation: Change }
            "The root."
            type Root {
              """
                Looks a thing up.
                  Indented.
              """
              thing(id: ID!, order: Order = ASC, tags: [String!] = ["a", "b"], where: Where = {name: "x"}): Thing @deprecated(reason: "no")
              things(first: Int = -3, ratio: Float = 1.5e2): [Thing!]!
            }
            type Change { noop: Boolean }
            interface Named { name: String }
            interface Thing implements & Named { id: ID! name: String }
            type Book implements Thing & Named @key(fields: "id") { id: ID! name: String pages: Int }
            type Film implements Thing & Named { id: ID! name: String }
            union Media = | Book | Film
            enum Order { "up" ASC DESC @deprecated }
            scalar DateTime @specifiedBy(url: "https://example.com")
            scalar ID
            input Where { name: String = "\u00e9\uD83D\uDE00" }
            directive @key(fields: String!) repeatable on OBJECT | INTERFACE
            """#
        let schema = try Schema.parse(text, file: "all.graphql")
        #expect(schema.queryType == "Root")
        #expect(schema.mutationType == "Change")
        #expect(schema.possibleTypes(of: "Thing") == ["Book", "Film"])
        #expect(schema.possibleTypes(of: "Named") == ["Book", "Film"])
        #expect(schema.possibleTypes(of: "Media") == ["Book", "Film"])
        #expect(schema.type(named: "Order")?.enumValues == ["ASC", "DESC"])
        #expect(schema.type(named: "DateTime")?.kind == .scalar)
        #expect(schema.type(named: "Thing")?.interfaces == ["Named"])
        let thing = try #require(schema.type(named: "Root")?.field(named: "thing"))
        #expect(thing.type == .named("Thing"))
        #expect(thing.arguments.map(\.defaultValue) == [
            nil, .enumValue("ASC"), .list([.string("a"), .string("b")]),
            .object([InputValue.ObjectField(name: "name", value: .string("x"))]),
        ])
        let things = try #require(schema.type(named: "Root")?.field(named: "things"))
        #expect(things.type == .nonNull(.list(.nonNull(.named("Thing")))))
        #expect(things.arguments.map(\.defaultValue) == [.int(-3), .float(150)])
    }

    /// Defaults are read by the GraphQL lexer: a block string dedented, a string's escapes decoded.
    @Test func blockStringsAreDedentedAndStringsUnescaped() throws {
        let text = "type Query { f(a: String = \"\"\"\n    first\n      second\n    \\\"\"\"\n  \"\"\", b: String = \"a\\n\\u00e9\\uD83D\\uDE00\"): Int }"
        let field = try #require(Schema.parse(text, file: "s.graphql").type(named: "Query")?.field(named: "f"))
        #expect(field.arguments.map(\.defaultValue) == [.string("first\n  second\n\"\"\""), .string("a\né😀")])
    }

    /// Columns count Unicode scalars, as the document parser's and the JSON reader's do: an `é` and a
    /// `😀` before the problem are one column each, not two and four.
    @Test(arguments: [
        ("\"é😀\" type A { b: Nope }", "t.graphql:1:18: unknown type 'Nope' used as a field type"),
        ("type A { b(c: String = \"é😀\"): Int } ;", "t.graphql:1:37: unexpected character ';'"),
    ])
    func aProblemAfterMultiByteCharactersIsAtItsScalarColumn(text: String, expected: String) {
        let error = #expect(throws: ParseError.self) { try Schema.parse(text, file: "t.graphql") }
        #expect(error?.description == expected)
    }

    @Test(arguments: [
        ("type A { b }", "t.graphql:1:12: expected ':' after field 'b', found '}'"),
        ("type A {\n  b: Nope\n}", "t.graphql:2:6: unknown type 'Nope' used as a field type"),
        ("type A { b: Int }\ntype A { c: Int }", "t.graphql:2:6: type 'A' is already defined at 1:6"),
        ("type A implements B { b: Int }\ntype B { c: Int }", "t.graphql:1:19: 'B' is an object type and cannot be used as an implemented interface"),
        ("union U = A | S\ntype A { a: Int }\nscalar S", "t.graphql:1:15: 'S' is a scalar and cannot be used as a union member"),
        ("input I { a: A }\ntype A { a: Int }", "t.graphql:1:14: 'A' is an object type and cannot be used as an input type"),
        ("extend type A { b: Int }", "t.graphql:1:1: type extensions ('extend') are not supported; merge them into the definition"),
        ("query { a }", "t.graphql:1:1: expected a definition (type, interface, union, enum, scalar, input, schema, directive), found name 'query'"),
        ("type A { b(c: String = \"x): Int }", "t.graphql:1:34: expected '\"' to end the string opened at 1:24, found end of input"),
        ("type A { b(c: Int = 01): Int }", "t.graphql:1:22: expected '.', 'e' or end of number after leading '0', found '1'"),
        ("type A { b: [Int }", "t.graphql:1:18: expected ']' to close the list type opened at 1:13, found '}'"),
        ("type A { b: Int } ; ", "t.graphql:1:19: unexpected character ';'"),
        ("type A {", "t.graphql:1:9: expected a field name, found end of input"),
        ("enum E { true }", "t.graphql:1:10: an enum value cannot be 'true'"),
        ("type Query { a: Int }\nschema { query: Query }\nschema { query: Query }", "t.graphql:3:1: a schema has one 'schema' definition"),
        ("scalar String\ntype String { a: Int }", "t.graphql:2:6: type 'String' is already defined at 1:8"),
    ])
    func aProblemIsOneLineNamingFileLineAndColumn(text: String, expected: String) {
        #expect(throws: ParseError.self) { try Schema.parse(text, file: "t.graphql") }
        do {
            _ = try Schema.parse(text, file: "t.graphql")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() {
        let deep = "type A { b(c: Int = " + String(repeating: "[", count: 100_000) + "): Int }"
        #expect(throws: ParseError.self) { try Schema.parse(deep, file: "deep.graphql") }
    }

    /// Every prefix of the bundled schema and seeded byte mutations of it either read or fail with a
    /// one-line positioned error; none traps.
    @Test func noInputTraps() throws {
        let url = Fixture.bundledSpecDirectory.appendingPathComponent("schema.graphql")
        let text = try String(contentsOf: url, encoding: .utf8)
        let bytes = Array(text.utf8)
        var outcomes = (read: 0, refused: 0)
        func attempt(_ candidate: [UInt8]) {
            do {
                _ = try Schema.parse(String(decoding: candidate, as: UTF8.self), file: "f")
                outcomes.read += 1
            } catch {
                outcomes.refused += 1
                #expect(error.description.hasPrefix("f:") && !error.description.contains("\n"), "\(error)")
            }
        }
        for end in stride(from: 0, through: bytes.count, by: 7) { attempt(Array(bytes[..<end])) }
        var random = SplitMix64(seed: 42)
        let alphabet = Array("{}()[]:=!&|@$.\"#\\ \n,aZ_09-e".utf8)
        for _ in 0..<400 {
            var mutant = bytes
            for _ in 0..<3 {
                let index = random.next(below: mutant.count)
                mutant[index] = alphabet[random.next(below: alphabet.count)]
            }
            attempt(mutant)
        }
        #expect(outcomes.read > 0 && outcomes.refused > 0, "read \(outcomes.read), refused \(outcomes.refused)")
    }
}
