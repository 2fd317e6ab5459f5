import JSON
import Runtime
import Testing
import Workloads

/// An object whose `id` is null, as a real API answers for a place it does not know
/// (`{"id": null, "name": "unknown", ...}`): the normalizer keys it by its path and holds the `id` as
/// null, and a strict operation reads that null as a value, not as a field error.
struct NormalizerNullIDTests {
    typealias Ops = NormalizerOperations

    /// `query Places @throwOnFieldError { character(id: "1") { id origin { id name } location { id name } } }`.
    static let places = Operation(
        .query, name: "Places", directives: [.throwOnFieldError],
        selections: [
            Ops.field("character", arguments: [Ops.argument("id", .string("1"))], Ops.leaves("id") + [
                Ops.field("origin", Ops.leaves("id", "name")), Ops.field("location", Ops.leaves("id", "name")),
            ])
        ])

    static let characterKey = #"character(id:"1")"#

    private func normalize(_ text: String) throws -> NormalizedResponse {
        try Normalizer.normalize(response: JSONValue.parse(text), operation: Self.places, schema: Schema.loadBundled())
    }

    private func response(originID: String, errors: String = "") -> String {
        #"{\#(errors)"data": {"character": {"id": "1", "origin": {"id": \#(originID), "name": "unknown"}, "location": {"id": "3", "name": "Citadel of Ricks"}}}}"#
    }

    private func field(_ response: NormalizedResponse, _ id: RecordID, _ key: String) -> NormalizedResponse.FieldWrite? {
        response.records.first { $0.id == id }?.fields.first { $0.storageKey == key }
    }

    @Test func aNullIDIsKeyedByItsPathAndHeldAsNull() throws {
        let response = try normalize(response(originID: "null"))
        let place: RecordID = "client:Character:1:origin"
        #expect(field(response, "Character:1", "origin")?.value == .link(place), "no type-and-id key without an id")
        #expect(field(response, place, "id")?.value == .null, "the id is a field like any other, held as null")
        #expect(field(response, place, "name")?.value == .scalar(.string("unknown")))
        #expect(response.records.first { $0.id == place }?.typename == "Location", "its type still comes from the schema")
        #expect(field(response, "Character:1", "location")?.value == .link("Location:3"), "a sibling with an id keeps its key")
    }

    @Test func theSameIDLessPlaceUnderTwoFieldsIsTwoRecords() throws {
        let text = #"{"data": {"character": {"id": "1", "origin": {"id": null, "name": "unknown"}, "location": {"id": null, "name": "unknown"}}}}"#
        let ids = try normalize(text).records.map(\.id)
        #expect(ids == [.root, "Character:1", "client:Character:1:origin", "client:Character:1:location"])
    }

    @Test func aNullIDUnderThrowOnFieldErrorIsSoundAndAnErrorOnItIsNot() throws {
        let clean = try normalize(response(originID: "null"))
        #expect(try verdict(clean) == .sound, "a null id is a null, not a field error")

        let errors = #""errors": [{"message": "Origin lookup failed", "path": ["character", "origin", "id"]}], "#
        let failing = try normalize(response(originID: "null", errors: errors))
        let failed = try verdict(failing)
        guard case .fieldErrors(let found) = failed else {
            Issue.record("a field error on the null id must fail the strict read, got \(failed)")
            return
        }
        #expect(found.map(\.error.message) == ["Origin lookup failed"])
    }

    @Test func anIDThatIsPresentKeysTheRecordByTypeAndID() throws {
        let response = try normalize(response(originID: #""1""#))
        #expect(field(response, "Character:1", "origin")?.value == .link("Location:1"))
        #expect(field(response, "Location:1", "id")?.value == .scalar(.string("1")))
    }

    private func verdict(_ response: NormalizedResponse) throws -> Verdict {
        let store = Store()
        store.commit { response.write(into: &$0) }
        return try PreparedOperation(Self.places, store: store).verdict(unplaced: response.unplacedErrors)
    }
}
