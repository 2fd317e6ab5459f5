/// An optional property that is encoded as `null` when absent, instead of leaving its key out.
///
/// Synthesized `Encodable` writes an absent optional by leaving out its key (`encodeIfPresent`).
/// Results files and `bench compare`'s JSON keep every key, `null` where there is no figure, so that
/// every file has the same keys and a reader never has to tell a missing key from a missing figure.
/// Marking the property keeps the synthesized coding, with no `CodingKeys` list to keep in step with
/// the fields. Decoding is unchanged: an absent key and `null` both decode as `nil`, as they do for a
/// synthesized optional.
@propertyWrapper
public struct ExplicitNull<Value> {
    /// The property's value; `nil` is written as `null`.
    public var wrappedValue: Value?

    /// Wraps a value, or its absence.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// An absent value, so a marked property starts out `nil` as an unmarked optional does.
    public init() {
        self.wrappedValue = nil
    }
}

extension ExplicitNull: Sendable where Value: Sendable {}
extension ExplicitNull: Equatable where Value: Equatable {}
extension ExplicitNull: Hashable where Value: Hashable {}

extension ExplicitNull: Encodable where Value: Encodable {
    /// Writes the value in place of the wrapper, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value = wrappedValue {
            try container.encode(value)
        } else {
            try container.encodeNil()
        }
    }
}

extension ExplicitNull: Decodable where Value: Decodable {
    /// Reads the value, or `null` as `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }
}

extension KeyedDecodingContainer {
    /// Reads a marked property, an absent key as `nil`.
    ///
    /// Synthesized `Decodable` calls `decode(_:forKey:)` for a wrapped property, which throws on an
    /// absent key; this overload is the more specific one, so it is chosen instead, and a marked
    /// optional reads as an unmarked one would.
    public func decode<Value: Decodable>(
        _ type: ExplicitNull<Value>.Type, forKey key: Key
    ) throws -> ExplicitNull<Value> {
        ExplicitNull(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}
