/// A strict RFC 8259 parser that keeps positions and refuses duplicate keys.
struct PositionedJSONParser {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1

    /// Parses one JSON text: a single value, surrounded by nothing but whitespace.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> PositionedJSON {
        var parser = PositionedJSONParser(bytes: bytes)
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw parser.error("unexpected content after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        // A UTF-8 byte order mark is allowed by RFC 8259 parsers to be ignored.
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> PositionedJSON {
        skipWhitespace()
        // Nesting this deep is no limits file; the bound keeps a hostile file from exhausting the stack.
        guard depth < 64 else { throw error("nesting deeper than 64 levels") }
        let start = (line, column)
        func located(_ kind: PositionedJSON.Kind) -> PositionedJSON {
            PositionedJSON(kind: kind, line: start.0, column: start.1)
        }
        guard let byte = peek() else { throw error("expected a JSON value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return located(.object(try parseMembers(depth: depth)))
        case UInt8(ascii: "["): return located(.array(try parseElements(depth: depth)))
        case UInt8(ascii: "\""): return located(.string(try parseString()))
        case UInt8(ascii: "t"): try expectLiteral("true"); return located(.bool(true))
        case UInt8(ascii: "f"): try expectLiteral("false"); return located(.bool(false))
        case UInt8(ascii: "n"): try expectLiteral("null"); return located(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return located(.number(try parseNumber()))
        default: throw error("expected a JSON value, found \(describe(byte))")
        }
    }

    private mutating func parseMembers(depth: Int) throws(JSONSyntaxError) -> [PositionedJSON.Member] {
        advance()
        var members: [PositionedJSON.Member] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { advance(); return members }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let keyError = error("")
            let key = try parseString()
            guard !members.contains(where: { $0.key == key }) else {
                throw JSONSyntaxError(line: keyError.line, column: keyError.column, message: "duplicate key '\(key)'")
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the member name '\(key)'") }
            advance()
            members.append(PositionedJSON.Member(key: key, value: try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"): advance(); return members
            default: throw error("expected ',' or '}' after a member of an object")
            }
        }
    }

    private mutating func parseElements(depth: Int) throws(JSONSyntaxError) -> [PositionedJSON] {
        advance()
        var elements: [PositionedJSON] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { advance(); return elements }
        while true {
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"): advance(); return elements
            default: throw error("expected ',' or ']' after an element of an array")
            }
        }
    }

    // MARK: - Scalars

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        advance()
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                try flush(&run, into: &scalars)
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush(&run, into: &scalars)
                advance()
                scalars.append(try parseEscape())
            case 0..<0x20:
                throw error("control character in a string (escape it)")
            default:
                run.append(byte)
                advance()
            }
        }
    }

    private func flush(_ run: inout [UInt8], into scalars: inout String.UnicodeScalarView) throws(JSONSyntaxError) {
        guard !run.isEmpty else { return }
        guard let text = String(validating: run, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
        scalars.append(contentsOf: text.unicodeScalars)
        run.removeAll(keepingCapacity: true)
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek() else { throw error("unterminated escape") }
        let escapeError = error("unknown escape '\\\(Self.character(byte))'")
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHexQuad()
            guard (0xD800..<0xDC00).contains(high) else {
                guard let scalar = Unicode.Scalar(high) else { throw error("lone low surrogate in \\u escape") }
                return scalar
            }
            guard peek() == UInt8(ascii: "\\") else { throw error("high surrogate without its low surrogate") }
            advance()
            guard peek() == UInt8(ascii: "u") else { throw error("high surrogate without its low surrogate") }
            advance()
            let low = try parseHexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw error("high surrogate without its low surrogate") }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        default:
            throw escapeError
        }
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexDigit(byte) else { throw error("expected four hex digits") }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = offset
        if peek() == UInt8(ascii: "-") { advance() }
        guard let first = peek(), Self.isDigit(first) else { throw error("expected a digit") }
        advance()
        if first != UInt8(ascii: "0") { while let byte = peek(), Self.isDigit(byte) { advance() } }
        if peek() == UInt8(ascii: ".") {
            advance()
            guard let byte = peek(), Self.isDigit(byte) else { throw error("expected a digit after '.'") }
            while let byte = peek(), Self.isDigit(byte) { advance() }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            advance()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
            guard let byte = peek(), Self.isDigit(byte) else { throw error("expected a digit in the exponent") }
            while let byte = peek(), Self.isDigit(byte) { advance() }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number '\(text)' is out of range") }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        // Pointing at the literal's start says more than pointing at its first wrong letter.
        let literalError = error("expected '\(literal)'")
        for expected in literal.utf8 {
            guard peek() == expected else { throw literalError }
            advance()
        }
    }

    // MARK: - Position

    private func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // Continuation bytes belong to the scalar already counted.
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Self.character(byte))'" : Self.character(byte)
    }

    /// A printable ASCII byte as itself, anything else as `byte 0xNN`.
    private static func character(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte)
            ? String(Character(Unicode.Scalar(byte)))
            : "byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
