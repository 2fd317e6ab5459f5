/// A text that could not be read, and where: the one error of the package's readers of JSON, GraphQL
/// documents and GraphQL schemas.
///
/// `line` and `column` are 1-based. `column` counts Unicode scalars from the start of the line, so a
/// tab, an `é` and a `😀` are one column each; lines end at `\n`, `\r\n` or `\r` (JSON's line ends
/// and GraphQL's `LineTerminator` alike). Every reader works out the place with
/// `location(of:in:from:)`, so the three cannot drift apart. Printed, it is one line, as compilers
/// write it: `file:line:column: reason`.
public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file the text came from, as its reader was given it; nil when the reader read bytes
    /// without a name (JSON's), and the caller names the file with `description(file:)`.
    public var file: String?
    /// The zero-based UTF-8 byte offset of the problem.
    public var offset: Int
    /// The 1-based line of the problem; 0 when a file could not be read at all.
    public var line: Int
    /// The 1-based column of the problem, in Unicode scalars; 0 when a file could not be read at all.
    public var column: Int
    /// What was wrong, on one line: usually `expected X, found Y`.
    public var reason: String

    /// Creates an error at a place already worked out.
    public init(file: String? = nil, offset: Int, line: Int, column: Int, reason: String) {
        self.file = file
        self.offset = offset
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// Creates an error at the byte `offset` of `bytes`, working out its line and column.
    ///
    /// - Parameters:
    ///   - start: where the text starts, e.g. after a byte order mark that is not part of it.
    public init(file: String? = nil, _ reason: String, at offset: Int, in bytes: [UInt8], from start: Int = 0) {
        let offset = min(offset, bytes.count)
        let (line, column) = Self.location(of: offset, in: bytes, from: start)
        self.init(file: file, offset: offset, line: line, column: column, reason: reason)
    }

    /// The error on one line: `file:line:column: reason`, or `line:column: reason` without a file.
    public var description: String { "\(file.map { "\($0):" } ?? "")\(line):\(column): \(reason)" }

    /// The error on one line, naming the file its reader was not told: `file:line:column: reason`.
    ///
    /// - Parameter file: the path the text was read from, as the user gave it.
    public func description(file: String) -> String { "\(file):\(line):\(column): \(reason)" }

    /// The 1-based line and column of the byte `offset` of `bytes`, the column in Unicode scalars.
    ///
    /// Positions are kept as byte offsets while reading and turned into a place only here, when an
    /// error is made, so a successful read never pays for them.
    ///
    /// - Complexity: O(`offset` - `start`).
    public static func location(of offset: Int, in bytes: [UInt8], from start: Int = 0) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = start
        let limit = min(offset, bytes.count)
        while index < limit {
            let byte = bytes[index]
            index += 1
            // `\r\n` is one line end: the `\n` ends the line the `\r` would have.
            if byte == 0x0A || (byte == 0x0D && (index == bytes.count || bytes[index] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes belong to the scalar their lead byte already counted.
                column += 1
            }
        }
        return (line, column)
    }
}
