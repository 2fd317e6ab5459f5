/// A leaf value: what a scalar or enum field holds.
///
/// Not `indirect`: the list's array is storage enough for the recursion, and a boxed case would cost a
/// retain and a release of its box on every read of a string, on top of the string's own (none for a
/// short string, which is stored inline).
public enum Scalar: Hashable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// A list of scalars, such as `[String]`; elements may be null.
    case list([Scalar?])
}

/// What one field slot of a record holds.
public enum FieldValue: Hashable, Sendable {
    /// An explicit null.
    case null
    /// A scalar or enum value.
    case scalar(Scalar)
    /// A link to another record of the same store.
    case link(RecordRef)
    /// A list of links; an element may be null.
    case links([RecordRef?])

    /// Whether the value is `.null`.
    @inlinable public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// A field slot's content: its value, and the field errors that landed on it.
public struct Slot: Hashable, Sendable {
    /// The value. A field with an error holds `.null`, as GraphQL sends it.
    public var value: FieldValue
    /// The errors of the response whose `path` lands on this field, or collect here because the field
    /// is a null parent of the paths they name. Empty for a sound field.
    public var errors: [GraphQLError]

    /// A slot as given: `errors` are kept beside any value (unlike `NormalizedResponse.FieldWrite`), but
    /// readers weigh them only beside `.null` (`hasWeighedErrors`).
    public init(_ value: FieldValue, errors: [GraphQLError] = []) {
        self.value = value
        self.errors = errors
    }
}

extension Slot {
    /// Whether a reader weighs the slot's errors: only when its value is null.
    ///
    /// The one rule every reader shares (the lens's reads, the verdict walks, and the normalizer
    /// through `keepsErrors(valueIsNull:)`): Relay's reader looks at a field's errors only where the
    /// value is null, and its normalizer stores errors only on null fields, so an error beside `[]` or
    /// any other value leaves the value readable and fails nothing.
    @inlinable public var hasWeighedErrors: Bool { Self.keepsErrors(valueIsNull: value.isNull) && !errors.isEmpty }

    /// Whether a field keeps the errors whose path lands on it: only a null one does (see
    /// `hasWeighedErrors`).
    @inlinable public static func keepsErrors(valueIsNull: Bool) -> Bool { valueIsNull }
}
