import SeededRandom
import Testing
@testable import Workloads

struct FixtureStrictTests {
    @Test func sameSeedGivesSameBytesAndAnotherSeedDifferentBytes() {
        let first = StrictFixture.responseData(scale: 1, seed: 7)
        let again = StrictFixture.responseData(scale: 1, seed: 7)
        let other = StrictFixture.responseData(scale: 1, seed: 8)
        #expect(first == again, "one seed must always give the same bytes")
        #expect(first != other, "a different seed must give a different response")
    }

    @Test(arguments: StrictFixture.benchScales)
    func recordCountMatchesTheSizeAndGrowsLinearly(scale: Double) {
        let counter = FixtureRecordCounter(response: StrictFixture.response(scale: scale))
        let size = StrictFixture.Size(scale: scale)
        #expect(
            counter.recordCount == size.recordCount,
            "walking the response found \(counter.countsByType), \(counter.recordCount) records in all")
        #expect(counter.countsByType["Character"] == size.characters)
        #expect(counter.countsByType["Episode"] == size.episodes)
        #expect(counter.countsByType["Location"] == size.locations)
        #expect(counter.unknownPlaces == size.unknownPlaces, "one record per place whose id is null")
        let atScaleOne = Double(FixtureRecordCounter(response: StrictFixture.response()).recordCount)
        let perUnitScale = Double(counter.recordCount) / scale
        #expect(
            abs(perUnitScale - atScaleOne) / atScaleOne < 0.02,
            "\(counter.recordCount) records at scale \(scale) is not within 2% of \(atScaleOne) x scale")
    }

    @Test func scaleOneIsTheFirstPageAndNormalizesToItsSizesRecords() throws {
        let response = StrictFixture.response()
        #expect(FixtureRecordCounter(response: response).recordCount == StrictFixture.Size(scale: 1).recordCount)
        let characters = try #require(response["data"]?["characters"])
        #expect(characters["info"] == .object(["count": 826, "pages": 42, "next": 2, "prev": nil]))
        #expect(characters["results"]?.elements?.count == 20)
        #expect(characters["results"]?[0]?["name"] == "Rick Sanchez")
        #expect(response["errors"] == nil, "a clean response carries no errors member")
    }

    @Test func membersComeInSelectionOrder() throws {
        let row = try #require(StrictFixture.response(scale: 0.25)["data"]?["characters"]?["results"]?[0])
        #expect(row.members?.map(\.key) == [
            "id", "name", "status", "species", "type", "gender", "image", "created", "origin", "location", "episode",
        ])
        #expect(row["origin"]?.members?.map(\.key) == ["id", "name", "type", "dimension", "created"])
        #expect(row["episode"]?[0]?.members?.map(\.key) == ["id", "name", "air_date", "episode", "created", "characters"])
        #expect(row["episode"]?[0]?["characters"]?[0]?.members?.map(\.key) == ["id", "name", "image"])
    }

    @Test func everyResultCharacterIsListedByEachEpisodeItAppearsIn() throws {
        let results = try #require(StrictFixture.response()["data"]?["characters"]?["results"]?.elements)
        for row in results {
            let id = try #require(row["id"])
            for episode in row["episode"]?.elements ?? [] {
                let listed = episode["characters"]?.elements?.contains { $0["id"] == id } ?? false
                #expect(listed, "episode \(episode["id"] ?? nil) must list character \(id)")
            }
        }
    }

    /// What real responses hold at every size: places whose `id` is null, the same records under
    /// several lists, long strings.
    @Test(arguments: StrictFixture.benchScales)
    func theResponseHoldsWhatRealOnesDo(scale: Double) throws {
        let results = try #require(StrictFixture.response(scale: scale)["data"]?["characters"]?["results"]?.elements)
        let places = results.flatMap { [$0["origin"], $0["location"]] }.compactMap { $0 }
        let unknown = places.filter { $0["id"] == .null }
        #expect(unknown.count == StrictFixture.Size(scale: scale).unknownPlaces && !unknown.isEmpty)
        #expect(unknown.allSatisfy { $0 == .object(["id": nil, "name": "unknown", "type": nil, "dimension": nil, "created": nil]) })

        let placeIDs = places.compactMap { $0["id"]?.stringValue }
        #expect(Set(placeIDs).count < placeIDs.count, "a location is under several rows")
        let episodes = results.flatMap { $0["episode"]?.elements ?? [] }
        let episodeIDs = episodes.compactMap { $0["id"]?.stringValue }
        #expect(Set(episodeIDs).count < episodeIDs.count, "an episode is under several rows")
        let castIDs = Set(episodes.flatMap { $0["characters"]?.elements ?? [] }.compactMap { $0["id"]?.stringValue })
        #expect(results.allSatisfy { castIDs.contains($0["id"]?.stringValue ?? "") }, "every row is also in a cast")

        let longest = { (texts: [String]) in texts.map(\.count).max() ?? 0 }
        #expect(longest(results.compactMap { $0["type"]?.stringValue }) >= 100, "some character's type is long")
        #expect(longest(episodes.compactMap { $0["name"]?.stringValue }) >= 100, "some episode's name is long")
    }

    @Test(arguments: [0.25, 1.0])
    func imageErrorVariantHasOneErrorOnEachResultRowsNullImage(scale: Double) throws {
        let response = StrictFixture.responseWithImageErrors(scale: scale)
        let errors = try #require(response["errors"]?.elements)
        let results = try #require(response["data"]?["characters"]?["results"]?.elements)
        #expect(errors.count == results.count)
        if scale == 1 { #expect(errors.count == 20) }
        for (row, error) in errors.enumerated() {
            #expect(
                error["path"] == ["characters", "results", .int(row), "image"],
                "error \(row) lands on row \(row)'s image")
            #expect(results[row]["image"] == .null, "row \(row)'s image is null where its error lands")
        }
        let erroredIDs = Set(results.compactMap { $0["id"]?.stringValue })
        for row in results {
            for episode in row["episode"]?.elements ?? [] {
                let listedCharacters = episode["characters"]?.elements ?? []
                for listed in listedCharacters where erroredIDs.contains(listed["id"]?.stringValue ?? "") {
                    #expect(listed["image"] == .null, "character \(listed["id"] ?? nil) has one image, null everywhere")
                }
            }
        }
    }

    @Test func variantsDifferFromThePageOnlyWhereTheySay() throws {
        let lastRow = StrictFixture.Size(scale: 1).results - 1
        let countNull = StrictFixture.response(.infoCountNull)
        #expect(countNull["data"]?["characters"]?["info"]?["count"] == .null)
        #expect(countNull["errors"] == nil)

        let countError = StrictFixture.response(.infoCountError)
        #expect(countError["errors"]?.elements?.map { $0["path"] } == [["characters", "info", "count"]])

        let nameNull = StrictFixture.response(.resultNameNull)
        #expect(nameNull["data"]?["characters"]?["results"]?[lastRow]?["name"] == .null)
        #expect(nameNull["data"]?["characters"]?["results"]?[0]?["name"] == "Rick Sanchez")
        #expect(nameNull["errors"] == nil)

        let nameError = StrictFixture.response(.resultNameError)
        #expect(nameError["errors"]?.elements?.map { $0["path"] } == [["characters", "results", .int(lastRow), "name"]])

        let page = StrictFixture.response()
        for variant in StrictFixture.Variant.allCases {
            let counter = FixtureRecordCounter(response: StrictFixture.response(variant))
            #expect(counter.recordCount == StrictFixture.Size(scale: 1).recordCount, "variant \(variant) keeps the page's records")
            #expect((variant == .page) == (StrictFixture.response(variant) == page))
        }
    }

    @Test func splitMixMatchesItsPublishedSequence() {
        // The first outputs of SplitMix64 seeded with 0, as in the reference implementation.
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }
}
