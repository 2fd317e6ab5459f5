/// A GraphQL input value as written in a document: a literal, a variable, a list or an input object.
///
/// Values built in code and values made by the parser are the same type. A value with no
/// `.variable` anywhere inside it is *resolved*; `resolved(with:)` makes one from variables.
public indirect enum InputValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// An integer literal. GraphQL's `Int` is 32-bit; the model keeps 64 bits and lets the schema judge.
    case int(Int)
    case float(Double)
    case string(String)
    /// An enum value, written bare: `NONE`, `THROW`.
    case enumValue(String)
    case list([InputValue])
    /// An input object; fields keep the order they were written in.
    case object([ObjectField])
    /// A reference to an operation variable, `$name`, without the `$`.
    case variable(String)

    /// One `name: value` entry of an input object literal.
    public struct ObjectField: Hashable, Sendable {
        /// The field's name.
        public var name: String
        /// The field's value.
        public var value: InputValue

        /// A field of an input object literal; the object keeps its fields in the order written, and
        /// `canonicalText` sorts them by name.
        public init(name: String, value: InputValue) {
            self.name = name
            self.value = value
        }
    }

    /// This value with every variable replaced by its value in `variables`.
    ///
    /// A variable missing from `variables` resolves to `.null`, as GraphQL treats an absent nullable
    /// variable; defaults are applied before this, by `Operation.variables(_:)`.
    public func resolved(with variables: [String: InputValue]) -> InputValue {
        switch self {
        case .variable(let name):
            return variables[name]?.resolved(with: [:]) ?? .null
        case .list(let items):
            return .list(items.map { $0.resolved(with: variables) })
        case .object(let fields):
            return .object(fields.map { ObjectField(name: $0.name, value: $0.value.resolved(with: variables)) })
        case .null, .bool, .int, .float, .string, .enumValue:
            return self
        }
    }

    /// The canonical text of a resolved value, as it appears inside a storage key.
    ///
    /// Input object fields are sorted by name so that two spellings of one value share one storage key,
    /// as Relay's `getStorageKey` does.
    public var canonicalText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .float(let value): return String(value)
        case .string(let value): return Self.quoted(value)
        case .enumValue(let value): return value
        case .variable(let name): return "$" + name
        case .list(let items): return "[" + items.map(\.canonicalText).joined(separator: ",") + "]"
        case .object(let fields):
            let sorted = fields.sorted { $0.name < $1.name }
            return "{" + sorted.map { "\($0.name):\($0.value.canonicalText)" }.joined(separator: ",") + "}"
        }
    }

    private static func hex4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + Self.hex4(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
