/// Writing a `JSONValue` as text, byte for byte the same on every run and machine.
extension JSONValue {
    /// How a value is laid out as text.
    public enum Layout: Sendable {
        /// No whitespace at all: what a server sends on the wire.
        case compact
        /// Two-space indentation, one member or element a line, except that an object or array whose
        /// members are all scalars stays on one line; the text ends with a newline.
        ///
        /// Keeping leaf objects on one line keeps a response of a few thousand records readable and
        /// its diffs one line per changed record.
        case readable
    }

    /// The value as UTF-8 JSON text.
    ///
    /// Object members keep their order; strings escape only what JSON requires (`"`, `\`, and control
    /// characters); a non-finite double, which JSON cannot spell, is written as `null`.
    ///
    /// - Parameter layout: compact for the wire, readable for files under `spec/`.
    /// - Returns: the text's bytes.
    public func serialized(_ layout: Layout = .compact) -> [UInt8] {
        var writer = JSONWriter(layout: layout)
        writer.write(self, depth: 0)
        if layout == .readable { writer.bytes.append(UInt8(ascii: "\n")) }
        return writer.bytes
    }

    /// The value as JSON text; see `serialized(_:)`.
    public func text(_ layout: Layout = .compact) -> String {
        String(decoding: serialized(layout), as: UTF8.self)
    }

    /// Whether the value is neither an array nor an object.
    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        case .null, .bool, .int, .double, .string: return true
        }
    }
}

/// The state of one serialization: the bytes written so far.
private struct JSONWriter {
    let layout: JSONValue.Layout
    var bytes: [UInt8] = []

    init(layout: JSONValue.Layout) {
        self.layout = layout
    }

    mutating func write(_ value: JSONValue, depth: Int) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): append(String(number))
        case .double(let number): append(number.isFinite ? String(number) : "null")
        case .string(let text): writeString(text)
        case .array(let elements):
            let allScalar = elements.allSatisfy(\.isScalar)
            writeContainer(open: "[", close: "]", count: elements.count, allScalar: allScalar, depth: depth) {
                $0.write(elements[$1], depth: depth + 1)
            }
        case .object(let members):
            let allScalar = members.allSatisfy { $0.value.isScalar }
            writeContainer(open: "{", close: "}", count: members.count, allScalar: allScalar, depth: depth) {
                $0.writeString(members[$1].key)
                $0.append($0.layout == .compact ? ":" : ": ")
                $0.write(members[$1].value, depth: depth + 1)
            }
        }
    }

    private mutating func writeContainer(
        open: String, close: String, count: Int, allScalar: Bool, depth: Int,
        element: (inout JSONWriter, Int) -> Void
    ) {
        append(open)
        defer { append(close) }
        guard count > 0 else { return }
        let multiline = layout == .readable && !allScalar
        let separator = layout == .compact || multiline ? "," : ", "
        for index in 0..<count {
            if index > 0 { append(separator) }
            if multiline { newline(indent: depth + 1) }
            element(&self, index)
        }
        if multiline { newline(indent: depth) }
    }

    private mutating func newline(indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
