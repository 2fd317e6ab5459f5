/// A JSON value whose objects keep their members in the order they were written.
///
/// A GraphQL server writes a response's fields in the order the operation selected them, and the
/// normalizer walks a response in that same order, so objects are ordered member lists rather than
/// dictionaries. Integers and non-integers are kept apart so that `1` and `1.0` survive a round trip
/// byte for byte.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number written without a fraction or an exponent that fits in `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// An object's members, in order. Keys are unique.
    case object([Member])

    /// One `"key": value` member of an object.
    public struct Member: Hashable, Sendable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// A member; nothing checks its key against the object's others, so code building an object keeps keys
        /// unique (the reader refuses a duplicate, and `object(_:)` traps on one).
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value of the member called `key`, when this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element at `index`, when this is an array that long.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The object's members, or nil when this is not an object.
    public var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The array's elements, or nil when this is not an array.
    public var elements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The string, or nil when this is not a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The integer, or nil when this is not an integer.
    public var intValue: Int? {
        if case .int(let number) = self { return number }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// The JSON type's name with its article, for messages such as `'threshold' must be a number, not a string`.
    public var typeName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .int, .double: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// Builds an object from key-value pairs, in the order given.
    ///
    /// The pairs are written as a literal at every call site, so keys are unique by construction;
    /// a duplicate is a programming error and traps.
    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        var seen: Set<String> = []
        var members: [Member] = []
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            precondition(seen.insert(key).inserted, "duplicate JSON object key \(key)")
            members.append(Member(key, value))
        }
        return .object(members)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral, ExpressibleByArrayLiteral
{
    /// A string literal is a JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal is a JSON integer.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A Boolean literal is a JSON Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// An array literal is a JSON array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
