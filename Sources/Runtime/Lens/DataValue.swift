/// Data as a full read of a lens produces it, with Relay's nulls and `@catch` results applied.
public indirect enum DataValue: Hashable, Sendable {
    case null
    case scalar(Scalar)
    /// An object's fields by response key, in selection order. Fragment spreads are masked: their
    /// fields are the fragment's to read.
    case object([Entry])
    case list([DataValue])
    /// A `@catch(to: RESULT)` field: its value, or what was caught beneath it.
    case result(CaughtResult)

    /// One field of an object.
    public struct Entry: Hashable, Sendable {
        /// The response key.
        public var key: String
        /// The value.
        public var value: DataValue

        /// A field of an object read, under its response key (the alias, where one is written); the Relay parity
        /// tests build Relay's data from these.
        public init(_ key: String, _ value: DataValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value under `key`, for an object.
    public subscript(key: String) -> DataValue? {
        guard case .object(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The item at `index`, for a list.
    public subscript(index: Int) -> DataValue? {
        guard case .list(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

/// What a `@catch(to: RESULT)` field reads as.
public enum CaughtResult: Hashable, Sendable {
    /// Nothing went wrong beneath the field.
    case ok(DataValue)
    /// Field errors, a `@required` failure (THROW, a LOG, or a null bubbled to the field), or missing
    /// data beneath the field (the field's own included). Relay's `{ok: false, errors}`; Relay lists a
    /// LOG in no error, the model keeps it in `required`.
    case failure(fieldErrors: [FieldError], required: RequiredFieldError?, missing: [ResponsePath] = [])
}
