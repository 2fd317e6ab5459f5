import JSON

/// The text being parsed, as UTF-8 bytes, with the file name that error positions are reported in.
///
/// Positions are kept as byte offsets while parsing; a line and column are only worked out when an
/// error is made, so a successful parse never pays for them.
struct Source {
    /// The document's UTF-8 bytes.
    let bytes: [UInt8]
    /// The name errors are reported in.
    let file: String

    init(_ text: String, file: String) {
        self.bytes = Array(text.utf8)
        self.file = file
    }

    /// The 1-based line and column of `offset`, the column counted in Unicode scalars.
    func location(of offset: Int) -> (line: Int, column: Int) {
        ParseError.location(of: offset, in: bytes)
    }

    /// An error at `offset` with `message`.
    func error(at offset: Int, _ message: String) -> ParseError {
        ParseError(file: file, message, at: offset, in: bytes)
    }

    /// The bytes `start..<end` as a string.
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether the name token `token` is spelled `word`, compared without making a string.
    func token(_ token: Token, is word: StaticString) -> Bool {
        guard token.kind == .name, token.end - token.start == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { buffer in
            for index in 0..<buffer.count where bytes[token.start + index] != buffer[index] { return false }
            return true
        }
    }

    /// How an error message names `token`: `'{'`, `name 'id'`, `int '12'`, `string`, `end of input`.
    ///
    /// String contents are left out: they may span lines, and a message is one line.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .name, .int, .float:
            return "\(token.kind.spelling) '\(Self.clipped(text(token.start, token.end)))'"
        default:
            return token.kind.spelling
        }
    }

    /// How an error message names the character at `offset`: `'a'`, `U+0007`, `end of line`.
    func describeCharacter(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return "end of line" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return Self.codePoint(scalar(at: offset).value)
    }

    /// The Unicode scalar whose UTF-8 encoding starts at `offset`; U+FFFD if none does.
    func scalar(at offset: Int) -> Unicode.Scalar {
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard offset + length <= bytes.count else { return "\u{FFFD}" }
        var iterator = bytes[offset..<offset + length].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }

    /// `U+0007`: a code point as the Unicode standard writes it, at least four hex digits.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` cut to a length that keeps a message readable.
    private static func clipped(_ text: String) -> String {
        text.unicodeScalars.count <= 40 ? text : String(text.unicodeScalars.prefix(40)) + "..."
    }
}
