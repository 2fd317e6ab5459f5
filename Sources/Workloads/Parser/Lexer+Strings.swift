import JSON

/// String and block string literals, with their escape sequences.
extension Lexer {
    // MARK: - Strings

    /// Reads a `"..."` string starting at `position`, decoding its escape sequences.
    mutating func string() throws(ParseError) -> Token {
        let start = position
        position += 1
        var chunkStart = position
        // Most strings hold no escape: they become a string straight from the source bytes.
        var decoded: [UInt8]? = nil
        while true {
            guard let byte = byte(at: position), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
                throw unterminated("'\"' to end the string", openedAt: start)
            }
            switch byte {
            case UInt8(ascii: "\""):
                let value: String
                if var decoded {
                    decoded.append(contentsOf: bytes[chunkStart..<position])
                    value = String(decoding: decoded, as: UTF8.self)
                } else {
                    value = source.text(chunkStart, position)
                }
                position += 1
                return Token(kind: .string, start: start, end: position, value: value)
            case UInt8(ascii: "\\"):
                var buffer = decoded ?? []
                buffer.append(contentsOf: bytes[chunkStart..<position])
                try escape(into: &buffer)
                decoded = buffer
                chunkStart = position
            default:
                position += 1
            }
        }
    }

    /// Decodes the escape sequence at `position` (a `\`) into `value`, and moves past it.
    private mutating func escape(into value: inout [UInt8]) throws(ParseError) {
        let backslash = position
        let simple: UInt8
        switch byte(at: position + 1) {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = UInt8(ascii: "\n")
        case UInt8(ascii: "r"): simple = UInt8(ascii: "\r")
        case UInt8(ascii: "t"): simple = UInt8(ascii: "\t")
        case UInt8(ascii: "u"):
            position += 2
            let scalar = try unicodeEscape(startingAt: backslash)
            value.append(contentsOf: String(scalar).utf8)
            return
        default:
            let found = source.describeCharacter(at: position + 1)
            throw source.error(at: backslash, #"expected one of \" \\ \/ \b \f \n \r \t \u after '\', found "# + found)
        }
        value.append(simple)
        position += 2
    }

    /// Decodes the rest of a `\u` escape, `position` being just past the `u`.
    ///
    /// `\u{...}` names any Unicode scalar value. The fixed-width `\uXXXX` form may pair a leading
    /// surrogate with a `\uXXXX` trailing surrogate, as the current draft allows; a surrogate left alone,
    /// in either form, is an error.
    private mutating func unicodeEscape(startingAt backslash: Int) throws(ParseError) -> Unicode.Scalar {
        if byte(at: position) == UInt8(ascii: "{") {
            position += 1
            var value: UInt32 = 0
            var digits = 0
            while let digit = hexDigit(at: position) {
                // Past 0x10FFFF the value can only stay invalid; stop growing it so it cannot overflow.
                value = min(value * 16 + digit, 0x11_0000)
                digits += 1
                position += 1
            }
            guard digits > 0, byte(at: position) == UInt8(ascii: "}") else {
                throw badEscape("hex digit or '}'", from: backslash, offending: true)
            }
            position += 1
            guard let scalar = Unicode.Scalar(value) else {
                throw badEscape("a Unicode scalar value", from: backslash)
            }
            return scalar
        }
        let leading = try fixedWidthHex(from: backslash)
        if let scalar = Unicode.Scalar(leading) { return scalar }
        guard (0xD800...0xDBFF).contains(leading),
            byte(at: position) == UInt8(ascii: "\\"), byte(at: position + 1) == UInt8(ascii: "u")
        else {
            throw badEscape("a Unicode scalar value or a surrogate pair", from: backslash)
        }
        position += 2
        let trailing = try fixedWidthHex(from: backslash)
        guard (0xDC00...0xDFFF).contains(trailing),
            let scalar = Unicode.Scalar((leading - 0xD800) * 0x400 + (trailing - 0xDC00) + 0x1_0000)
        else {
            throw badEscape("a trailing surrogate after a leading one", from: backslash)
        }
        return scalar
    }

    /// Reads the four hex digits of a fixed-width `\uXXXX` escape.
    private mutating func fixedWidthHex(from backslash: Int) throws(ParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexDigit(at: position) else { throw badEscape("four hex digits", from: backslash, offending: true) }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private func hexDigit(at offset: Int) -> UInt32? {
        guard let byte = byte(at: offset) else { return nil }
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// An error for a malformed `\u` escape, reported at its backslash, quoting what was read of it.
    ///
    /// With `offending`, the quote runs through the character at `position` that broke the escape
    /// (`\u12G`); otherwise it ends just before it (`\uD800`).
    private func badEscape(_ expected: String, from backslash: Int, offending: Bool = false) -> ParseError {
        var end = position
        if offending, let next = byte(at: position), next >= 0x20, next < 0x7F { end += 1 }
        let quoted = source.text(backslash, end)
        return source.error(at: backslash, "expected \(expected) in Unicode escape, found '\(quoted)'")
    }

    // MARK: - Block strings

    /// Reads a `"""..."""` block string starting at `position`.
    ///
    /// The only escape is `\"""`; the raw text then goes through `BlockString.value(raw:)`, the
    /// specification's indentation-stripping `BlockStringValue`.
    mutating func blockString() throws(ParseError) -> Token {
        let start = position
        position += 3
        var raw: [UInt8] = []
        var chunkStart = position
        while let byte = byte(at: position) {
            if byte == UInt8(ascii: "\""), self.byte(at: position + 1) == UInt8(ascii: "\""),
                self.byte(at: position + 2) == UInt8(ascii: "\"")
            {
                raw.append(contentsOf: bytes[chunkStart..<position])
                position += 3
                return Token(kind: .blockString, start: start, end: position, value: BlockString.value(raw: raw))
            }
            if byte == UInt8(ascii: "\\"), self.byte(at: position + 1) == UInt8(ascii: "\""),
                self.byte(at: position + 2) == UInt8(ascii: "\""), self.byte(at: position + 3) == UInt8(ascii: "\"")
            {
                raw.append(contentsOf: bytes[chunkStart..<position])
                raw.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "\""), UInt8(ascii: "\"")])
                position += 4
                chunkStart = position
                continue
            }
            position += 1
        }
        throw unterminated("'\"\"\"' to end the block string", openedAt: start)
    }

    /// An error at `position` for a string that reached a line end or the input's end while open.
    private func unterminated(_ expected: String, openedAt start: Int) -> ParseError {
        let (line, column) = source.location(of: start)
        let found = source.describeCharacter(at: position)
        return source.error(at: position, "expected \(expected) opened at \(line):\(column), found \(found)")
    }
}
