import Foundation
import JSON

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
    /// - Throws: `ParseError` at the first problem, placed and worded as the document parser's are; any
    ///   input gives a schema or an error, never a trap.
    public static func parse(_ text: String, file: String) throws(ParseError) -> Schema {
        try SDLReader.read(text, file: file)
    }

    /// Reads a schema from an SDL file.
    ///
    /// - Throws: `ParseError` at line 0 when the file cannot be read, else as `parse(_:file:)`.
    public static func load(from url: URL) throws(ParseError) -> Schema {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ParseError(file: url.path, offset: 0, line: 0, column: 0, reason: "cannot read: \(error.localizedDescription)")
        }
        return try parse(text, file: url.path)
    }

    /// The schema every fixture under `spec/` is written against, `spec/schema.graphql`.
    public static func loadBundled() throws(ParseError) -> Schema {
        try load(from: Fixture.bundledSpecDirectory.appendingPathComponent("schema.graphql"))
    }
}
