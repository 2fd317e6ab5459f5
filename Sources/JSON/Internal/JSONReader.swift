/// A recursive-descent reader over a byte buffer: the one JSON parser of the package.
///
/// Positions are kept as byte offsets while reading and turned into a line and a column only when an
/// error is thrown, so reading a large response pays nothing for them.
struct JSONReader {
    let bytes: [UInt8]
    var position = 0
    private var depth = 0
    /// Where the text starts: after a UTF-8 byte order mark, when there is one.
    private let textStart: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        position = textStart
    }

    mutating func readDocument() throws(ParseError) -> JSONValue {
        let value = try readValue()
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected content after the JSON value") }
        return value
    }

    // MARK: - Values

    private mutating func readValue() throws(ParseError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw error("expected a JSON value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("expected a JSON value, found \(Self.describe(byte))")
        }
    }

    private mutating func readObject() throws(ParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        position += 1
        var members: [JSONValue.Member] = []
        var keys: Set<String> = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes" + (peek() == nil ? ", found the end of the file" : ""))
            }
            let keyStart = position
            let key = try readString()
            guard keys.insert(key).inserted else { throw error("duplicate key '\(key)'", at: keyStart) }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the member name '\(key)'") }
            position += 1
            members.append(JSONValue.Member(key, try readValue()))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            case nil: throw error("expected ',' or '}' after a member of an object, found the end of the file")
            default: throw error("expected ',' or '}' after a member of an object")
            }
        }
    }

    private mutating func readArray() throws(ParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            elements.append(try readValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            case nil: throw error("expected ',' or ']' after an element of an array, found the end of the file")
            default: throw error("expected ',' or ']' after an element of an array")
            }
        }
    }

    private mutating func enterContainer() throws(ParseError) {
        guard depth < JSONValue.maximumDepth else {
            throw error("nesting deeper than \(JSONValue.maximumDepth) levels")
        }
        depth += 1
    }

    private mutating func expectLiteral(_ literal: String) throws(ParseError) {
        // Pointing at the literal's start says more than pointing at its first wrong letter.
        let start = position
        for expected in literal.utf8 {
            guard peek() == expected else { throw error("expected '\(literal)'", at: start) }
            position += 1
        }
    }

    // MARK: - Numbers

    private mutating func readNumber() throws(ParseError) -> JSONValue {
        let start = position
        var isInteger = true
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), Self.isDigit(first) else { throw error("expected a digit in a number") }
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = peek(), Self.isDigit(next) { throw error("a number may not have a leading zero", at: start) }
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let next = peek(), Self.isDigit(next) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let next = peek(), Self.isDigit(next) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let number = Int(text) { return .int(number) }
        guard let number = Double(text), number.isFinite else { throw error("number '\(text)' is out of range", at: start) }
        return .double(number)
    }

    private mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { position += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    // MARK: - Position

    func peek(offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    /// A byte as a message shows it: printable ASCII quoted, anything else as `byte 0xNN`.
    static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte)
            ? "'\(Character(Unicode.Scalar(byte)))'"
            : "byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    /// An error at `offset` (the current position by default), with its line and column.
    func error(_ reason: String, at offset: Int? = nil) -> ParseError {
        ParseError(reason, at: offset ?? position, in: bytes, from: textStart)
    }
}
