import Foundation
import JSON
import Testing
@testable import Workloads

/// The committed `spec/` directory: in step with the generator, and readable by the loader.
///
/// `REGENERATE_SPEC=1 swift test --filter FixtureSpec` rewrites the generated files instead of
/// comparing them, after a deliberate change to the generator. The suite runs its tests one at a time,
/// in order, so that a regenerating run writes the files before the other tests read them.
@Suite(.serialized)
struct FixtureSpecTests {
    static let specDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("spec", isDirectory: true)

    static let regenerating = ProcessInfo.processInfo.environment["REGENERATE_SPEC"] == "1"

    @Test func committedStrictFilesAreWhatTheGeneratorWritesAtScaleOne() throws {
        for file in StrictFixture.specFiles() {
            let url = Self.specDirectory.appendingPathComponent(file.path)
            if Self.regenerating {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
                continue
            }
            let committed = try #require(
                FileManager.default.contents(atPath: url.path),
                "spec/\(file.path) is missing; run REGENERATE_SPEC=1 swift test --filter FixtureSpec")
            // Compared outside `#expect`, which would print both files' bytes on a mismatch.
            let firstDifference = Self.firstDifferingLine(Array(committed), file.bytes)
            #expect(
                firstDifference == nil,
                """
                spec/\(file.path) differs from the generator at \(firstDifference ?? ""); after a deliberate \
                change run REGENERATE_SPEC=1 swift test --filter FixtureSpec
                """)
        }
    }

    /// "line N: committed `...`, generated `...`" for the first line two texts differ on, or nil.
    private static func firstDifferingLine(_ committed: [UInt8], _ generated: [UInt8]) -> String? {
        guard committed != generated else { return nil }
        let committedLines = committed.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let generatedLines = generated.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let index = zip(committedLines, generatedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(committedLines.count, generatedLines.count)
        func line(_ lines: [ArraySlice<UInt8>]) -> String {
            index < lines.count ? String(decoding: lines[index].prefix(160), as: UTF8.self) : "<end of file>"
        }
        return "line \(index + 1): committed `\(line(committedLines))`, generated `\(line(generatedLines))`"
    }

    @Test func noStaleResponseFilesBesideTheGeneratedOnes() throws {
        let responses = Self.specDirectory.appendingPathComponent("\(StrictFixture.directoryName)/responses")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: responses.path).sorted()
        #expect(onDisk == StrictFixture.Variant.allCases.map(\.fileName).sorted())
    }

    @Test func everyJSONFileUnderSpecParses() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.specDirectory.path))
        var parsed = 0
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            let path = Self.specDirectory.appendingPathComponent(relative).path
            let data = try #require(FileManager.default.contents(atPath: path))
            #expect(throws: Never.self, "spec/\(relative)") { try JSONValue.parse(data) }
            parsed += 1
        }
        #expect(parsed >= 17, "found only \(parsed) JSON files under spec/")
    }

    @Test func everyFixtureDirectoryLoads() throws {
        let fixtures = try Fixture.loadAll(in: Self.specDirectory)
        #expect(fixtures.map(\.name) == [
            "aliases-and-arguments", "characters-page", "errors-under-null-parent", "list-with-null-element",
            "union-inline-fragments", "unplaced-errors",
        ])
        let page = try #require(fixtures.first { $0.name == StrictFixture.directoryName })
        #expect(page.operationSources.map(\.fileName) == [
            "CharactersPage.graphql", "CharactersPagePlain.graphql", "CharactersPageQuery.graphql",
            "CharactersPageRequiredStopsBelow.graphql",
            "CharactersPageRequiredToRoot.graphql", "CharactersPageSpreads.graphql",
        ])
        #expect(page.loadedResponse.name == StrictFixture.Variant.page.rawValue)
        #expect(page.loadedResponse.value == StrictFixture.response())
        #expect(page.variables == StrictFixture.variables)
    }

    @Test func theLibraryFindsTheSameSpecDirectory() {
        #expect(Fixture.bundledSpecDirectory.standardizedFileURL == Self.specDirectory.standardizedFileURL)
    }

    @Test func aMalformedFixtureFileIsNamedInTheError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("responses"), withIntermediateDirectories: true)
        try Data("query Q { a }".utf8).write(to: directory.appendingPathComponent("Q.graphql"))
        try Data("{\"data\": {\"a\": }".utf8).write(to: directory.appendingPathComponent("responses/0.json"))
        let error = try #require(throws: FixtureError.self) { try Fixture.load(from: directory) }
        #expect(error.description.hasSuffix(
            "responses/0.json:1:16: expected a JSON value, found '}'"))
    }

    // MARK: - The small semantic fixtures say what their comments say

    private func response(_ fixture: String) throws -> JSONValue {
        try Fixture.load(from: Self.specDirectory.appendingPathComponent(fixture)).loadedResponse.value
    }

    @Test func listWithNullElementHasItsNullInTheMiddle() throws {
        let list = try #require(try response("list-with-null-element")["data"]?["charactersByIds"]?.elements)
        #expect(list.map(\.isNull) == [false, true, false])
    }

    @Test func unplacedErrorsLandOnNoField() throws {
        let value = try response("unplaced-errors")
        let errors = try #require(value["errors"]?.elements)
        #expect(errors.count == 2)
        for error in errors {
            guard let path = error["path"]?.elements else { continue }
            #expect(resolve(path, in: value["data"]) == nil, "\(path) must not land in the data")
        }
    }

    @Test func childErrorsUnderANullParentRunPastTheNull() throws {
        let value = try response("errors-under-null-parent")
        #expect(value["data"]?["character"]?["location"] == .null)
        for error in try #require(value["errors"]?.elements) {
            let path = try #require(error["path"]?.elements)
            #expect(Array(path.prefix(2)) == ["character", "location"])
        }
    }

    @Test func unionElementsCarryTheirTypename() throws {
        let elements = try #require(try response("union-inline-fragments")["data"]?["search"]?.elements)
        #expect(elements.map { $0["__typename"] } == ["Character", "Location", "Episode"])
    }

    /// The value a response path names in `data`, or nil when the path runs off it.
    private func resolve(_ path: [JSONValue], in data: JSONValue?) -> JSONValue? {
        path.reduce(data) { value, step in
            switch step {
            case .string(let key): value?[key]
            case .int(let index): value?[index]
            default: nil
            }
        }
    }
}
