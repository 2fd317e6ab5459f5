/// One token of SDL text, with where it starts.
struct SDLToken: Equatable {
    enum Kind: Equatable {
        case name
        /// `{ } ( ) [ ] : = ! & | @ $` and `...`.
        case punctuator
        /// A string or block string; `text` is its value, escapes resolved.
        case string
        case int
        case float
        case end
    }

    var kind: Kind
    var text: String
    var line: Int
    var column: Int

    /// The token as an error message shows it.
    var quoted: String {
        switch kind {
        case .end: return "end of input"
        case .string: return "a string"
        case .name, .punctuator, .int, .float: return "'\(text)'"
        }
    }
}

/// Splits SDL text into tokens: GraphQL's lexical grammar, with commas, comments and a byte-order
/// mark skipped as the spec's ignored tokens.
///
/// Self-contained on purpose: the document parser has its own lexer, written concurrently, and the
/// schema reader must not move when it does. Columns are counted in UTF-8 bytes, as the JSON
/// reader counts them.
struct SDLTokenizer {
    // Internal rather than private: the string readers live in `SDLTokenizer+Strings.swift`.
    let bytes: [UInt8]
    var position = 0
    var line = 1
    var lineStart = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    /// Every token of the text, ending with one `.end` token.
    /// - Throws: `SDLSyntaxError` at the first character that starts no token.
    static func tokenize(_ text: String) throws(SDLSyntaxError) -> [SDLToken] {
        var tokenizer = SDLTokenizer(text)
        var tokens: [SDLToken] = []
        while true {
            let token = try tokenizer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    var column: Int { position - lineStart + 1 }

    private mutating func next() throws(SDLSyntaxError) -> SDLToken {
        skipIgnored()
        let (startLine, startColumn) = (line, column)
        func token(_ kind: SDLToken.Kind, _ text: String) -> SDLToken {
            SDLToken(kind: kind, text: text, line: startLine, column: startColumn)
        }
        guard position < bytes.count else { return token(.end, "") }
        let first = bytes[position]
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "@"), UInt8(ascii: "$"):
            position += 1
            return token(.punctuator, String(UnicodeScalar(first)))
        case UInt8(ascii: "."):
            guard byte(at: position + 1) == UInt8(ascii: "."), byte(at: position + 2) == UInt8(ascii: ".") else {
                throw error("expected '...'")
            }
            position += 3
            return token(.punctuator, "...")
        case UInt8(ascii: "\""):
            if byte(at: position + 1) == UInt8(ascii: "\""), byte(at: position + 2) == UInt8(ascii: "\"") {
                return token(.string, try readBlockString())
            }
            return token(.string, try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (isFloat, text) = try readNumber()
            return token(isFloat ? .float : .int, text)
        default:
            guard Self.isNameStart(first) else { throw error("unexpected character \(describe(first))") }
            let start = position
            while position < bytes.count, Self.isNameContinue(bytes[position]) { position += 1 }
            return token(.name, String(decoding: bytes[start..<position], as: UTF8.self))
        }
    }

    // MARK: - Ignored tokens

    private mutating func skipIgnored() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                newline()
            case UInt8(ascii: "#"):
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n"), bytes[position] != UInt8(ascii: "\r") {
                    position += 1
                }
            case 0xEF where byte(at: position + 1) == 0xBB && byte(at: position + 2) == 0xBF:
                position += 3
            default:
                return
            }
        }
    }

    /// Steps over one line terminator, `\r\n` counting once.
    mutating func newline() {
        if bytes[position] == UInt8(ascii: "\r"), byte(at: position + 1) == UInt8(ascii: "\n") { position += 1 }
        position += 1
        line += 1
        lineStart = position
    }

    // MARK: - Numbers

    private mutating func readNumber() throws(SDLSyntaxError) -> (isFloat: Bool, text: String) {
        let start = position
        var isFloat = false
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard let first = byte(at: position), Self.isDigit(first) else { throw error("expected a digit after '-'") }
        if first == UInt8(ascii: "0"), let after = byte(at: position + 1), Self.isDigit(after) {
            throw error("a number must not start with 0")
        }
        skipDigits()
        if byte(at: position) == UInt8(ascii: ".") {
            isFloat = true
            position += 1
            guard let digit = byte(at: position), Self.isDigit(digit) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if let marker = byte(at: position), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            isFloat = true
            position += 1
            if let sign = byte(at: position), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard let digit = byte(at: position), Self.isDigit(digit) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        if let after = byte(at: position), after == UInt8(ascii: ".") || Self.isNameStart(after) {
            throw error("unexpected character \(describe(after)) after a number")
        }
        return (isFloat, String(decoding: bytes[start..<position], as: UTF8.self))
    }

    private mutating func skipDigits() {
        while let digit = byte(at: position), Self.isDigit(digit) { position += 1 }
    }

    // MARK: - Helpers shared with the string readers

    func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    func error(_ message: String) -> SDLSyntaxError {
        SDLSyntaxError(line: line, column: column, message: message)
    }

    func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(UnicodeScalar(byte))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    static func isNameStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isNameContinue(_ byte: UInt8) -> Bool { isNameStart(byte) || isDigit(byte) }
}

/// A problem in SDL text, before the file name is known: where, and what was expected.
struct SDLSyntaxError: Error {
    var line: Int
    var column: Int
    var message: String
}
