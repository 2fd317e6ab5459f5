@testable import Runtime

/// A small, hand-written world for the runtime's tests: a hero with a name, an image, an origin and
/// a list of friends, built as values in code.
enum Characters {
    static func field(_ name: String, _ directives: [Directive] = [], _ selections: [Selection] = [], alias: String? = nil, arguments: [Argument] = []) -> Selection {
        .field(Field(name, alias: alias, arguments: arguments, directives: directives, selections: selections))
    }

    static let friendFields: [Selection] = [field("id"), field("name")]

    /// `hero { id name image origin { id name } friends { id name } }`
    static let heroFields: [Selection] = [
        field("id"), field("name"), field("image"),
        field("origin", [], [field("id"), field("name")]),
        field("friends", [], friendFields),
    ]

    /// `query Hero @throwOnFieldError { hero { ... } }`
    static let strict = Operation(.query, name: "Hero", directives: [.throwOnFieldError], selections: [field("hero", [], heroFields)])

    /// The same selection without either directive.
    static let plain = Operation(.query, name: "HeroPlain", selections: [field("hero", [], heroFields)])

    /// `query HeroSpreads @throwOnFieldError { hero { ...HeroFields } }`: a root field with only a spread
    /// beneath it.
    static let rootFieldSpreads = Operation(
        .query, name: "HeroSpreads", directives: [.throwOnFieldError],
        selections: [field("hero", [], [.fragmentSpread(FragmentSpread("HeroFields"))])],
        fragments: [Fragment("HeroFields", on: "Character", selections: heroFields)]
    )

    /// `query HeroQuery @throwOnFieldError { ...HeroQuery_query }` with
    /// `fragment HeroQuery_query on Query { hero { ... } }`: its own selection is a spread and holds no field.
    static let spreadsOnly = Operation(
        .query, name: "HeroQuery", directives: [.throwOnFieldError],
        selections: [.fragmentSpread(FragmentSpread("HeroQuery_query"))],
        fragments: [Fragment("HeroQuery_query", on: "Query", directives: [.throwOnFieldError], selections: [field("hero", [], heroFields)])]
    )

    /// The response for `hero`: Rick, from Earth, with two friends.
    static func response(name: String = "Rick Sanchez", imageError: GraphQLError? = nil, unplaced: [GraphQLError] = []) -> NormalizedResponse {
        NormalizedResponse(
            records: [
                .init(.root, fields: [.init("hero", .link("Character:1"))]),
                .init("Character:1", typename: "Character", fields: [
                    .init("id", .scalar(.string("1"))),
                    .init("name", .scalar(.string(name))),
                    .init("image", imageError == nil ? .scalar(.string("rick.jpeg")) : .null, errors: imageError.map { [$0] } ?? []),
                    .init("origin", .link("Location:1")),
                    .init("friends", .links(["Character:2", "Character:3"])),
                ]),
                .init("Location:1", typename: "Location", fields: [.init("id", .scalar(.string("1"))), .init("name", .scalar(.string("Earth")))]),
                .init("Character:2", typename: "Character", fields: [.init("id", .scalar(.string("2"))), .init("name", .scalar(.string("Morty Smith")))]),
                .init("Character:3", typename: "Character", fields: [.init("id", .scalar(.string("3"))), .init("name", .scalar(.string("Summer Smith")))]),
            ],
            unplacedErrors: unplaced
        )
    }

    /// An environment whose store already holds `response()`.
    static func environment(_ strategy: any PhaseStrategy, log: RequiredFieldLog? = nil) -> Environment {
        let environment = Environment(strategy: strategy, requiredFieldLog: log)
        environment.commit { response().write(into: &$0) }
        return environment
    }

    /// Writes one field of a record by id.
    static func write(_ environment: Environment, _ id: RecordID, _ key: String, _ value: FieldValue, errors: [GraphQLError] = []) {
        environment.commit { transaction in
            let ref = transaction.record(id)
            transaction.set(ref, key, value, errors: errors)
        }
    }

    /// The strategies under test, for `@Test(arguments:)`.
    static let strategies: [any PhaseStrategy] = [DerivedPhaseStrategy(), StoredPhaseStrategy()]
}
