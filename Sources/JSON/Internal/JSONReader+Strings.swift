/// Strings and their escapes: the one decoder of JSON's string escapes in the package.
extension JSONReader {
    mutating func readString() throws(ParseError) -> String {
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
                guard peek() != nil else { throw error("unterminated string", at: start) }
                try readEscape(into: &utf8)
            case ..<0x20:
                throw error("control character in a string (escape it)")
            default:
                utf8.append(byte)
                position += 1
            }
        }
    }

    /// Decodes the escape after a backslash, the position at its letter, appending its UTF-8.
    private mutating func readEscape(into utf8: inout [UInt8]) throws(ParseError) {
        let byte = bytes[position]
        let escapeStart = position - 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            position += 1
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), peek(offset: 1) == UInt8(ascii: "u") else {
                    throw error("unpaired high surrogate in a \\u escape", at: escapeStart)
                }
                position += 2
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("invalid low surrogate in a \\u escape", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw error("unpaired low surrogate in a \\u escape", at: escapeStart)
            }
            UTF8.encode(unicode) { utf8.append($0) }
            return
        default:
            let shown = (0x21..<0x7F).contains(byte) ? String(Character(Unicode.Scalar(byte))) : Self.describe(byte)
            throw error("unknown escape '\\\(shown)'")
        }
        position += 1
    }

    private mutating func readHex4() throws(ParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexDigit(byte) else { throw error("expected four hex digits after \\u") }
            value = value << 4 | digit
            position += 1
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
}
