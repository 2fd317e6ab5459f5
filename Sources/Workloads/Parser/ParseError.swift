/// A GraphQL document that could not be parsed, with the place where parsing stopped.
///
/// `line` and `column` are 1-based. `column` counts Unicode scalars from the start of the line, so a
/// tab, an `é` and a `😀` are one column each. Lines end at `\n`, `\r\n` or `\r`, as GraphQL's
/// `LineTerminator` does.
public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name given to the parser, as given.
    public var file: String
    /// The 1-based line of the offending token or character.
    public var line: Int
    /// The 1-based column, in Unicode scalars, of the offending token or character.
    public var column: Int
    /// What went wrong, on one line: usually `expected X, found Y`.
    public var message: String

    /// Creates a parse error.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error on one line, as compilers write it: `file:line:column: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
