import Foundation
import JSON

/// One fixture directory under `spec/`, read from disk: operation documents, variables, and recorded
/// responses.
///
/// The layout (`spec/README.md` is the user's copy of this):
///
/// ```text
/// spec/<fixture>/
///   *.graphql          one or more documents; every operation in them is answered by the responses
///   variables.json     a JSON object; absent means {}
///   responses/*.json   {"data": ..., "errors": [...]}; the first in sorted order is the one loaded,
///                      the others are variants
/// ```
///
/// Operation text is returned as written; parsing it is the document parser's job.
public struct Fixture: Sendable {
    /// A `.graphql` file of the fixture.
    public struct OperationSource: Sendable {
        /// The file's name, e.g. `CharactersPage.graphql`.
        public var fileName: String
        /// The document's text.
        public var text: String
    }

    /// A recorded response of the fixture.
    public struct Response: Sendable {
        /// The file's name without `.json`, e.g. `0-page`.
        public var name: String
        /// The parsed response, members in the order written.
        public var value: JSONValue
    }

    /// The directory's name, e.g. `characters-page`.
    public var name: String
    /// The operation documents, sorted by file name.
    public var operationSources: [OperationSource]
    /// The variables, a JSON object.
    public var variables: JSONValue
    /// The responses, sorted by file name; never empty.
    public var responses: [Response]

    /// The response loaded into the store by default: the first in sorted order.
    public var loadedResponse: Response { responses[0] }

    /// The response called `name` (its file name without `.json`).
    public func response(named name: String) -> Response? {
        responses.first { $0.name == name }
    }

    /// Reads a fixture directory.
    ///
    /// - Throws: `FixtureError` naming the file, when a document or response is missing, a file
    ///   cannot be read, or a JSON file does not parse.
    public static func load(from directory: URL) throws(FixtureError) -> Fixture {
        let name = directory.lastPathComponent
        let operationFiles = try files(in: directory, withExtension: "graphql")
        guard !operationFiles.isEmpty else { throw FixtureError(path: directory.path, reason: "no .graphql document") }
        let operationSources = try operationFiles.map { file throws(FixtureError) in
            OperationSource(fileName: file.lastPathComponent, text: try readText(file))
        }

        let variablesFile = directory.appendingPathComponent("variables.json")
        var variables = JSONValue.object([:])
        if FileManager.default.fileExists(atPath: variablesFile.path) {
            variables = try readJSON(variablesFile)
            guard variables.members != nil else {
                throw FixtureError(path: variablesFile.path, reason: "variables must be a JSON object")
            }
        }

        let responseFiles = try files(in: directory.appendingPathComponent("responses"), withExtension: "json")
        guard !responseFiles.isEmpty else { throw FixtureError(path: directory.path, reason: "no responses/*.json") }
        let responses = try responseFiles.map { file throws(FixtureError) in
            Response(name: file.deletingPathExtension().lastPathComponent, value: try readJSON(file))
        }
        return Fixture(name: name, operationSources: operationSources, variables: variables, responses: responses)
    }

    /// Reads every fixture under a `spec/` directory: each subdirectory that holds a `.graphql` file,
    /// in sorted order.
    public static func loadAll(in specDirectory: URL) throws(FixtureError) -> [Fixture] {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: specDirectory.path)
        } catch {
            throw FixtureError(path: specDirectory.path, reason: "cannot list: \(error.localizedDescription)")
        }
        var fixtures: [Fixture] = []
        for entry in entries.sorted() {
            let directory = specDirectory.appendingPathComponent(entry, isDirectory: true)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue,
                try !files(in: directory, withExtension: "graphql").isEmpty
            else { continue }
            fixtures.append(try load(from: directory))
        }
        return fixtures
    }

    /// The `spec/` directory of the source tree this library was built from.
    ///
    /// Found from this file's path at build time, so it holds for `swift test` and `swift run` in a
    /// checkout, not for a binary copied elsewhere, which should be given the directory instead.
    public static var bundledSpecDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Fixtures
            .deletingLastPathComponent()  // Workloads
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()
            .appendingPathComponent("spec", isDirectory: true)
    }

    // MARK: - Files

    private static func files(in directory: URL, withExtension pathExtension: String) throws(FixtureError) -> [URL] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix("." + pathExtension) }
                .sorted()
                .map { directory.appendingPathComponent($0) }
        } catch {
            throw FixtureError(path: directory.path, reason: "cannot list: \(error.localizedDescription)")
        }
    }

    private static func readData(_ file: URL) throws(FixtureError) -> Data {
        do {
            return try Data(contentsOf: file)
        } catch {
            throw FixtureError(path: file.path, reason: "cannot read: \(error.localizedDescription)")
        }
    }

    private static func readText(_ file: URL) throws(FixtureError) -> String {
        let data = try readData(file)
        guard let text = String(data: data, encoding: .utf8) else {
            throw FixtureError(path: file.path, reason: "not UTF-8 text")
        }
        return text
    }

    private static func readJSON(_ file: URL) throws(FixtureError) -> JSONValue {
        let data = try readData(file)
        do {
            return try JSONValue.parse(data)
        } catch {
            throw FixtureError(path: "\(file.path):\(error.line):\(error.column)", reason: error.reason)
        }
    }
}

/// Why a fixture directory could not be read: the file, and what was wrong with it, on one line.
public struct FixtureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or directory at fault; for a JSON syntax error, `file:line:column`, as compilers
    /// write a position.
    public var path: String
    /// What was wrong.
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}
