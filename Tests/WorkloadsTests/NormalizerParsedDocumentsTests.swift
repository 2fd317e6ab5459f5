import Foundation
import Runtime
import Testing
import Workloads

/// The operations the normalizer tests build in code are the ones the spec's `.graphql` files say,
/// as the document parser reads them; and the loader glue works from parsed documents.
struct NormalizerParsedDocumentsTests {
    typealias Ops = NormalizerOperations

    static func parsed(_ fixture: String) throws -> (Fixture, [Document]) {
        let loaded = try Fixture.load(from: Fixture.bundledSpecDirectory.appendingPathComponent(fixture))
        let documents = try loaded.operationSources.map { source in
            try GraphQLParser.parse(source.text, file: source.fileName)
        }
        return (loaded, documents)
    }

    @Test(arguments: [
        ("characters-page", Ops.charactersPage), ("characters-page", Ops.charactersPageSpreads),
        ("errors-under-null-parent", Ops.characterLocation), ("unplaced-errors", Ops.characterName),
        ("list-with-null-element", Ops.charactersByIDs), ("aliases-and-arguments", Ops.aliasesAndArguments),
        ("union-inline-fragments", Ops.search),
    ])
    func theOperationBuiltInCodeIsTheOneTheFileSays(fixture: String, operation: Runtime.Operation) throws {
        let (_, documents) = try Self.parsed(fixture)
        let name = try #require(operation.name)
        let parsed = try #require(documents.lazy.compactMap { $0.operation(named: name) }.first)
        #expect(parsed == operation)
    }

    @Test func aParsedUnionOperationIsAvailableInAStoreThatKnowsPossibleTypes() throws {
        let (fixture, documents) = try Self.parsed("union-inline-fragments")
        let schema = try Schema.loadBundled()
        let loaded = LoadedFixture(fixture: fixture, documents: documents, schema: schema)
        let operation = try #require(loaded.operation(named: "Search"))
        let response = try loaded.normalize(fixture.loadedResponse, for: operation)
        let store = Store(possibleTypes: schema.possibleTypesByAbstractType)
        store.commit { response.write(into: &$0) }
        let prepared = try PreparedOperation(operation, variables: loaded.variables(for: operation), store: store)
        #expect(prepared.isAvailable)
        #expect(prepared.lens.typename == "Query")
    }
}
