import Runtime
import Workloads

/// The operations of the `spec/` fixtures the normalizer tests use, built in code from their
/// `.graphql` files, so a parser defect cannot pass for a normalizer one;
/// `NormalizerParsedDocumentsTests` checks that they equal what the parser reads.
enum NormalizerOperations {
    static func field(_ name: String, alias: String? = nil, arguments: [Argument] = [], _ selections: [Selection] = []) -> Selection {
        .field(Field(name, alias: alias, arguments: arguments, selections: selections))
    }

    static func leaves(_ names: String...) -> [Selection] { names.map { field($0) } }

    static func argument(_ name: String, _ value: InputValue) -> Argument { Argument(name: name, value: value) }

    static func inline(on type: String?, _ selections: [Selection]) -> Selection {
        .inlineFragment(InlineFragment(on: type, selections: selections))
    }

    /// `spec/characters-page/CharactersPage.graphql`.
    static let charactersPage = Operation(
        .query, name: "CharactersPage",
        variableDefinitions: [VariableDefinition("page", type: .named("Int"), defaultValue: .int(1))],
        directives: [.throwOnFieldError],
        selections: [
            field("characters", arguments: [argument("page", .variable("page"))], [
                field("info", leaves("count", "pages", "next", "prev")),
                field("results", leaves("id", "name", "status", "species", "type", "gender", "image", "created") + [
                    field("origin", leaves("id", "name", "type", "dimension", "created")),
                    field("location", leaves("id", "name", "type", "dimension", "created")),
                    field("episode", leaves("id", "name", "air_date", "episode", "created") + [
                        field("characters", leaves("id", "name", "image"))
                    ]),
                ]),
            ])
        ])

    /// `spec/characters-page/CharactersPageSpreads.graphql`: the same fields, through spreads.
    static let charactersPageSpreads = Operation(
        .query, name: "CharactersPageSpreads",
        variableDefinitions: [VariableDefinition("page", type: .named("Int"), defaultValue: .int(1))],
        directives: [.throwOnFieldError],
        selections: [
            field("characters", arguments: [argument("page", .variable("page"))], [
                .fragmentSpread(FragmentSpread("CharactersPageInfo")), .fragmentSpread(FragmentSpread("CharactersPageResults")),
            ])
        ],
        fragments: [
            Fragment("CharactersPageInfo", on: "Characters", directives: [.throwOnFieldError], selections: [
                field("info", leaves("count", "pages", "next", "prev"))
            ]),
            Fragment("CharactersPageResults", on: "Characters", directives: [.throwOnFieldError], selections: [
                field("results", leaves("id", "name", "status", "species", "type", "gender", "image", "created") + [
                    field("origin", [.fragmentSpread(FragmentSpread("CharactersPagePlace"))]),
                    field("location", [.fragmentSpread(FragmentSpread("CharactersPagePlace"))]),
                    field("episode", leaves("id", "name", "air_date", "episode", "created") + [
                        field("characters", leaves("id", "name", "image"))
                    ]),
                ])
            ]),
            Fragment("CharactersPagePlace", on: "Location", directives: [.throwOnFieldError], selections: leaves("id", "name", "type", "dimension", "created")),
        ])

    /// `spec/errors-under-null-parent/CharacterLocation.graphql`.
    static let characterLocation = Operation(.query, name: "CharacterLocation", selections: [
        field("character", arguments: [argument("id", .string("1"))], leaves("id", "name") + [field("location", leaves("id", "name", "dimension"))])
    ])

    /// `spec/unplaced-errors/CharacterName.graphql`.
    static let characterName = Operation(.query, name: "CharacterName", selections: [
        field("character", arguments: [argument("id", .string("1"))], leaves("id", "name"))
    ])

    /// `spec/list-with-null-element/CharactersByIDs.graphql`.
    static let charactersByIDs = Operation(
        .query, name: "CharactersByIDs",
        variableDefinitions: [VariableDefinition("ids", type: .nonNull(.list(.nonNull(.named("ID")))))],
        selections: [field("charactersByIds", arguments: [argument("ids", .variable("ids"))], leaves("id", "name"))])

    /// `spec/aliases-and-arguments/AliasesAndArguments.graphql`.
    static let aliasesAndArguments: Operation = {
        let info = [field("info", leaves("count"))]
        func filter(_ fields: [(String, InputValue)]) -> InputValue {
            .object(fields.map { InputValue.ObjectField(name: $0.0, value: $0.1) })
        }
        return Operation(
            .query, name: "AliasesAndArguments",
            variableDefinitions: [
                VariableDefinition("rickID", type: .nonNull(.named("ID"))), VariableDefinition("status", type: .named("String")),
            ],
            selections: [
                field("character", alias: "rick", arguments: [argument("id", .variable("rickID"))], leaves("id", "name", "status")),
                field("character", alias: "morty", arguments: [argument("id", .string("2"))], [
                    field("id"), field("name", alias: "fullName"),
                ]),
                field("characters", alias: "alive", arguments: [
                    argument("page", .int(1)), argument("filter", filter([("status", .variable("status")), ("species", .string("Human"))])),
                ], info),
                field("characters", alias: "dead", arguments: [
                    argument("page", .int(1)), argument("filter", filter([("species", .string("Human")), ("status", .string("Dead"))])),
                ], info),
                field("characters", alias: "deadAgain", arguments: [
                    argument("filter", filter([("status", .string("Dead")), ("species", .string("Human"))])), argument("page", .int(1)),
                ], info),
            ])
    }()

    /// `spec/union-inline-fragments/Search.graphql`.
    static let search = Operation(
        .query, name: "Search",
        variableDefinitions: [VariableDefinition("text", type: .nonNull(.named("String")))],
        selections: [
            field("search", arguments: [argument("text", .variable("text"))], [
                field("__typename"),
                inline(on: "Node", leaves("id")),
                inline(on: "Character", leaves("name", "status")),
                inline(on: "Location", leaves("name", "dimension")),
                inline(on: "Episode", leaves("name", "episode")),
            ])
        ])

    /// The fixture called `name`, with `operation` as its one document and the bundled schema.
    static func loaded(_ name: String, _ operations: Operation...) throws -> LoadedFixture {
        let fixture = try Fixture.load(from: Fixture.bundledSpecDirectory.appendingPathComponent(name))
        return LoadedFixture(fixture: fixture, documents: [Document(operations: operations, fragments: [])], schema: try Schema.loadBundled())
    }
}
