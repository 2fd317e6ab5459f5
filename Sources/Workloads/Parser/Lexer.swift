import JSON

/// Splits GraphQL text, a document or a schema, into tokens, skipping the ignored ones: the one GraphQL lexer.
///
/// The lexer follows the lexical grammar of the GraphQL specification (current draft): names,
/// punctuators, int and float literals, strings and block strings. White space, line terminators,
/// commas, comments and byte order marks separate tokens and are otherwise dropped. Inside strings and
/// comments any Unicode scalar is accepted, as the draft's `SourceCharacter` is.
struct Lexer {
    /// The document being read.
    let source: Source
    /// The same bytes as `source.bytes`, kept here so the hot loops index a local array.
    let bytes: [UInt8]
    /// The offset of the next byte to read.
    var position = 0

    init(_ source: Source) {
        self.source = source
        self.bytes = source.bytes
    }

    /// Reads the next token; at the end of the input, returns an `.end` token every time it is asked.
    ///
    /// - Throws: `ParseError` for a character no token can start with, or a malformed number or string.
    mutating func next() throws(ParseError) -> Token {
        skipIgnored()
        let start = position
        guard start < bytes.count else { return Token(kind: .end, start: start, end: start) }
        let first = bytes[start]
        if let kind = Self.punctuator(first) {
            position += 1
            return Token(kind: kind, start: start, end: position)
        }
        switch first {
        case UInt8(ascii: "."):
            guard byte(at: start + 1) == UInt8(ascii: "."), byte(at: start + 2) == UInt8(ascii: ".") else {
                let found = byte(at: start + 1) == UInt8(ascii: ".") ? "'..'" : "'.'"
                throw source.error(at: start, "expected '...', found \(found)")
            }
            position += 3
            return Token(kind: .spread, start: start, end: position)
        case UInt8(ascii: "\""):
            if byte(at: start + 1) == UInt8(ascii: "\""), byte(at: start + 2) == UInt8(ascii: "\"") {
                return try blockString()
            }
            return try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        default:
            guard Self.isNameStart(first) else {
                throw source.error(at: start, "unexpected character \(source.describeCharacter(at: start))")
            }
            position += 1
            while position < bytes.count, Self.isNameContinue(bytes[position]) { position += 1 }
            return Token(kind: .name, start: start, end: position)
        }
    }

    // MARK: - Ignored tokens

    /// Moves past white space, line terminators, commas, comments and byte order marks.
    private mutating func skipIgnored() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "#"):
                // A comment runs to the end of the line; the line terminator itself is skipped above.
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n"), bytes[position] != UInt8(ascii: "\r") {
                    position += 1
                }
            case 0xEF where byte(at: position + 1) == 0xBB && byte(at: position + 2) == 0xBF:
                // U+FEFF, the byte order mark, is an ignored token wherever it appears.
                position += 3
            default:
                return
            }
        }
    }

    // MARK: - Numbers

    /// Reads an int or float literal starting at `position`.
    ///
    /// A number may not be followed directly by a digit, a `.` or a name start: `0x1F`, `1.2.3` and
    /// `12ab` are errors, as the specification's lookahead restriction requires.
    private mutating func number() throws(ParseError) -> Token {
        let start = position
        var isFloat = false
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard isDigit(at: position) else {
            throw source.error(at: position, "expected digit after '-', found \(source.describeCharacter(at: position))")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(at: position) {
                throw source.error(at: position, "expected '.', 'e' or end of number after leading '0', found \(source.describeCharacter(at: position))")
            }
        } else {
            skipDigits()
        }
        if byte(at: position) == UInt8(ascii: ".") {
            isFloat = true
            position += 1
            guard isDigit(at: position) else {
                throw source.error(at: position, "expected digit after '.' in number, found \(source.describeCharacter(at: position))")
            }
            skipDigits()
        }
        if byte(at: position) == UInt8(ascii: "e") || byte(at: position) == UInt8(ascii: "E") {
            isFloat = true
            position += 1
            if byte(at: position) == UInt8(ascii: "+") || byte(at: position) == UInt8(ascii: "-") { position += 1 }
            guard isDigit(at: position) else {
                throw source.error(at: position, "expected digit in exponent, found \(source.describeCharacter(at: position))")
            }
            skipDigits()
        }
        if let next = byte(at: position), next == UInt8(ascii: ".") || Self.isNameStart(next) {
            let number = source.text(start, position)
            throw source.error(at: position, "expected white space or punctuator after number '\(number)', found \(source.describeCharacter(at: position))")
        }
        return Token(kind: isFloat ? .float : .int, start: start, end: position)
    }

    private mutating func skipDigits() {
        while isDigit(at: position) { position += 1 }
    }

    // MARK: - Bytes

    /// The byte at `offset`, or nil past the end.
    func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private func isDigit(at offset: Int) -> Bool {
        guard let byte = byte(at: offset) else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    static func isNameContinue(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The single-byte punctuator `byte` spells, if any; `...` is read separately.
    private static func punctuator(_ byte: UInt8) -> Token.Kind? {
        switch byte {
        case UInt8(ascii: "!"): return .bang
        case UInt8(ascii: "$"): return .dollar
        case UInt8(ascii: "&"): return .ampersand
        case UInt8(ascii: "("): return .leftParen
        case UInt8(ascii: ")"): return .rightParen
        case UInt8(ascii: ":"): return .colon
        case UInt8(ascii: "="): return .equals
        case UInt8(ascii: "@"): return .at
        case UInt8(ascii: "["): return .leftBracket
        case UInt8(ascii: "]"): return .rightBracket
        case UInt8(ascii: "{"): return .leftBrace
        case UInt8(ascii: "|"): return .pipe
        case UInt8(ascii: "}"): return .rightBrace
        default: return nil
        }
    }
}
