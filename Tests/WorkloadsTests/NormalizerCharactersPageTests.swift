import JSON
import Runtime
import Testing
import Workloads

/// The strict fixture, normalized and committed into a store, then read by the runtime.
struct NormalizerCharactersPageTests {
    /// Read once for the suite: each test gets its own instance, and the six responses are large.
    static let shared = Result { try NormalizerOperations.loaded("characters-page", NormalizerOperations.charactersPage) }

    let loaded: LoadedFixture
    let operation = NormalizerOperations.charactersPage

    init() throws {
        loaded = try Self.shared.get()
    }

    private func normalized(_ name: String, _ operation: Operation? = nil) throws -> NormalizedResponse {
        try loaded.normalize(#require(loaded.fixture.response(named: name)), for: operation ?? self.operation)
    }

    private func store(with response: NormalizedResponse) -> Store {
        let store = Store()
        store.commit { response.write(into: &$0) }
        return store
    }

    /// The page's records, counted from its JSON apart from the normalizer.
    private var pageRecords: Int {
        get throws { FixtureRecordCounter(response: try #require(loaded.fixture.response(named: "0-page")).value).recordCount }
    }

    @Test func theCleanPageIsItsCountedRecordsTheRootIncluded() throws {
        let response = try normalized("0-page")
        #expect(response.records.count == (try pageRecords), "one write per record, the root included")
        #expect(store(with: response).recordCount == (try pageRecords))
        #expect(response.unplacedErrors.isEmpty)
        #expect(response.records.allSatisfy { $0.fields.allSatisfy(\.errors.isEmpty) })
        #expect(response.records.map(\.id).prefix(4) == [
            .root, "client:root:characters(page:1)", "client:root:characters(page:1):info", "Character:1",
        ], "records come in the order the response first reaches them")
    }

    @Test func keysAndTypesComeFromTheSchemaWhenTheResponseHasNoTypename() throws {
        let store = store(with: try normalized("0-page"))
        let page = try #require(store.record("client:root:characters(page:1)"))
        #expect(page.typename == "Characters")
        #expect(store.peek(store.root.ref, "characters(page:1)") == Slot(.link(page.ref)))
        let rick = try #require(store.record("Character:1"))
        #expect(rick.typename == "Character")
        #expect(store.peek(rick.ref, "name") == Slot(.scalar(.string("Rick Sanchez"))))
        let firstRow = try #require(loaded.fixture.response(named: "0-page")?.value["data"]?["characters"]?["results"]?[0])
        let origin = firstRow["origin"]?["id"]?.stringValue.map { "Location:" + $0 } ?? "client:Character:1:origin"
        #expect(store.peek(rick.ref, "origin") == Slot(.link(try #require(store.record(RecordID(origin))).ref)))
        guard case .links(let results)? = store.peek(page.ref, "results")?.value else {
            Issue.record("results must be a list of links")
            return
        }
        #expect(results.count == 20 && results.allSatisfy { $0 != nil })
        #expect(store.peek(try #require(store.record("client:root:characters(page:1):info")).ref, "prev") == Slot(.null))
    }

    /// The API's unknown place, `{"id": null, "name": "unknown", ...}`, is a record of its own at each
    /// place it appears, keyed by its path, with its `id` held as null; the strict page stays sound.
    @Test func theUnknownPlacesAreRecordsKeyedByTheirPathsWithANullID() throws {
        let store = store(with: try normalized("0-page"))
        let rows = try #require(loaded.fixture.response(named: "0-page")?.value["data"]?["characters"]?["results"]?.elements)
        var unknown = 0
        for row in rows {
            let id = try #require(row["id"]?.stringValue)
            for field in ["origin", "location"] where row[field]?["id"] == .null {
                let place = try #require(store.record(RecordID("client:Character:\(id):\(field)")), "row \(id)'s \(field)")
                #expect(store.peek(store.record(RecordID("Character:" + id))!.ref, field) == Slot(.link(place.ref)))
                #expect(store.peek(place.ref, "id") == Slot(.null))
                #expect(store.peek(place.ref, "name") == Slot(.scalar(.string("unknown"))))
                #expect(place.typename == "Location")
                unknown += 1
            }
        }
        #expect(unknown == StrictFixture.Size(scale: 1).unknownPlaces && unknown > 0)
    }

    @Test func eachImageErrorLandsOnItsCharactersImageSlot() throws {
        let response = try normalized("1-image-errors")
        let store = store(with: response)
        #expect(store.recordCount == (try pageRecords))
        #expect(response.unplacedErrors.isEmpty)
        guard case .links(let results)? = store.peek(try #require(store.record("client:root:characters(page:1)")).ref, "results")?.value else {
            Issue.record("results must be a list of links")
            return
        }
        var placed = 0
        for (index, ref) in results.enumerated() {
            let record = store.record(at: try #require(ref))
            let slot = try #require(store.peek(record.ref, "image"), "\(record.id) has no image slot")
            #expect(slot.value == .null)
            #expect(slot.errors.map(\.path) == [["characters", "results", .index(index), "image"]], "\(record.id)")
            #expect(record.id.rawValue.hasPrefix("Character:"))
            placed += slot.errors.count
        }
        #expect(placed == 20)
        let errorsInResponse = response.records.reduce(0) { $0 + $1.fields.reduce(0) { $0 + $1.errors.count } }
        #expect(errorsInResponse == 20, "a record met twice keeps its error once, on one slot")
    }

    @Test func theRuntimeFindsTheCleanPageAvailableAndSound() throws {
        let store = store(with: try normalized("0-page"))
        let prepared = try PreparedOperation(operation, variables: loaded.variables(for: operation), store: store)
        #expect(prepared.isAvailable)
        #expect(prepared.verdict() == .sound)
    }

    /// The 20 errors land on 20 slots, but the store keeps one record per character: the verdict
    /// meets an erroring slot at every place the selection reads that character, its own result row
    /// and each episode's cast that lists it, as Relay's record-level field errors would.
    @Test func theRuntimeReportsTheTwentyImageErrorsWhereverTheirSlotsAreRead() throws {
        let response = try normalized("1-image-errors")
        let store = store(with: response)
        let prepared = try PreparedOperation(operation, variables: loaded.variables(for: operation), store: store)
        #expect(prepared.isAvailable)
        guard case .fieldErrors(let errors) = prepared.verdict(unplaced: response.unplacedErrors) else {
            Issue.record("expected field errors, got \(prepared.verdict())")
            return
        }
        let ownRows: [ResponsePath] = (0..<20).map { ["characters", "results", .index($0), "image"] }
        #expect(errors.filter { $0.path?.count == 4 }.map(\.path) == ownRows, "each row's own image, in row order")
        #expect(Set(errors.map(\.error.path)) == Set(ownRows), "the 20 errors of the response, and no other")

        let rows = try #require(loaded.fixture.response(named: "1-image-errors")?.value["data"]?["characters"]?["results"]?.elements)
        let rowIDs: Set<JSONValue> = Set(rows.compactMap { $0["id"] })
        let episodes: [JSONValue] = rows.flatMap { $0["episode"]?.elements ?? [] }
        let casts: [JSONValue] = episodes.flatMap { $0["characters"]?.elements ?? [] }
        let castReads = casts.filter { cast in cast["id"].map { rowIDs.contains($0) } ?? false }.count
        #expect(errors.count == rows.count + castReads, "one error per read of an erroring slot")
    }

    @Test func spreadsNormalizeToTheSameRecordsAsOwnFields() throws {
        let spreads = try NormalizerOperations.loaded("characters-page", NormalizerOperations.charactersPageSpreads)
        let viaSpreads = try spreads.normalize(#require(spreads.fixture.response(named: "1-image-errors")), for: NormalizerOperations.charactersPageSpreads)
        #expect(viaSpreads == (try normalized("1-image-errors")))
    }

    @Test(arguments: ["0-page", "1-image-errors", "2-info-count-null", "3-info-count-error", "4-result-name-null", "5-result-name-error"])
    func everyVariantNormalizesTheSameWayTwice(name: String) throws {
        let first = try normalized(name)
        let second = try normalized(name)
        #expect(first == second)
        #expect(store(with: first).recordCount == (try pageRecords))
    }

    /// The bench normalizes the generated page at every scale: each gives the generator's own count.
    @Test(arguments: StrictFixture.benchScales)
    func everyBenchScaleNormalizesToItsRecordCount(scale: Double) throws {
        let response = try Normalizer.normalize(
            response: StrictFixture.response(scale: scale), operation: operation,
            variables: loaded.variables(for: operation), schema: loaded.schema)
        #expect(store(with: response).recordCount == StrictFixture.Size(scale: scale).recordCount)
    }

    @Test func variantsNormalizeOnRequestWithTheirNames() {
        let variants = loaded.variants(for: operation)
        #expect(variants.map(\.name) == loaded.fixture.responses.map(\.name))
        #expect(variants.allSatisfy { (try? $0.outcome.get()) != nil })
    }
}
