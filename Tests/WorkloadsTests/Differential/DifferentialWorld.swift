import Runtime
import Testing
@testable import Workloads

/// A world the differential test runs commits over: a store's possible types, the responses a commit
/// may write whole (the first one loads the store), and the operations attached, each with its
/// variables. Records and fields are named by id and storage key, so one script drives four stores.
struct DifferentialWorld {
    var name: String
    var possibleTypes: [String: Set<String>]
    var responses: [NormalizedResponse]
    var attachments: [(operation: Operation, variables: [String: InputValue])]

    /// The generated strict fixture (at 1/4 scale unless told), with every operation of `spec/characters-page`
    /// attached (the strict one, `@required` to the root and stopping below, the spreads-only and
    /// root-field-spreads ones, the plain one), plus the strict one on page 2, whose data the store
    /// never holds. The variants are generated at the same scale; one more carries an unplaced error.
    static func strictFixture(scale: Double = 0.25) throws -> DifferentialWorld {
        let spec = try LoadedFixtureDirectory.load(Fixture.bundledSpecDirectory)
        let fixture = try #require(spec.fixtures.first { $0.fixture.name == "characters-page" })
        let strict = try #require(fixture.operation(named: "CharactersPage"))
        let variables = fixture.variables(for: strict)
        var responses = try StrictFixture.Variant.allCases.map { variant in
            try Normalizer.normalize(response: StrictFixture.response(variant, scale: scale), operation: strict, variables: variables, schema: fixture.schema)
        }
        var unplaced = responses[0]
        unplaced.unplacedErrors = [GraphQLError(message: "rate limited: some results may be stale")]
        responses.append(unplaced)
        let names = ["CharactersPage", "CharactersPageRequiredToRoot", "CharactersPageRequiredStopsBelow", "CharactersPageQuery", "CharactersPageSpreads", "CharactersPagePlain"]
        var attachments = try names.map { name in
            let operation = try #require(fixture.operation(named: name), "spec/characters-page has \(name)")
            return (operation, fixture.variables(for: operation))
        }
        attachments.append((strict, strict.variables(["page": .int(2)])))
        return DifferentialWorld(
            name: "strict fixture \(scale)x", possibleTypes: spec.schema?.possibleTypesByAbstractType ?? [:],
            responses: responses, attachments: attachments)
    }

    /// The strict operation attached once for each of `pages` values of its `page` variable, every
    /// page's data in the store: distinct roots, as the bench's distinct-root commits have them.
    ///
    /// Pages 2 and up hold records of their own (the fixture's ids, suffixed with the page), so that a
    /// commit can touch one root alone; the last page is page 1 normalized again under its own
    /// variable, sharing page 1's records as the real fixture's pages do (only its root field and the
    /// records without an id are its own). The first response loads every page; each other is one
    /// variant of the fixture for one page, so a whole response touches one root (or the two that
    /// share records).
    static func distinctPages(_ pages: Int = 4, scale: Double = 0.1) throws -> DifferentialWorld {
        let spec = try LoadedFixtureDirectory.load(Fixture.bundledSpecDirectory)
        let fixture = try #require(spec.fixtures.first { $0.fixture.name == "characters-page" })
        let strict = try #require(fixture.operation(named: "CharactersPage"))
        func variables(_ page: Int) -> [String: InputValue] { strict.variables(["page": .int(page)]) }
        func response(_ variant: StrictFixture.Variant, page: Int) throws -> NormalizedResponse {
            let normalized = try Normalizer.normalize(
                response: StrictFixture.response(variant, scale: scale), operation: strict, variables: variables(page), schema: fixture.schema)
            return page == 1 || page == pages ? normalized : renamed(normalized, suffix: "@p\(page)")
        }
        let clean = try (1...pages).map { try response(.page, page: $0) }
        let loaded = NormalizedResponse(records: clean.flatMap(\.records))
        let variants = try StrictFixture.Variant.allCases.dropFirst().enumerated().map { index, variant in
            try response(variant, page: index % pages + 1)
        }
        return DifferentialWorld(
            name: "\(pages) distinct pages \(scale)x", possibleTypes: spec.schema?.possibleTypesByAbstractType ?? [:],
            responses: [loaded] + variants + clean, attachments: (1...pages).map { (strict, variables($0)) })
    }

