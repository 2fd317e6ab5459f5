import JSON
import Runtime
import Testing
import Workloads

/// Every construct of the executable grammar, parsed into the exact value tree it stands for.
struct ParserConstructTests {
    private func field(_ name: String, alias: String? = nil, _ arguments: [Argument] = [], directives: [Directive] = [], _ selections: [Selection] = []) -> Selection {
        .field(Field(name, alias: alias, arguments: arguments, directives: directives, selections: selections))
    }

    private func argument(_ name: String, _ value: InputValue) -> Argument { Argument(name: name, value: value) }

    @Test func shorthandQueryIsAnAnonymousQuery() throws {
        let document = try GraphQLParser.parse("{ a }")
        #expect(document == Document(operations: [Operation(.query, selections: [field("a")])], fragments: []))
    }

    @Test func operationsOfEveryKindNamedAndAnonymous() throws {
        let document = try GraphQLParser.parse("query Q { a } mutation M { b } subscription S { c } query { d } mutation { e }")
        let expected = Document(
            operations: [
                Operation(.query, name: "Q", selections: [field("a")]),
                Operation(.mutation, name: "M", selections: [field("b")]),
                Operation(.subscription, name: "S", selections: [field("c")]),
                Operation(.query, selections: [field("d")]),
                Operation(.mutation, selections: [field("e")]),
            ],
            fragments: []
        )
        #expect(document == expected)
    }

    @Test func aliasesAndArgumentsOfEveryLiteralKind() throws {
        // A one-line block string keeps its spaces: only lines after the first lose their indentation.
        let text = """
            {
              renamed: field(int: 42, negative: -7, zero: 0, big: 9223372036854775807, small: -9223372036854775808,
                float: 1.5, exponent: 6.02e23, negativeExponent: -1E-3, both: 0.5e+2,
                string: "hi", block: \"\"\" block \"\"\", yes: true, no: false, nothing: null, color: RED,
                on: on, variable: $page, list: [1, "two", [3.0], []], empty: [],
                object: {a: 1, nested: {b: [{c: $page}]}}, emptyObject: {})
              plain
            }
            """
        let arguments: [Argument] = [
            argument("int", .int(42)), argument("negative", .int(-7)), argument("zero", .int(0)),
            argument("big", .int(Int.max)), argument("small", .int(Int.min)),
            argument("float", .float(1.5)), argument("exponent", .float(6.02e23)),
            argument("negativeExponent", .float(-1e-3)), argument("both", .float(50)),
            argument("string", .string("hi")), argument("block", .string(" block ")),
            argument("yes", .bool(true)), argument("no", .bool(false)), argument("nothing", .null),
            argument("color", .enumValue("RED")), argument("on", .enumValue("on")),
            argument("variable", .variable("page")),
            argument("list", .list([.int(1), .string("two"), .list([.float(3)]), .list([])])),
            argument("empty", .list([])),
            argument(
                "object",
                .object([
                    .init(name: "a", value: .int(1)),
                    .init(name: "nested", value: .object([.init(name: "b", value: .list([.object([.init(name: "c", value: .variable("page"))])]))])),
                ])
            ),
            argument("emptyObject", .object([])),
        ]
        let document = try GraphQLParser.parse(text)
        let expected = [field("field", alias: "renamed", arguments), field("plain")]
        #expect(document.operations.first?.selections == expected)
    }

    @Test func variableDefinitionsWithTypesDefaultsAndDirectives() throws {
        let text = #"query Q($a: Int = 1 @deprecated, $b: [String!]! = ["x"], $c: Filter = {k: [1, 2]} @tag(name: "c"), $d: [[ID]!]) { a }"#
        let expected: [VariableDefinition] = [
            VariableDefinition("a", type: .named("Int"), defaultValue: .int(1), directives: [Directive("deprecated")]),
            VariableDefinition("b", type: .nonNull(.list(.nonNull(.named("String")))), defaultValue: .list([.string("x")])),
            VariableDefinition(
                "c", type: .named("Filter"), defaultValue: .object([.init(name: "k", value: .list([.int(1), .int(2)]))]),
                directives: [Directive("tag", arguments: [argument("name", .string("c"))])]
            ),
            VariableDefinition("d", type: .list(.nonNull(.list(.named("ID"))))),
        ]
        let operation = try #require(try GraphQLParser.parse(text).operations.first)
        #expect(operation.variableDefinitions == expected)
        #expect(operation.variableDefinitions.map(\.type.description) == ["Int", "[String!]!", "Filter", "[[ID]!]"])
    }

