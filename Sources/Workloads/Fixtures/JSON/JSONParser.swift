/// Why a JSON text could not be read, and where.
///
/// The description is one line, `line 3, column 7 (byte 41): expected ':' after an object key`, so a
/// malformed fixture file is found at once.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The zero-based byte offset of the problem.
    public var offset: Int
    /// The one-based line of the problem.
    public var line: Int
    /// The one-based column of the problem, counted in bytes.
    public var column: Int
    /// What was wrong.
    public var reason: String

    public var description: String { "line \(line), column \(column) (byte \(offset)): \(reason)" }
}

extension JSONValue {
    /// Reads one JSON value from UTF-8 text, keeping object members in the order written.
    ///
    /// Strict RFC 8259: no comments, no trailing commas, no duplicate keys (a response with two values
    /// for one field has no single meaning), no invalid UTF-8. Nesting deeper than `maximumDepth` is
    /// refused rather than allowed to exhaust the stack, so no input can crash the reader.
    ///
    /// - Parameter bytes: the text, e.g. a file's `Data`.
    /// - Throws: `JSONParseError`, with the position of the first problem.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes))
        return try parser.parseDocument()
    }

    /// Reads one JSON value from a string; see `parse(_:)`.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// How deeply arrays and objects may nest before `parse(_:)` refuses the input.
    public static let maximumDepth = 512
}

/// A recursive-descent reader over a byte buffer.
private struct JSONParser {
    let bytes: [UInt8]
    var position = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = peek() else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character \(describe(byte)), expected a value")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position += 1
        var members: [JSONValue.Member] = []
        var keys: Set<String> = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key in an object") }
            let keyStart = position
            let key = try parseString()
            guard keys.insert(key).inserted else { throw error("duplicate key \"\(key)\" in an object", at: keyStart) }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
            position += 1
            skipWhitespace()
            members.append(JSONValue.Member(key, try parseValue()))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(members)
            case nil: throw error("unexpected end of input inside an object")
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(elements)
            case nil: throw error("unexpected end of input inside an array")
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw error("nesting deeper than \(JSONValue.maximumDepth) levels")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONParseError) {
        let start = position
        for expected in literal.utf8 {
            guard peek() == expected else { throw error("invalid literal, expected \(literal)", at: start) }
            position += 1
        }
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var isInteger = true
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else { throw error("expected a digit in a number") }
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = peek(), isDigit(next) { throw error("a number may not have a leading zero", at: start) }
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let next = peek(), isDigit(next) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let next = peek(), isDigit(next) else { throw error("expected a digit in an exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let number = Int(text) { return .int(number) }
        guard let number = Double(text), number.isFinite else { throw error("number out of range", at: start) }
        return .double(number)
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    // MARK: - Strings

    private mutating func parseString() throws(JSONParseError) -> String {
        let start = position
        position += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                // Decoding replaces each invalid sequence with U+FFFD, so the bytes differ exactly when
                // the input was not UTF-8 (`String(validating:)` needs macOS 15; the package allows 14).
                let text = String(decoding: utf8, as: UTF8.self)
                guard text.utf8.elementsEqual(utf8) else { throw error("invalid UTF-8 in a string", at: start) }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try parseEscape(into: &utf8)
            case ..<0x20:
                throw error("unescaped control character \(describe(byte)) in a string")
            default:
                utf8.append(byte)
                position += 1
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
        guard let byte = peek() else { throw error("unterminated escape in a string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            let escapeStart = position - 2
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), peek(offset: 1) == UInt8(ascii: "u") else {
                    throw error("unpaired high surrogate in a \\u escape", at: escapeStart)
                }
                position += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("invalid low surrogate in a \\u escape", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw error("unpaired surrogate in a \\u escape", at: escapeStart)
            }
            utf8.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw error("invalid escape \\\(describe(byte)) in a string", at: position - 2)
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexDigit(byte) else { throw error("expected four hex digits after \\u") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    // MARK: - Position

    private func peek(offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + String(byte, radix: 16)
    }

    /// An error at `offset` (the current position by default), with its line and column.
    private func error(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONParseError(offset: offset, line: line, column: offset - lineStart + 1, reason: reason)
    }
}
