import Foundation
import Testing
import Runtime
@testable import Workloads

/// Picking from spec directories written here, in the layout spec/README.md describes, as a user would
/// write their own: nothing in the code knows these fixtures.
struct PickingTests {
    /// Writes `files` under a new directory and returns it; the test that asks for it removes it.
    private func write(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    private let schema = """
        type Query { shelf(id: ID!): Shelf }
        type Shelf { id: ID! books: [Book] }
        type Book { id: ID! title: String author: Author }
        type Author { id: ID! name: String }
        """

    /// A shelf of two books, answered for each operation exactly as it selects (the layout shares a
    /// fixture's responses among its operations, so each shape gets a fixture of its own).
    private var books: [String: String] {
        let full = """
            {"data": {"shelf": {"id": "s1", "books": [
              {"id": "b1", "title": "Dune", "author": {"id": "a1", "name": "Frank Herbert"}},
              {"id": "b2", "title": "Emma", "author": {"id": "a2", "name": "Jane Austen"}}
            ]}}}
            """
        return [
            "schema.graphql": schema,
            "small/Small.graphql": "query Small($id: ID!) @throwOnFieldError { shelf(id: $id) { id } }",
            "small/variables.json": #"{"id": "s1"}"#,
            "small/responses/0.json": #"{"data": {"shelf": {"id": "s1"}}}"#,
            "full/Large.graphql": "query Large($id: ID!) @throwOnFieldError { shelf(id: $id) { id books { id title author { id name } } } }",
            "full/Plain.graphql": "query Plain($id: ID!) { shelf(id: $id) { id books { id title author { id name } } } }",
            "full/variables.json": #"{"id": "s1"}"#,
            "full/responses/0-shelf.json": full,
            "titles/Spreads.graphql": """
                query Spreads($id: ID!) @throwOnFieldError { shelf(id: $id) { ...ShelfBooks } }
                fragment ShelfBooks on Shelf { books { id title } }
                """,
            "titles/variables.json": #"{"id": "s1"}"#,
            "titles/responses/0.json": #"{"data": {"shelf": {"books": [{"id": "b1", "title": "Dune"}, {"id": "b2", "title": "Emma"}]}}}"#,
            "relay/ShelfQuery.graphql": """
                query ShelfQuery($id: ID!) @throwOnFieldError { ...ShelfQuery_query }
                fragment ShelfQuery_query on Query @throwOnFieldError { shelf(id: $id) { id books { id title } } }
                """,
            "relay/variables.json": #"{"id": "s1"}"#,
            "relay/responses/0.json": #"{"data": {"shelf": {"id": "s1", "books": [{"id": "b1", "title": "Dune"}, {"id": "b2", "title": "Emma"}]}}}"#,
        ]
    }

    @Test func theLargestStrictOperationIsTheOneWhoseWalkReadsMostSlots() throws {
        let directory = try write(books)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try LoadedFixtureDirectory.load(directory)
        let largest = try spec.largestStrictOperation()
        #expect(largest.name == "Large", "Plain reads as much but has no @throwOnFieldError")
        // shelf, id, books, then per book: id title author, author.id author.name
        #expect(largest.slotsWalked == 3 + 2 * 5)
        #expect(largest.records == 6, "root, the shelf, two books, two authors")
        let spreads = try #require(try spec.spreadsOnlyOperation())
        #expect(spreads.name == "ShelfQuery", "its own selection holds no field, only a spread")
        #expect(spreads.slotsWalked == 0, "its verdict has no field of its own to walk")
        let rootField = try #require(try spec.rootFieldSpreadsOperation())
        #expect(rootField.name == "Spreads", "a root field with only a spread beneath")
        #expect(rootField.slotsWalked == 1, "its verdict walks its root field's link")
    }

    @Test(arguments: [
        ("query A @throwOnFieldError { ...F }", true, false),
        ("query B @throwOnFieldError { ... on Query { ...F } ...G }", true, false),
        ("query C @throwOnFieldError { ... on Query { shelf(id: \"s\") { id } } ...F }", false, false),
        ("query D @throwOnFieldError { shelf(id: \"s\") { ...H } }", false, true),
        ("query E @throwOnFieldError { shelf(id: \"s\") { id ...H } }", false, false),
    ])
    func anOperationIsSpreadsOnlyWhenItsOwnSelectionHoldsNoField(_ text: String, spreadsOnly: Bool, rootFieldSpreads: Bool) throws {
        let fragments = "fragment F on Query { shelf(id: \"s\") { id } } fragment G on Query { shelf(id: \"t\") { id } } fragment H on Shelf { id }"
        let operation = try #require(try GraphQLParser.parse(text + "\n" + fragments).operations.first)
        #expect(LoadedFixtureDirectory.isSpreadsOnly(operation) == spreadsOnly, "\(text)")
        #expect(LoadedFixtureDirectory.hasOnlySpreadsBelowRootFields(operation) == rootFieldSpreads, "\(text)")
    }

    @Test func aTieGoesToTheOperationWithMoreRecords() throws {
        let directory = try write([
            "schema.graphql": schema,
            "one/One.graphql": "query One @throwOnFieldError { shelf(id: \"s1\") { id books { id } } }",
            "one/responses/0.json": #"{"data": {"shelf": {"id": "s1", "books": [{"id": "b1"}, {"id": "b1"}]}}}"#,
            "two/Two.graphql": "query Two @throwOnFieldError { shelf(id: \"s2\") { id books { id } } }",
            "two/responses/0.json": #"{"data": {"shelf": {"id": "s2", "books": [{"id": "b1"}, {"id": "b2"}]}}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try LoadedFixtureDirectory.load(directory)
        let picked = try spec.largestStrictOperation()
        // Both walk shelf, id, books and two ids: 5 slots. One's list names one book twice (3 records
        // with the root), Two's two books (4).
        #expect(picked.slotsWalked == 5)
        #expect(picked.name == "Two")
        #expect(picked.records == 4)
    }

    @Test func aSpecWithNoStrictOperationIsAClearError() throws {
        var files = books
        files["small/Small.graphql"] = "query Small($id: ID!) { shelf(id: $id) { id } }"
        files["full/Large.graphql"] = nil
        files["titles/Spreads.graphql"] = "query Spreads($id: ID!) { shelf(id: $id) { ...ShelfBooks } } fragment ShelfBooks on Shelf { books { id title } }"
        files["relay/ShelfQuery.graphql"] = "query ShelfQuery($id: ID!) { ...ShelfQuery_query } fragment ShelfQuery_query on Query { shelf(id: $id) { id books { id title } } }"
        let directory = try write(files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try LoadedFixtureDirectory.load(directory)
        #expect(throws: FixtureDirectoryError("\(directory.path): no @throwOnFieldError operation to pick from")) {
            try spec.largestStrictOperation()
        }
        #expect(try spec.spreadsOnlyOperation() == nil)
        #expect(try spec.rootFieldSpreadsOperation() == nil)
    }

    @Test func aDocumentThatDoesNotParseNamesItsFileLineAndColumn() throws {
        var files = books
        files["small/Small.graphql"] = "query Small {\n  shelf(id: ) { id }\n}"
        let directory = try write(files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = try #require(throws: FixtureDirectoryError.self) { try LoadedFixtureDirectory.load(directory) }
        #expect(error.description.hasPrefix("\(directory.path)/small/Small.graphql:2:13: "), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test func aResponseThatDoesNotFitNamesTheResponseAndThePath() throws {
        var files = books
        files["full/responses/0-shelf.json"] = #"{"data": {"shelf": {"id": "s1", "books": {"id": "b1"}}}}"#
        let directory = try write(files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = try #require(throws: FixtureDirectoryError.self) { try LoadedFixtureDirectory.load(directory).largestStrictOperation() }
        #expect(error.description.contains("full/responses/0-shelf.json"), "\(error)")
        #expect(error.description.contains("shelf.books"), "\(error)")
    }

    @Test func theBundledSpecPicksTheDecisionsOperations() throws {
        let spec = try LoadedFixtureDirectory.load(Fixture.bundledSpecDirectory)
        let largest = try spec.largestStrictOperation()
        #expect(largest.name == "CharactersPage")
        #expect(largest.records == StrictFixture.Size(scale: 1).recordCount)
        let spreads = try #require(try spec.spreadsOnlyOperation())
        #expect(spreads.name == "CharactersPageQuery")
        #expect(spreads.slotsWalked == 0)
        #expect(try spec.rootFieldSpreadsOperation()?.name == "CharactersPageSpreads")
    }
}
