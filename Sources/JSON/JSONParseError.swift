/// Why a JSON text could not be read, and where.
///
/// `line` and `column` are 1-based. `column` counts Unicode scalars from the start of the line, as
/// `ParseError` does for GraphQL, so a tab, an `é` and a `😀` are one column each; lines end at `\n`,
/// `\r\n` or `\r`. A UTF-8 byte order mark at the start is not a column. Callers print the error as
/// compilers do, `file:line:column: reason` (see `description(file:)`), so one format points into
/// every file the bench reads.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The zero-based byte offset of the problem.
    public var offset: Int
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem, in Unicode scalars.
    public var column: Int
    /// What was wrong, e.g. `expected ':' after the member name 'id'`.
    public var reason: String

    /// Creates an error at a position.
    public init(offset: Int, line: Int, column: Int, reason: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// The error without a file name: `line:column: reason`.
    public var description: String { "\(line):\(column): \(reason)" }

    /// The error as the one line a user sees: `file:line:column: reason`.
    ///
    /// - Parameter file: the path the text was read from, as the user gave it.
    public func description(file: String) -> String { "\(file):\(line):\(column): \(reason)" }
}
