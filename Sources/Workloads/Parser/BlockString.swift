/// The specification's `BlockStringValue`: how a block string's raw text becomes its value.
///
/// Block strings let a long text be indented with the document around it. The common indentation of
/// every line but the first is removed, then leading and trailing lines holding only white space are
/// dropped, and the lines are joined with `\n` whatever terminator they were written with.
enum BlockString {
    /// The value of a block string whose raw text, between the `"""` and with `\"""` unescaped, is `raw`.
    ///
    /// - Complexity: O(n) in the length of `raw`.
    static func value(raw: [UInt8]) -> String {
        let lines = self.lines(raw)
        var commonIndent: Int? = nil
        for line in lines.dropFirst() {
            let indent = leadingWhiteSpace(raw, line)
            // A line of white space only does not count: it says nothing about the text's indentation.
            if indent < line.count, indent < commonIndent ?? Int.max { commonIndent = indent }
        }
        var trimmed = lines
        if let commonIndent {
            for index in trimmed.indices.dropFirst() {
                let line = trimmed[index]
                trimmed[index] = line.lowerBound + min(commonIndent, line.count)..<line.upperBound
            }
        }
        while let first = trimmed.first, leadingWhiteSpace(raw, first) == first.count { trimmed.removeFirst() }
        while let last = trimmed.last, leadingWhiteSpace(raw, last) == last.count { trimmed.removeLast() }

        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        for (index, line) in trimmed.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "\n")) }
            out.append(contentsOf: raw[line])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The ranges of `raw`'s lines, split at `\n`, `\r\n` and `\r`, terminators excluded.
    private static func lines(_ raw: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < raw.count {
            switch raw[index] {
            case UInt8(ascii: "\n"):
                lines.append(start..<index)
                index += 1
                start = index
            case UInt8(ascii: "\r"):
                lines.append(start..<index)
                index += index + 1 < raw.count && raw[index + 1] == UInt8(ascii: "\n") ? 2 : 1
                start = index
            default:
                index += 1
            }
        }
        lines.append(start..<raw.count)
        return lines
    }

    /// How many tabs and spaces `line` starts with.
    private static func leadingWhiteSpace(_ raw: [UInt8], _ line: Range<Int>) -> Int {
        var count = 0
        for byte in raw[line] {
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { break }
            count += 1
        }
        return count
    }
}
