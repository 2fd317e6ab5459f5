import Foundation
import Runtime

/// A directory of fixtures (`spec/`, or the one `--spec` names) read whole: every fixture with its
/// documents parsed, and the schema beside them.
///
/// Reading stops at the first file that does not parse, with that file's position; nothing is
/// picked from a directory that is only partly understood.
public struct LoadedFixtureDirectory: Sendable {
    /// The directory read.
    public let directory: URL
    /// The schema, from `schema.graphql` in the directory, when there is one.
    public let schema: Schema?
    /// Every fixture, in directory order.
    public let fixtures: [LoadedFixture]
    /// One line for each recorded error whose path names a root field its response's data does not
    /// hold (`ErrorPaths.Finding.rootFieldNotHeld`): such an error is counted as unplaced, which the
    /// spec says as it loads.
    public let unplacedErrorNotes: [String]

    /// Reads `directory`: `schema.graphql` when present, and every fixture below it.
    ///
    /// - Throws: `FixtureDirectoryError` naming the file (and line and column, for a parse error) that
    ///   failed, the second file defining an operation name already defined, a recorded response one
    ///   of whose error paths names nothing it holds (`ErrorPaths`), or the directory when it is
    ///   missing or a file.
    public static func load(_ directory: URL) throws(FixtureDirectoryError) -> LoadedFixtureDirectory {
        // Said in words here: listing a file or a missing path fails later with a Foundation error number.
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw FixtureDirectoryError("\(directory.path): no such directory; the spec is a directory of fixtures (see spec/README.md)")
        }
        guard isDirectory.boolValue else {
            throw FixtureDirectoryError("\(directory.path): is a file, not a directory; the spec is a directory of fixtures (see spec/README.md)")
        }
        let schemaURL = directory.appendingPathComponent("schema.graphql")
        var schema: Schema?
        if FileManager.default.fileExists(atPath: schemaURL.path) {
            do { schema = try Schema.load(from: schemaURL) } catch { throw FixtureDirectoryError(error.description) }
        }
        let fixtures: [Fixture]
        do { fixtures = try Fixture.loadAll(in: directory) } catch { throw FixtureDirectoryError(error.description) }
        var loaded: [LoadedFixture] = []
        // An operation's name is its subject's name in a results file and in a limit: two of one name
        // would let one silently stand for both.
        var fileByOperation: [String: String] = [:]
        var unplacedErrorNotes: [String] = []
        for fixture in fixtures {
            var documents: [Document] = []
            for source in fixture.operationSources {
                let file = directory.appendingPathComponent(fixture.name).appendingPathComponent(source.fileName).path
                let document: Document
                do { document = try GraphQLParser.parse(source.text, file: file) } catch { throw FixtureDirectoryError(error.description) }
                for name in document.operations.compactMap(\.name) {
                    if let first = fileByOperation[name] {
                        throw FixtureDirectoryError(
                            "\(file): operation '\(name)' is defined in \(first) too; an operation's name must be unique in "
                                + "the spec directory, since results and limits name subjects by it")
                    }
                    fileByOperation[name] = file
                }
                documents.append(document)
            }
            for response in fixture.responses {
                let file = responsePath(directory, fixture, response)
                for finding in ErrorPaths.findings(in: response.value) {
                    switch finding {
                    case .beyondData(let error, let path, let why):
                        throw FixtureDirectoryError(
                            "\(file): errors.\(error).path \(path) names nothing the response holds (\(why)); "
                                + "the normalizer would count the error as unplaced, so fix its path or leave the error out")
                    case .rootFieldNotHeld(let error, let path):
                        unplacedErrorNotes.append(
                            "\(file): errors.\(error).path \(path) names a root field the data does not hold: the error is counted as unplaced")
                    }
                }
            }
            loaded.append(LoadedFixture(fixture: fixture, documents: documents, schema: schema))
        }
        return LoadedFixtureDirectory(directory: directory, schema: schema, fixtures: loaded, unplacedErrorNotes: unplacedErrorNotes)
    }

    /// The file of a fixture's recorded response in this directory, as error lines name it.
    public func responsePath(_ fixture: Fixture, _ response: Fixture.Response) -> String {
        Self.responsePath(directory, fixture, response)
    }

    private static func responsePath(_ directory: URL, _ fixture: Fixture, _ response: Fixture.Response) -> String {
        "\(directory.path)/\(fixture.name)/responses/\(response.name).json"
    }

    /// Every operation of every fixture, with its fixture.
    public var operations: [(fixture: LoadedFixture, operation: Runtime.Operation)] {
        fixtures.flatMap { fixture in fixture.operations.map { (fixture, $0) } }
    }

    /// A new store that knows the schema's abstract types, for this spec's operations.
    public func makeStore() -> Store {
        Store(possibleTypes: schema?.possibleTypesByAbstractType ?? [:])
    }
}

/// A fixture directory that cannot be read or picked from: one line saying what and where.
public struct FixtureDirectoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, and where.
    public let description: String

    /// An error whose whole text is `description`: one line opening with the path at fault, as the loader and
    /// the picker write it.
    public init(_ description: String) { self.description = description }
}
