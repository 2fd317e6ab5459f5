import Testing
@testable import Runtime

/// Root's read sets: after a commit, a root walks again only when the commit touched a record its last
/// walk read, and keeps its verdict otherwise. Each root here is one page of a squad operation, over
/// records of its own and one member every page shares; the table's `walks` counts the roots walked.
struct RootReadSetTests {
    typealias C = Characters

    /// `query Squad($page: Int) @throwOnFieldError { squad(page: $page) { id name members { id name ... on Droid { serial } } } }`
    static let squad = Operation(
        .query, name: "Squad", variableDefinitions: [VariableDefinition("page", type: .named("Int"))], directives: [.throwOnFieldError],
        selections: [
            C.field("squad", [], [
                C.field("id"), C.field("name"),
                C.field("members", [], [C.field("id"), C.field("name"), .inlineFragment(InlineFragment(on: "Droid", selections: [C.field("serial")]))]),
            ], arguments: [Argument(name: "page", value: .variable("page"))]),
        ])

    /// Squad `page`: `Squad:<page>` with two members of its own, `Character:<page>a` and `<page>b`, and
    /// `Character:0`, a member of every squad.
    static func page(_ page: Int) -> [NormalizedResponse.RecordWrite] {
        func member(_ id: String) -> NormalizedResponse.RecordWrite {
            .init(RecordID("Character:\(id)"), typename: "Character", fields: [.init("id", .scalar(.string(id))), .init("name", .scalar(.string("Member \(id)")))])
        }
        return [
            .init(.root, fields: [.init("squad(page:\(page))", .link(RecordID("Squad:\(page)")))]),
            .init(RecordID("Squad:\(page)"), typename: "Squad", fields: [
                .init("id", .scalar(.string("\(page)"))), .init("name", .scalar(.string("Squad \(page)"))),
                .init("members", .links([RecordID("Character:\(page)a"), RecordID("Character:\(page)b"), "Character:0"])),
            ]),
            member("\(page)a"), member("\(page)b"),
        ]
    }

    /// An environment under root (or `strategy`) holding `count` pages, a handle attached to each.
    private func world(pages count: Int, strategy: any PhaseStrategy = .root) throws -> (Environment, [Handle], RootTable) {
        let environment = Environment(strategy: strategy)
        let shared = NormalizedResponse.RecordWrite("Character:0", typename: "Character", fields: [.init("id", .scalar(.string("0"))), .init("name", .scalar(.string("Everyone's")))])
        environment.commit { NormalizedResponse(records: (1...count).flatMap(Self.page) + [shared]).write(into: &$0) }
        let handles = try (1...count).map { try environment.attach(Self.squad, variables: ["page": .int($0)], policy: .storeOrNetwork) }
        let table = try #require(environment.roots)
        #expect(table.liveRootCount == count && handles.allSatisfy { $0.phase.name == "ready" })
        return (environment, handles, table)
    }

    /// Makes squad 1's members one record of unknown type, `Being:1`, whose serial holds an error: `...
    /// on Droid` applies to it while its type is unknown.
    private func addMemberOfUnknownType(in environment: Environment) {
        let serialError = GraphQLError(message: "serial unreadable", path: ["squad"])
        environment.commit { transaction in
            let being = transaction.record("Being:1")
            transaction.set(being, "id", .scalar(.string("b1")))
            transaction.set(being, "name", .scalar(.string("Unknown")))
            transaction.set(being, "serial", .null, errors: [serialError])
            transaction.set(transaction.record("Squad:1"), "members", .links([being]))
        }
    }

    private func nameFails(_ id: RecordID, in environment: Environment) {
        C.write(environment, id, "name", .null, errors: [GraphQLError(message: "\(id) is gone", path: ["squad"])])
    }

    static let pageCounts = [1, 3, 10]

    @Test(arguments: pageCounts)
    func aCommitTouchingOneRootsRecordWalksThatRootAlone(_ count: Int) throws {
        let (environment, handles, table) = try world(pages: count)
        let page = (count + 1) / 2
        nameFails(RecordID("Character:\(page)b"), in: environment)
        #expect(table.settlingCommits == 1)
        #expect(table.walks == 1, "of \(count) roots, only page \(page)'s walk read Character:\(page)b")
        #expect(table.verdictWrites == 1)
        for (index, handle) in handles.enumerated() {
            #expect(handle.phase.name == (index + 1 == page ? "failed" : "ready"), "page \(index + 1)")
        }
        C.write(environment, RecordID("Squad:\(page)"), "name", .null)
        #expect(table.walks == 2, "the page's own squad record: that root again, no other")
        // Retained to the end: an optimized build would release them after their last read above.
        withExtendedLifetime(handles) {}
    }

    @Test(arguments: pageCounts)
    func aCommitTouchingNoRootsRecordWalksNothing(_ count: Int) throws {
        let (environment, handles, table) = try world(pages: count)
        C.write(environment, "User:me", "name", .null)
        #expect(table.settlingCommits == 1, "a null write sets nullsOrErrorsChanged: the table settles")
        #expect(table.walks == 0, "no root's walk read User:me")
        // An equal write to a record every root read changes nothing, so nothing settles either.
        C.write(environment, "Character:0", "name", .scalar(.string("Everyone's")))
        #expect(table.settlingCommits == 1 && table.walks == 0)
        #expect(handles.allSatisfy { $0.phase.name == "ready" })
    }