    @Test func fragmentsSpreadsInlineFragmentsAndDirectivesEverywhere() throws {
        let text = """
            query Q($v: Boolean = true @onVariable) @onOperation {
              f @onField(if: $v) {
                ... on T @onInline { a }
                ... @include(if: $v) { b }
                ... { c }
                ...F @onSpread
              }
            }
            fragment F on T @onFragment { d ...G }
            fragment G on T { e }
            """
        let onIf = [argument("if", .variable("v"))]
        let fragments = [
            Fragment("F", on: "T", directives: [Directive("onFragment")], selections: [field("d"), .fragmentSpread(FragmentSpread("G"))]),
            Fragment("G", on: "T", selections: [field("e")]),
        ]
        let operation = Operation(
            .query, name: "Q",
            variableDefinitions: [VariableDefinition("v", type: .named("Boolean"), defaultValue: .bool(true), directives: [Directive("onVariable")])],
            directives: [Directive("onOperation")],
            selections: [
                field("f", directives: [Directive("onField", arguments: onIf)], [
                    .inlineFragment(InlineFragment(on: "T", directives: [Directive("onInline")], selections: [field("a")])),
                    .inlineFragment(InlineFragment(on: nil, directives: [Directive("include", arguments: onIf)], selections: [field("b")])),
                    .inlineFragment(InlineFragment(on: nil, selections: [field("c")])),
                    .fragmentSpread(FragmentSpread("F", directives: [Directive("onSpread")])),
                ])
            ]
        )
        let document = try GraphQLParser.parse(text)
        #expect(document == Document(operations: [operation], fragments: fragments))
        #expect(Set(document.operations[0].fragments.keys) == ["F", "G"], "the operation is linked to the fragments it reaches, through spreads inside spreads")
    }

    @Test func commentsCommasLineEndingsAndByteOrderMarksAreIgnored() throws {
        let noisy = "\u{FEFF}# leading comment\r\n{ a,, b ,c # trailing comment\r  d(x: 1,,, y: [1,2,],) ,}\n# last"
        let plain = "{ a b c d(x: 1 y: [1 2]) }"
        #expect(try GraphQLParser.parse(noisy) == GraphQLParser.parse(plain))
    }

    @Test func keywordsAreOrdinaryNamesWhereTheGrammarAllows() throws {
        // `on` may not name a fragment, so that `...on` always starts a type condition.
        let error = #expect(throws: ParseError.self) { try GraphQLParser.parse("{ a } fragment on on T { x }") }
        #expect(error?.description == "<input>:1:16: expected fragment name, found name 'on'")

        let document = try GraphQLParser.parse("query query { query fragment on: subscription true null type(enum: fragment) ... on T { x } }")
        #expect(document.operations[0].name == "query")
        #expect(document.operations[0].selections.prefix(5) == [
            field("query"), field("fragment"), field("subscription", alias: "on"), field("true"), field("null"),
        ])
        #expect(document.operations[0].selections[5] == field("type", [argument("enum", .enumValue("fragment"))]))
    }

    @Test func theCharactersPageFixtureParsesIntoItsTree() throws {
        let text = """
            query CharactersPage($page: Int = 1) @throwOnFieldError {
              characters(page: $page) {
                info { count pages next prev }
                results { id name status species type gender image created
                  origin { id name type dimension created }
                  location { id name type dimension created }
                  episode { id name air_date episode created characters { id name image } } }
              }
            }
            """
        let document = try GraphQLParser.parse(text, file: "spec/characters.graphql")
        let operation = try #require(document.operation(), "the document's only operation")
        #expect(operation.kind == .query && operation.name == "CharactersPage")
        #expect(operation.throwsOnFieldError)
        #expect(operation.variableDefinitions == [VariableDefinition("page", type: .named("Int"), defaultValue: .int(1))])
        #expect(operation.variables([:]) == ["page": .int(1)], "the default applies when no page is given")

        guard case .field(let characters)? = operation.selections.first else { Issue.record("no root field"); return }
        #expect(characters.arguments == [argument("page", .variable("page"))])
        #expect(characters.storageKey(variables: operation.variables([:])) == "characters(page:1)")
        #expect(characters.selections.map(\.responseKey) == ["info", "results"])

        guard case .field(let info) = characters.selections[0], case .field(let results) = characters.selections[1] else {
            Issue.record("info and results are fields")
            return
        }
        #expect(info.selections.map(\.responseKey) == ["count", "pages", "next", "prev"])
        #expect(results.selections.map(\.responseKey) == [
            "id", "name", "status", "species", "type", "gender", "image", "created", "origin", "location", "episode",
        ])
        guard case .field(let episode) = results.selections[10] else { Issue.record("episode is a field"); return }
        #expect(episode.selections.map(\.responseKey) == ["id", "name", "air_date", "episode", "created", "characters"])
        guard case .field(let episodeCharacters) = episode.selections[5] else { Issue.record("characters is a field"); return }
        #expect(episodeCharacters.selections == [field("id"), field("name"), field("image")])
    }
}

extension Selection {
    /// The response key of a field; empty for fragments, so a mix still compares readably.
    fileprivate var responseKey: String {
        if case .field(let field) = self { return field.responseKey }
        return ""
    }
}
