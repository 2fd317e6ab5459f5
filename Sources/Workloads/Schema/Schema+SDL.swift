import Foundation

extension Schema {
    /// Reads a schema from SDL text.
    ///
    /// The subset read: `type`, `interface`, `union`, `enum`, `scalar`, `input`, `implements A & B`,
    /// field arguments with defaults, descriptions (strings and block strings), `#` comments, an
    /// optional `schema { query: ... }`, and `directive` definitions and directives, which are read and
    /// dropped. Every type a definition names must be defined, with a kind that fits its use.
    ///
    /// - Parameters:
    ///   - text: the SDL.
    ///   - file: the name errors are reported against, e.g. `spec/schema.graphql`.
    /// - Throws: `SchemaError` at the first problem; any input gives a schema or an error, never a trap.
    public static func parse(_ text: String, file: String) throws(SchemaError) -> Schema {
        do {
            return try SDLReader.read(text)
        } catch {
            throw SchemaError(file: file, line: error.line, column: error.column, message: error.message)
        }
    }

    /// Reads a schema from an SDL file.
    ///
    /// - Throws: `SchemaError` at line 0 when the file cannot be read, else as `parse(_:file:)`.
    public static func load(from url: URL) throws(SchemaError) -> Schema {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw SchemaError(file: url.path, line: 0, column: 0, message: "cannot read: \(error.localizedDescription)")
        }
        return try parse(text, file: url.path)
    }

    /// The schema every fixture under `spec/` is written against, `spec/schema.graphql`.
    public static func loadBundled() throws(SchemaError) -> Schema {
        try load(from: Fixture.bundledSpecDirectory.appendingPathComponent("schema.graphql"))
    }
}

/// Why SDL text could not be read as a schema, on one line: `schema.graphql:12:9: expected ':' ...`.
public struct SchemaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as given to the reader.
    public var file: String
    /// The one-based line of the problem; 0 when the file could not be read at all.
    public var line: Int
    /// The one-based column of the problem, counted in UTF-8 bytes.
    public var column: Int
    /// What was expected, or what is wrong.
    public var message: String

    /// Creates a schema error.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
