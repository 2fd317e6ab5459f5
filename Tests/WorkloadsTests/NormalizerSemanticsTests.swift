import JSON
import Runtime
import Testing
import Workloads

/// The small hand-written fixtures under `spec/`, one behaviour each.
struct NormalizerSemanticsTests {
    typealias Ops = NormalizerOperations

    private func normalize(_ fixture: String, _ operation: Operation, schema: Bool = true) throws -> NormalizedResponse {
        let loaded = try Ops.loaded(fixture, operation)
        let response = loaded.fixture.loadedResponse.value
        return try Normalizer.normalize(
            response: response, operation: operation, variables: loaded.variables(for: operation),
            schema: schema ? loaded.schema : nil)
    }

    private func field(_ response: NormalizedResponse, _ id: RecordID, _ key: String) -> NormalizedResponse.FieldWrite? {
        response.records.first { $0.id == id }?.fields.first { $0.storageKey == key }
    }

    @Test func errorsUnderANullParentCollectOnIt() throws {
        let response = try normalize("errors-under-null-parent", Ops.characterLocation)
        let location = try #require(field(response, "Character:1", "location"))
        #expect(location.value == .null)
        #expect(location.errors.map(\.message) == [
            "Location service unavailable", "Location name unavailable", "Location dimension unavailable",
        ], "all three, in the response's order")
        #expect(response.unplacedErrors.isEmpty)
        #expect(field(response, "Character:1", "name")?.errors == [], "a sibling of the null holds none")
    }

    @Test func errorsNoFieldHoldsAreUnplaced() throws {
        let response = try normalize("unplaced-errors", Ops.characterName)
        #expect(response.unplacedErrors.map(\.message) == ["Query cost is close to the rate limit", "Episode list unavailable"])
        #expect(response.unplacedErrors.map(\.path) == [nil, ["episodes", "results", 0]])
        #expect(response.records.flatMap(\.fields).allSatisfy { $0.errors.isEmpty })
        #expect(response.records.map(\.id) == [.root, "Character:1"])
    }

    @Test func aListKeepsItsNullElement() throws {
        let response = try normalize("list-with-null-element", Ops.charactersByIDs)
        let list = try #require(field(response, .root, #"charactersByIds(ids:["1","9999","2"])"#))
        #expect(list.value == .links(["Character:1", nil, "Character:2"]))
        #expect(list.errors.isEmpty)
    }

    @Test func aliasesResolveToTheirFieldAndArgumentsToSortedStorageKeys() throws {
        let response = try normalize("aliases-and-arguments", Ops.aliasesAndArguments)
        let alive = #"characters(filter:{species:"Human",status:"Alive"},page:1)"#
        let dead = #"characters(filter:{species:"Human",status:"Dead"},page:1)"#
        #expect(response.records[0].fields.map(\.storageKey) == [#"character(id:"1")"#, #"character(id:"2")"#, alive, dead])
        #expect(field(response, .root, #"character(id:"1")"#)?.value == .link("Character:1"))
        #expect(field(response, "Character:2", "name")?.value == .scalar(.string("Morty Smith")), "fullName is name")
        #expect(field(response, .root, dead)?.value == .link(RecordID("client:root:" + dead)))
        #expect(field(response, RecordID("client:root:" + dead + ":info"), "count")?.value == .scalar(.int(87)))
        #expect(field(response, RecordID("client:root:" + alive + ":info"), "count")?.value == .scalar(.int(214)))
    }

    @Test(arguments: [true, false])
    func inlineFragmentsApplyByTypename(withSchema: Bool) throws {
        let response = try normalize("union-inline-fragments", Ops.search, schema: withSchema)
        #expect(field(response, .root, #"search(text:"Ric")"#)?.value == .links(["Character:1", "Location:3", "Episode:1"]))
        let records = Dictionary(uniqueKeysWithValues: response.records.map { ($0.id, $0) })
        #expect(records["Character:1"]?.typename == "Character")
        #expect(records["Character:1"]?.fields.map(\.storageKey) == ["__typename", "id", "name", "status"])
        #expect(records["Location:3"]?.fields.map(\.storageKey) == ["__typename", "id", "name", "dimension"])
        #expect(records["Episode:1"]?.fields.last?.value == .scalar(.string("S01E01")))
    }

    @Test func anAbstractFieldWithoutTypenameFallsBackToClientIDs() throws {
        let json = #"{"data": {"search": [{"id": "1", "name": "Rick Sanchez", "status": "Alive"}]}}"#
        let operation = Operation(.query, selections: [
            Ops.field("search", arguments: [Ops.argument("text", .string("R"))], [
                Ops.inline(on: "Node", Ops.leaves("id")), Ops.inline(on: "Character", Ops.leaves("name", "status")),
                Ops.inline(on: "Location", Ops.leaves("dimension")),
            ])
        ])
        let response = try Normalizer.normalize(response: JSONValue.parse(json), operation: operation, schema: Schema.loadBundled())
        let id = RecordID(#"client:root:search(text:"R"):0"#)
        #expect(field(response, .root, #"search(text:"R")"#)?.value == .links([id]))
        #expect(response.records.last?.typename == nil)
        #expect(response.records.last?.fields.map(\.storageKey) == ["id", "name", "status"], "undecided fragments apply")
    }

    @Test func anObjectWithoutIDUnderARecordIsKeyedFromThatRecord() throws {
        let json = #"{"data": {"character": {"id": "1", "origin": {"name": "Earth"}}}}"#
        let operation = Operation(.query, selections: [
            Ops.field("character", arguments: [Ops.argument("id", .string("1"))], [Ops.field("id"), Ops.field("origin", Ops.leaves("name"))])
        ])
        let response = try Normalizer.normalize(response: JSONValue.parse(json), operation: operation, schema: Schema.loadBundled())
        #expect(field(response, "Character:1", "origin")?.value == .link("client:Character:1:origin"))
        #expect(response.records.last?.typename == "Location")
    }

    @Test func aMutationIsRootedWhereThePreparedOperationReadsIt() throws {
        let operation = Operation(.mutation, selections: [Ops.field("like", Ops.leaves("count"))])
        let response = try Normalizer.normalize(response: JSONValue.parse(#"{"data": {"like": {"count": 2}}}"#), operation: operation)
        #expect(response.records.map(\.id) == ["client:root:mutation", "client:root:mutation:like"])
        let store = Store()
        store.commit { response.write(into: &$0) }
        #expect(try PreparedOperation(operation, store: store).isAvailable)
    }

    @Test func leavesWithoutASchemaKeepTheirJSONForm() throws {
        let json = #"{"data": {"tags": ["a", null, ["b"]], "ratio": 1.5, "on": true, "n": 3}}"#
        let operation = Operation(.query, selections: Ops.leaves("tags", "ratio", "on", "n"))
        let response = try Normalizer.normalize(response: JSONValue.parse(json), operation: operation)
        #expect(response.records[0].fields.map(\.value) == [
            .scalar(.list([.string("a"), nil, .list([.string("b")])])), .scalar(.double(1.5)), .scalar(.bool(true)), .scalar(.int(3)),
        ])
    }

    @Test func spreadsThatSpreadEachOtherEndInsteadOfLooping() throws {
        let operation = Operation(
            .query, selections: [.fragmentSpread(FragmentSpread("A"))],
            fragments: [
                Fragment("A", on: "Query", selections: [Ops.field("n"), .fragmentSpread(FragmentSpread("B"))]),
                Fragment("B", on: "Query", selections: [.fragmentSpread(FragmentSpread("A"))]),
            ])
        let response = try Normalizer.normalize(response: JSONValue.parse(#"{"data": {"n": 1}}"#), operation: operation)
        #expect(response.records[0].fields.map(\.storageKey) == ["n"])
    }
}