    @Test(arguments: pageCounts)
    func aCommitTouchingARecordOfEveryRootWalksThemAll(_ count: Int) throws {
        let (environment, handles, table) = try world(pages: count)
        nameFails("Character:0", in: environment)
        #expect(table.walks == count, "every squad lists Character:0")
        #expect(handles.allSatisfy { $0.phase.name == "failed" })
        C.write(environment, .root, "viewer", .null)
        #expect(table.walks == 2 * count, "the root record is in every root's read set")
        withExtendedLifetime(handles) {}
    }

    @Test func aRecordDeletedOrBroughtBackIsARecordReadWhereAWalkEnteredIt() throws {
        let (environment, handles, table) = try world(pages: 3)
        let ref = try #require(environment.store.record("Character:2a")).ref
        environment.commit { $0.delete(ref) }
        #expect(table.walks == 1, "page 2 read Character:2a")
        environment.commit { _ = $0.record("Character:2a") }
        #expect(table.walks == 2, "brought back with no slot written: its existence changed, and page 2 walked it while deleted")
        #expect(handles.allSatisfy { $0.phase.name == "ready" })
    }

    /// `query Led($page: Int) { squad(page: $page) @required(action: NONE) { leader @required(action: NONE) { ...Leader } } }`:
    /// the walk follows `leader` no further than whether its record exists.
    static let led = Operation(
        .query, name: "Led", variableDefinitions: [VariableDefinition("page", type: .named("Int"))],
        selections: [
            C.field("squad", [.required(.none)], [
                C.field("leader", [.required(.none)], [.fragmentSpread(FragmentSpread("Leader"))]),
            ], arguments: [Argument(name: "page", value: .variable("page"))]),
        ],
        fragments: [Fragment("Leader", on: "Character", selections: [C.field("name")])])

    @Test func aRequiredLinksRecordIsReadForItsExistenceAlone() throws {
        let (environment, squads, table) = try world(pages: 2)
        for page in 1...2 {
            environment.commit { $0.set($0.record(RecordID("Squad:\(page)")), "leader", .link($0.record(RecordID("Character:\(page)a")))) }
        }
        let handles = try (1...2).map { try environment.attach(Self.led, variables: ["page": .int($0)], policy: .storeOrNetwork) }
        let walks = table.walks
        #expect(handles.allSatisfy { $0.phase.name == "ready" })
        let leader = try #require(environment.store.record("Character:2a")).ref
        environment.commit { $0.delete(leader) }
        #expect(handles.map(\.phase.name) == ["ready", "failed"], "page 2's leader is gone: the @required chain fails it")
        // Brought back with no slot written: only its existence changed, and that is what Led read.
        environment.commit { _ = $0.record("Character:2a") }
        #expect(handles.map(\.phase.name) == ["ready", "ready"], "the leader exists again")
        // Each commit: Squad 2's own root, which lists Character:2a, and Led on page 2; never page 1's.
        #expect(table.walks - walks == 4)
        #expect(table.liveRootCount == 4 && squads.allSatisfy { $0.phase.name == "ready" })
        withExtendedLifetime(handles) {}
    }

    @Test func aRecordMadeByTheCommitIsReachedThroughALinkTheCommitWrote() throws {
        let (environment, handles, table) = try world(pages: 3)
        environment.commit { transaction in
            let made = transaction.record("Character:new", typename: "Character")
            transaction.set(made, "id", .scalar(.string("new")))
            transaction.set(made, "name", .null, errors: [GraphQLError(message: "no name yet", path: ["squad"])])
            let squad = transaction.record("Squad:3")
            transaction.set(squad, "members", .links([made]))
        }
        #expect(table.walks == 1, "the new record lies beyond every read set; the members link that reaches it is page 3's")
        #expect(handles.map(\.phase.name) == ["ready", "ready", "failed"])
        let root = try #require(handles[2].source as? RootPhase).root(of: handles[2])
        #expect(root.verdictUntracked == handles[2].operation.verdict(), "the root's verdict is a fresh walk's")
    }

    @Test func aRecordGivenItsFirstTypenameIsTouched() throws {
        // Squad 1's one member is then of unknown type, so `... on Droid` applies to it and reads its
        // serial, an error.
        let (environment, handles, table) = try world(pages: 2)
        addMemberOfUnknownType(in: environment)
        #expect(handles[0].phase.name == "failed" && table.walks == 1)
        // A response names its type: no slot of it changes, but `... on Droid` no longer applies. The
        // commit settles through a null written elsewhere.
        environment.commit { transaction in
            _ = transaction.record("Being:1", typename: "Human")
            transaction.set(transaction.record("User:me"), "name", .null)
        }
        #expect(table.walks == 2, "Being:1 was given a typename: page 1 walks")
        #expect(handles[0].phase.name == "ready", "a Human's serial is not read")
        #expect(handles[0].operation.verdict() == .sound)
    }

    @Test func incrementalHearsOfARecordGivenItsFirstTypename() throws {
        // The same retyping under incremental: its tree chose `... on Droid` for a record of unknown
        // type, and the commit that names the type changes none of that record's slots.
        let (environment, handles, table) = try world(pages: 2, strategy: .incremental)
        addMemberOfUnknownType(in: environment)
        #expect(handles[0].phase.name == "failed")
        let reevaluated = table.rootsReevaluated
        environment.commit { transaction in
            _ = transaction.record("Being:1", typename: "Human")
            transaction.set(transaction.record("User:me"), "name", .null)
        }
        #expect(table.rootsReevaluated == reevaluated + 1, "Being:1 was given a typename: page 1 is met")
        #expect(handles[0].phase.name == "ready", "a Human's serial is not read")
        #expect(handles[0].operation.verdict() == .sound)
    }
}
