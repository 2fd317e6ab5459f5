extension SDLTokenizer {
    // MARK: - Strings

    /// Reads a `"..."` string, resolving its escapes.
    mutating func readString() throws(SDLSyntaxError) -> String {
        let unterminated = error("unterminated string")
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun(upTo end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while let byte = byte(at: position) {
            switch byte {
            case UInt8(ascii: "\""):
                flushRun(upTo: position)
                position += 1
                return String(scalars)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw unterminated
            case UInt8(ascii: "\\"):
                flushRun(upTo: position)
                scalars.append(try readEscape())
                runStart = position
            default:
                position += 1
            }
        }
        throw unterminated
    }

    private mutating func readEscape() throws(SDLSyntaxError) -> Unicode.Scalar {
        position += 1
        guard let escaped = byte(at: position) else { throw error("unterminated string") }
        position += 1
        switch escaped {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let value = try readHex4()
            if (0xD800...0xDBFF).contains(value) {
                guard byte(at: position) == UInt8(ascii: "\\"), byte(at: position + 1) == UInt8(ascii: "u") else {
                    throw error("a high surrogate must be followed by a low one")
                }
                position += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate must be followed by a low one") }
                let combined = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                if let scalar = Unicode.Scalar(combined) { return scalar }
            } else if let scalar = Unicode.Scalar(value) {
                return scalar
            }
            throw error("\\u escape names no Unicode scalar")
        default:
            position -= 1
            throw error("unknown escape \\\(describe(escaped))")
        }
    }

    private mutating func readHex4() throws(SDLSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = byte(at: position), let digit = Self.hexValue(byte) else {
                throw error("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    // MARK: - Block strings

    /// Reads a `"""..."""` block string and gives its value: common indentation removed, blank first
    /// and last lines dropped, as the spec's BlockStringValue.
    mutating func readBlockString() throws(SDLSyntaxError) -> String {
        let unterminated = error("unterminated block string")
        position += 3
        var raw: [UInt8] = []
        while let byte = byte(at: position) {
            if byte == UInt8(ascii: "\""), self.byte(at: position + 1) == UInt8(ascii: "\""),
                self.byte(at: position + 2) == UInt8(ascii: "\"")
            {
                position += 3
                return Self.blockStringValue(String(decoding: raw, as: UTF8.self))
            }
            if byte == UInt8(ascii: "\\"), self.byte(at: position + 1) == UInt8(ascii: "\""),
                self.byte(at: position + 2) == UInt8(ascii: "\""), self.byte(at: position + 3) == UInt8(ascii: "\"")
            {
                raw += Array("\"\"\"".utf8)
                position += 4
            } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                raw.append(UInt8(ascii: "\n"))
                newline()
            } else {
                raw.append(byte)
                position += 1
            }
        }
        throw unterminated
    }

    private static func blockStringValue(_ raw: String) -> String {
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indent(_ line: String) -> Int { line.prefix { $0 == " " || $0 == "\t" }.count }
        func isBlank(_ line: String) -> Bool { indent(line) == line.count }
        let common = lines.dropFirst().filter { !isBlank($0) }.map(indent).min()
        if let common, common > 0 {
            for index in lines.indices.dropFirst() { lines[index] = String(lines[index].dropFirst(common)) }
        }
        while let first = lines.first, isBlank(first) { lines.removeFirst() }
        while let last = lines.last, isBlank(last) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
