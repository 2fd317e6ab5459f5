import JSON
import Runtime
import Testing
import Workloads

/// The judged fixture made smaller or larger for the fixture-size curve: lists cut or repeated with
/// fresh ids, before normalizing.
struct ScaledResponseTests {
    typealias Ops = NormalizerOperations

    /// `query Shelf { shelf { id books { id title author { id name } } } }`.
    static let shelf = Operation(.query, name: "Shelf", selections: [
        Ops.field("shelf", Ops.leaves("id") + [Ops.field("books", Ops.leaves("id", "title") + [Ops.field("author", Ops.leaves("id", "name"))])])
    ])

    /// Four books, two by one author, and an error on the second book's title.
    static let response = try! JSONValue.parse(#"""
        {"errors": [{"message": "title unavailable", "path": ["shelf", "books", 1, "title"]},
                    {"message": "slow"}],
         "data": {"shelf": {"__typename": "Shelf", "id": "s1", "books": [
            {"__typename": "Book", "id": "b1", "title": "One", "author": {"__typename": "Author", "id": "a1", "name": "Ann"}},
            {"__typename": "Book", "id": "b2", "title": null, "author": {"__typename": "Author", "id": "a1", "name": "Ann"}},
            {"__typename": "Book", "id": "b3", "title": "Three", "author": {"__typename": "Author", "id": "a2", "name": "Bo"}},
            {"__typename": "Book", "id": "b4", "title": "Four", "author": {"__typename": "Author", "id": null, "name": "anonymous"}}
         ]}}}
        """#)

    private func books(_ value: JSONValue) -> [JSONValue] { value["data"]?["shelf"]?["books"]?.elements ?? [] }

    private func records(_ value: JSONValue) throws -> [RecordID] {
        try Normalizer.normalize(response: value, operation: Self.shelf).records.map(\.id)
    }

    @Test(arguments: [(0.5, 2), (2.0, 8), (1.0, 4), (0.25, 1), (0.1, 1)])
    func aListOfFourIsCutOrRepeated(scale: Double, expected: Int) throws {
        let scaled = try ScaledResponse(Self.response, scale: scale)
        #expect(books(scaled.value).count == expected)
        #expect(scaled.lists == [ScaledResponse.List(path: "shelf.books", from: 4, to: expected)])
        #expect(Array(books(scaled.value).prefix(4)) == Array(books(Self.response).prefix(expected)), "the first items are the originals")
        #expect(try ScaledResponse(Self.response, scale: scale).value == scaled.value, "the same input gives the same output")
    }

    @Test func repeatedItemsAreNewRecordsSharedTheSameWayInsideEachCopy() throws {
        let original = try records(Self.response)
        let doubled = try records(ScaledResponse(Self.response, scale: 2).value)
        #expect(Set(doubled).count == doubled.count)
        // The root and the shelf are not in the list; everything below it is there once more.
        #expect(doubled.count - 2 == 2 * (original.count - 2), "original \(original), doubled \(doubled)")
        #expect(doubled.contains("Book:b1-copy1") && doubled.contains("Author:a1-copy1"))
        let copiedAuthors = books(try ScaledResponse(Self.response, scale: 2).value)[4...].map { $0["author"]?["id"] }
        #expect(copiedAuthors == ["a1-copy1", "a1-copy1", "a2-copy1", .null], "one author, two books, in the copy as in the original; a null id stays null")
        #expect(try records(ScaledResponse(Self.response, scale: 0.5).value).count < original.count, "cut items take their records")
    }

    @Test func errorsFollowTheirItems() throws {
        func paths(_ scale: Double) throws -> [JSONValue?] {
            try ScaledResponse(Self.response, scale: scale).value["errors"]?.elements?.map { $0["path"] } ?? []
        }
        #expect(try paths(2) == [["shelf", "books", 1, "title"], ["shelf", "books", 5, "title"], nil], "repeated with the item")
        #expect(try paths(0.5) == [["shelf", "books", 1, "title"], nil], "kept with a kept item")
        #expect(try paths(0.25) == [nil], "dropped with a cut item; an error without a path stays")
    }

    @Test func integerIDsMovePastTheLargest() throws {
        let response = try JSONValue.parse(#"{"data": {"items": [{"id": 7}, {"id": 9}]}}"#)
        let ids = try ScaledResponse(response, scale: 2).value["data"]?["items"]?.elements?.map { $0["id"] }
        #expect(ids == [7, 9, 17, 19])
    }

    /// A whole copy, as another page of the judged response: no record but the root in common with
    /// the original or another copy, the errors as they were.
    @Test func aCopyOfAResponseSharesNoRecordButTheRoot() throws {
        let copies = [0, 1, 2].map { FreshIDs.copy(ofResponse: Self.response, $0) }
        #expect(copies[0] == Self.response, "copy 0 is the original")
        let records = try copies.map { Set(try self.records($0)) }
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            // The shelf's root field is the root's in every copy.
            #expect(records[a].intersection(records[b]) == [.root], "copies \(a) and \(b)")
        }
        #expect(records[1].contains("Author:a1-copy1") && records[2].contains("Book:b4-copy2"))
        #expect(records[2].contains("client:Book:b4-copy2:author"), "an object without an id is keyed by its fresh parent's")
        #expect(copies[2]["errors"] == Self.response["errors"], "the errors' paths name keys and indexes, which a copy keeps")
        let integers = try JSONValue.parse(#"{"data": {"items": [{"id": 7}, {"id": 9}]}}"#)
        #expect(FreshIDs.copy(ofResponse: integers, 2)["data"]?["items"]?.elements?.map { $0["id"] } == [27, 29])
    }

    @Test(arguments: [
        (#"{"data": {"shelf": {"id": "s1", "tags": ["a", "b"]}}}"#, "its data holds no list of objects to cut or repeat"),
        (#"{"data": {"shelf": {"books": []}}}"#, "its data holds no list of objects to cut or repeat"),
        (#"{"errors": [{"message": "down"}]}"#, "the response has no data object to scale"),
    ])
    func whatCannotBeScaledIsSaid(json: String, expected: String) throws {
        let error = #expect(throws: ScaledResponse.Unscalable.self) { try ScaledResponse(JSONValue.parse(json), scale: 2) }
        #expect(error?.description == expected)
    }

    /// The bundled page doubled: every record below `characters` twice, the root, the connection and
    /// its `info` once.
    @Test func theBundledPageDoubledHasTwiceItsRecordsBelowTheList() throws {
        let loaded = try Ops.loaded("characters-page", Ops.charactersPage)
        let variables = loaded.variables(for: Ops.charactersPage)
        func count(_ response: JSONValue) throws -> Int {
            try Normalizer.normalize(response: response, operation: Ops.charactersPage, variables: variables, schema: loaded.schema).records.count
        }
        let page = loaded.fixture.loadedResponse.value
        let doubled = try ScaledResponse(page, scale: 2)
        #expect(doubled.lists.map(\.path) == ["characters.results"])
        #expect(try count(doubled.value) - 3 == 2 * (try count(page) - 3))
    }
}
