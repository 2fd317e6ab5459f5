/// Reading a `JSONValue` from text.
extension JSONValue {
    /// Reads one JSON value from UTF-8 text, keeping object members in the order written.
    ///
    /// Strict RFC 8259: no comments, no trailing commas, no duplicate keys (a response with two values
    /// for one field, or a limits file that says a threshold twice, has no single meaning), no invalid
    /// UTF-8. A leading byte order mark is skipped. A number without a fraction or an exponent that
    /// fits in `Int` is `.int`; any other is `.double`. Nesting deeper than `maximumDepth` is refused
    /// rather than allowed to exhaust the stack, so no input can crash the reader.
    ///
    /// - Parameter bytes: the text, e.g. a file's `Data`.
    /// - Throws: `ParseError`, with the position of the first problem.
    public static func parse(_ bytes: some Collection<UInt8>) throws(ParseError) -> JSONValue {
        var reader = JSONReader(bytes: Array(bytes))
        return try reader.readDocument()
    }

    /// Reads one JSON value from a string; see `parse(_:)`.
    public static func parse(_ text: String) throws(ParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// How deeply arrays and objects may nest before `parse(_:)` refuses the input.
    public static let maximumDepth = 512
}