    /// `response` with every record but the root given an id of its own: `Character:1` becomes
    /// `Character:1@p2`, and every link follows.
    private static func renamed(_ response: NormalizedResponse, suffix: String) -> NormalizedResponse {
        func id(_ id: RecordID) -> RecordID { id == .root ? id : RecordID(id.rawValue + suffix) }
        var response = response
        for index in response.records.indices {
            response.records[index].id = id(response.records[index].id)
            for field in response.records[index].fields.indices {
                switch response.records[index].fields[field].value {
                case .link(let target): response.records[index].fields[field].value = .link(id(target))
                case .links(let targets): response.records[index].fields[field].value = .links(targets.map { $0.map(id) })
                case .null, .scalar: break
                }
            }
        }
        return response
    }

    /// A hero with an origin, a best friend and friends, under operations that use every directive the
    /// verdict weighs: `@throwOnFieldError`, `@required` with each action (chains to the root and ones
    /// that stop below, on links, lists and existence), `@catch`, inline fragments on a type and on an
    /// interface, and a spread.
    static func hero() throws -> DifferentialWorld {
        let document = try GraphQLParser.parse("""
            query HeroStrict @throwOnFieldError { hero { id name image origin { id name } friends { id name } } }
            query HeroRequired {
              hero @required(action: NONE) {
                id name @required(action: LOG)
                origin @required(action: NONE) { name @required(action: NONE) }
                friends { name @required(action: NONE) }
              }
            }
            query HeroThrow @throwOnFieldError {
              hero {
                name
                origin @catch { name @required(action: THROW) }
                image @required(action: THROW)
                friends @required(action: NONE) { id name @required(action: NONE) origin { dimension } }
              }
            }
            query HeroCatch {
              hero @required(action: NONE) {
                origin @required(action: NONE) @catch(to: RESULT) { name @required(action: NONE) }
                bestFriend @required(action: LOG) { id }
                ... on Character { status @required(action: NONE) }
                ... on Node { id @required(action: NONE) }
                ... on Location { dimension @required(action: THROW) }
              }
            }
            query HeroInline @throwOnFieldError {
              hero { ... on Character { name bestFriend { ... on Node { id } name } } friends { ... on Location { name } id } }
            }
            query HeroSpreads @throwOnFieldError { hero { ...HeroFields } }
            query HeroPlain { hero { id name } }
            fragment HeroFields on Character { name image }
            """, file: "HeroWorld.graphql")
        let clean = heroResponse(unplaced: [])
        var errors = clean
        errors.records[1].fields[2] = .init("image", .null, errors: [GraphQLError(message: "image unavailable", path: ["hero", "image"])])
        return DifferentialWorld(
            name: "hero", possibleTypes: ["Node": ["Character", "Location"]],
            responses: [clean, errors, heroResponse(unplaced: [GraphQLError(message: "partial outage")])],
            attachments: document.operations.map { ($0, [:]) })
    }

    private static func heroResponse(unplaced: [GraphQLError]) -> NormalizedResponse {
        func character(_ n: Int, friends: [RecordID?], origin: RecordID, best: RecordID) -> NormalizedResponse.RecordWrite {
            .init(RecordID("Character:\(n)"), typename: "Character", fields: [
                .init("id", .scalar(.string("\(n)"))), .init("name", .scalar(.string("Character \(n)"))),
                .init("image", .scalar(.string("\(n).jpeg"))), .init("status", .scalar(.string("Alive"))),
                .init("origin", .link(origin)), .init("bestFriend", .link(best)), .init("friends", .links(friends)),
            ])
        }
        func location(_ n: Int) -> NormalizedResponse.RecordWrite {
            .init(RecordID("Location:\(n)"), typename: "Location", fields: [
                .init("id", .scalar(.string("\(n)"))), .init("name", .scalar(.string("Location \(n)"))),
                .init("dimension", .scalar(.string("C-\(n)"))),
            ])
        }
        return NormalizedResponse(
            records: [
                .init(.root, fields: [.init("hero", .link("Character:1"))]),
                character(1, friends: ["Character:2", "Character:3", nil, "Character:2"], origin: "Location:1", best: "Character:2"),
                character(2, friends: ["Character:1"], origin: "Location:1", best: "Character:1"),
                character(3, friends: [], origin: "Location:2", best: "Character:1"),
                character(4, friends: ["Character:3"], origin: "Location:2", best: "Character:3"),
                location(1), location(2),
            ],
            unplacedErrors: unplaced)
    }
}
