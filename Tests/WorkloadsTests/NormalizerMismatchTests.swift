import JSON
import Runtime
import Testing
import Workloads

/// Responses that do not fit the selection, and responses that are not responses: each is one error
/// that names where, never a trap and never a silent drop.
struct NormalizerMismatchTests {
    typealias Ops = NormalizerOperations

    /// `query { characters(page: 1) { info { count } results { id name origin { id name } } } }`
    static let operation = Operation(.query, selections: [
        Ops.field("characters", arguments: [Ops.argument("page", .int(1))], [
            Ops.field("info", Ops.leaves("count")),
            Ops.field("results", Ops.leaves("id", "name") + [Ops.field("origin", Ops.leaves("id", "name"))]),
        ])
    ])

    static let row = #"{"id": "1", "name": "Rick", "origin": {"id": "1", "name": "Earth"}}"#

    /// A response of four rows, the last one `lastRow`, and `info` as given.
    static func page(lastRow: String = row, info: String = #"{"count": 826}"#) -> String {
        #"{"data": {"characters": {"info": "# + info + #", "results": ["# + [row, row, row, lastRow].joined(separator: ",") + "]}}}"
    }

    private func normalizeError(_ json: String, operation: Operation = Self.operation) throws -> NormalizeError? {
        let response = try JSONValue.parse(json)
        let schema = try Schema.loadBundled()
        do {
            _ = try Normalizer.normalize(response: response, operation: operation, schema: schema)
            return nil
        } catch {
            return error
        }
    }

    @Test func aWellFormedPageNormalizes() throws {
        #expect(try normalizeError(Self.page()) == nil)
    }

    @Test(arguments: [
        (#"{"id": "4", "name": "Rick"}"#, "characters.results.3.origin: missing from the response"),
        (#"{"id": "4", "name": "Rick", "origin": "Earth"}"#, "characters.results.3.origin: expected an object, found a string"),
        (#"{"id": "4", "name": "Rick", "origin": [{"id": "1", "name": "Earth"}]}"#, "characters.results.3.origin: expected an object, found a list"),
        (#"{"id": "4", "name": {"first": "Rick"}, "origin": null}"#, "characters.results.3.name: expected a scalar, found an object"),
        (#"{"id": "4", "name": 7, "origin": null}"#, "characters.results.3.name: expected a String, found a number"),
        (#"{"id": true, "name": "Rick", "origin": null}"#, "characters.results.3.id: expected an ID, found a boolean"),
        (#"{"id": "4", "name": "Rick", "origin": null, "nickname": "R"}"#, "characters.results.3.nickname: not selected by the operation"),
        (#""Rick""#, "characters.results.3: expected an object, found a string"),
        (#"{"id": "4", "name": "Rick", "origin": {"id": "1", "name": ["Earth"]}}"#, "characters.results.3.origin.name: expected a scalar, found a list"),
    ])
    func aRowThatDoesNotFitNamesItsPath(lastRow: String, expected: String) throws {
        let error = try #require(try normalizeError(Self.page(lastRow: lastRow)))
        #expect(error.description == expected)
        guard case .mismatch = error else {
            Issue.record("\(error) must be a mismatch")
            return
        }
        #expect(error.failure.kind == .decoding(expected))
    }

    @Test func anObjectWhereAListBelongs() throws {
        let json = #"{"data": {"characters": {"info": {"count": 1}, "results": "# + Self.row + "}}}"
        #expect(try normalizeError(json)?.description == "characters.results: expected a list, found an object")
    }

    @Test func aStringWhereAnIntBelongs() throws {
        #expect(try normalizeError(Self.page(info: #"{"count": "826"}"#))?.description == "characters.info.count: expected an Int, found a string")
    }

    @Test func dataNullWithErrorsIsNoData() throws {
        let json = #"""
            {"errors": [{"message": "Too many requests", "extensions": {"code": "RATE_LIMITED"}},
                        {"message": "Boom", "path": ["characters", 0], "extensions": {"code": 42}}],
             "data": null}
            """#
        let expected = [
            GraphQLError(message: "Too many requests", code: "RATE_LIMITED"),
            GraphQLError(message: "Boom", path: ["characters", 0]),
        ]
        #expect(try normalizeError(json) == .noData(expected))
        #expect(try normalizeError(json)?.failure.kind == .graphQLErrors(expected))
        let withoutData = #"{"errors": [{"message": "Too many requests"}]}"#
        #expect(try normalizeError(withoutData) == .noData([GraphQLError(message: "Too many requests")]))
    }

    @Test(arguments: [
        (#"[]"#, "not a GraphQL response: expected a JSON object, found a list"),
        (#"{"data": null}"#, "not a GraphQL response: neither data nor errors"),
        (#"{"data": []}"#, "data: expected an object, found a list"),
        (#"{"errors": {}, "data": {}}"#, "not a GraphQL response: errors: expected a list, found an object"),
        (#"{"errors": [{"path": ["a"]}], "data": null}"#, "not a GraphQL response: errors.0.message: expected a string, found nothing"),
        (#"{"errors": [{"message": "m", "path": ["a", true]}], "data": null}"#, "not a GraphQL response: errors.0.path.1: expected a string or an integer, found a boolean"),
    ])
    func whatIsNotAResponseIsSaidSo(json: String, expected: String) throws {
        #expect(try normalizeError(json)?.description == expected)
    }

    @Test func aSpreadOfAMissingFragmentIsADocumentError() throws {
        let operation = Operation(.query, selections: [.fragmentSpread(FragmentSpread("Gone"))])
        #expect(try normalizeError(#"{"data": {}}"#, operation: operation) == .document(.unknownFragment("Gone")))
    }

    @Test func aFieldUnderAFragmentTheObjectDoesNotMeetIsNotSelected() throws {
        let operation = Operation(.query, selections: [
            Ops.field("search", arguments: [Ops.argument("text", .string("R"))], [
                Ops.field("__typename"), Ops.inline(on: "Node", Ops.leaves("id")), Ops.inline(on: "Character", Ops.leaves("status")),
            ])
        ])
        let misplaced = #"{"data": {"search": [{"__typename": "Location", "id": "3", "status": "Alive"}]}}"#
        #expect(try normalizeError(misplaced, operation: operation)?.description == "search.0.status: not selected by the operation")
        let noID = #"{"data": {"search": [{"__typename": "Character", "status": "Alive"}]}}"#
        #expect(try normalizeError(noID, operation: operation)?.description == "search.0.id: missing from the response",
            "Character meets Node, so its id is owed")
    }
}
