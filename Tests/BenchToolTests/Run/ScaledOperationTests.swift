@testable import BenchTool
import Foundation
import JSON
import Testing
import Workloads

/// Where the fixture-size curve's points come from: the generator for the bundled page, the judged
/// fixture scaled for someone's own, the generator said to be another fixture, or none.
struct ScaledOperationTests {
    /// A spec of the bundled `characters-page` operations over `response` alone, in a new directory the
    /// test that asks for it removes.
    private func charactersPageSpec(answering response: JSONValue) throws -> URL {
        let bundled = Fixture.bundledSpecDirectory
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString)")
        let fixture = root.appendingPathComponent(StrictFixture.directoryName)
        try FileManager.default.createDirectory(at: fixture.appendingPathComponent("responses"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: bundled.appendingPathComponent("schema.graphql"), to: root.appendingPathComponent("schema.graphql"))
        let source = bundled.appendingPathComponent(StrictFixture.directoryName)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".graphql") || name == "variables.json" {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: fixture.appendingPathComponent(name))
        }
        try Data(response.serialized(.readable)).write(to: fixture.appendingPathComponent("responses/0-page.json"))
        return root
    }

    private func scaled(_ subjects: BenchSubjects, _ scale: Double) throws -> ScaledOperation {
        try subjects.scaledLargestStrict(scale).get()
    }

    @Test(arguments: StrictFixture.benchScales)
    func theBundledPageIsScaledByTheGeneratorAsBefore(scale: Double) throws {
        let scaled = try scaled(BenchSubjects(specDirectory: Fixture.bundledSpecDirectory), scale)
        #expect(scaled.scaling == ScalingRecord(source: .bundledGenerator))
        #expect(scaled.picked.records == StrictFixture.Size(scale: scale).recordCount, "the generator's own size at \(scale)")
    }

    @Test func anotherPageIsItselfCutOrRepeatedWithFreshIDs() throws {
        let judged = StrictFixture.response(scale: 0.25)
        let spec = try charactersPageSpec(answering: judged)
        defer { try? FileManager.default.removeItem(at: spec) }
        let subjects = try BenchSubjects(specDirectory: spec)
        let rows = try #require(judged["data"]?["characters"]?["results"]?.elements?.count)
        let one = try scaled(subjects, 1)
        #expect(one.scaling == ScalingRecord(source: .judgedFixture, detail: "characters.results"))
        #expect(one.picked.records == subjects.largestStrict.records, "scale 1 is the judged response itself")
        #expect(one.picked.slotsWalked == subjects.largestStrict.slotsWalked)

        let doubled = try scaled(subjects, 2)
        // The root, the connection and its info are outside the list; everything else is there twice.
        #expect(doubled.picked.records - 3 == 2 * (one.picked.records - 3), "repeated rows are new records")
        #expect(doubled.picked.slotsWalked > one.picked.slotsWalked)
        let halved = try scaled(subjects, 0.5)
        #expect(halved.picked.records < one.picked.records && halved.picked.slotsWalked < one.picked.slotsWalked)
        #expect(resultRows(doubled) == 2 * rows && resultRows(halved) == Int((Double(rows) * 0.5).rounded()))
        #expect(try scaled(subjects, 2).picked.response == doubled.picked.response, "deterministic")
    }

    @Test func aPageWithNothingToScaleFallsBackToTheGeneratorAndSaysSo() throws {
        // An empty result list: the response fits the operation, with no row to cut or repeat.
        let empty = try JSONValue.parse(#"{"data": {"characters": {"info": {"count": 0, "pages": 0, "next": null, "prev": null}, "results": []}}}"#)
        let spec = try charactersPageSpec(answering: empty)
        defer { try? FileManager.default.removeItem(at: spec) }
        let subjects = try BenchSubjects(specDirectory: spec)
        let scaled = try scaled(subjects, 2)
        #expect(scaled.scaling.source == .generatedFixture)
        #expect(scaled.scaling.detail == "CharactersPage: its response cannot be scaled: its data holds no list of objects to cut or repeat")
        #expect(scaled.picked.records == StrictFixture.Size(scale: 2).recordCount)
        let suite = Suite(subjects: subjects)
        #expect(suite.scaling.line == "fixture-size points: generated fixture, not the judged one: " + (scaled.scaling.detail ?? ""))
    }

    @Test func aSpecNeitherScaledNorGeneratedHasNoCurveAndSaysWhy() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "schema.graphql": "type Query { character(id: ID!): Character }\ntype Character { id: ID! name: String }",
            "one/One.graphql": #"query One @throwOnFieldError { character(id: "1") { id name } }"#,
            "one/responses/0.json": #"{"data": {"character": {"id": "1", "name": "Rick"}}}"#,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let suite = Suite(subjects: try BenchSubjects(specDirectory: root))
        #expect(suite.scaling.source == .notMeasured)
        #expect(suite.scaling.detail?.hasPrefix("One: its response cannot be scaled: its data holds no list of objects to cut or repeat; and it does not select the generated fixture's shape: ") == true, "\(suite.scaling)")
        #expect(!suite.measurements.contains { $0.curve?.name == Suite.fixtureSizeCurve })
        #expect(suite.scaling(measured: []) == suite.scaling, "not measured is said even when nothing ran")
    }

    @Test func aFileHoldsTheSourceOnlyWhenItHoldsAPoint() throws {
        let suite = Suite(subjects: try BenchSubjects(specDirectory: Fixture.bundledSpecDirectory))
        let point = try #require(suite.measurements.first { $0.curve?.name == Suite.fixtureSizeCurve })
        let other = try #require(suite.measurements.first { $0.curve == nil })
        #expect(suite.scaling(measured: [other.name, point.name]) == ScalingRecord(source: .bundledGenerator))
        #expect(suite.scaling(measured: [other.name]) == nil, "a filter left the curve out")
    }

    private func resultRows(_ scaled: ScaledOperation) -> Int {
        scaled.picked.response.records.first { $0.id == "client:root:characters(page:1)" }?.fields
            .first { $0.storageKey == "results" }.map { field in
                if case .links(let links) = field.value { return links.count }
                return 0
            } ?? 0
    }
}
