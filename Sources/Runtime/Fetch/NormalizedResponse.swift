/// A response turned into records: what a transport delivers and a commit writes.
///
/// The normalizer (in Workloads) makes one from response JSON; tests and workloads may build one in
/// code. Links name record ids, so a response is independent of any store.
public struct NormalizedResponse: Hashable, Sendable {
    /// One record's fields, as the response gives them.
    public struct RecordWrite: Hashable, Sendable {
        /// The record's id.
        public var id: RecordID
        /// Its `__typename`, when known.
        public var typename: String?
        /// The fields written, by storage key.
        public var fields: [FieldWrite]

        /// A write to the record `id`; `typename` types a record that has none yet, and never changes a
        /// record's type.
        public init(_ id: RecordID, typename: String? = nil, fields: [FieldWrite]) {
            self.id = id
            self.typename = typename
            self.fields = fields
        }
    }

    /// One field of a record write.
    public struct FieldWrite: Hashable, Sendable {
        /// The storage key: `name`, `characters(page:1)`.
        public var storageKey: String
        /// The value.
        public var value: Value
        /// The field errors that land on it, kept only on a null (`Slot.keepsErrors(valueIsNull:)`).
        public var errors: [GraphQLError]

        /// Creates a field write; `errors` beside a value that is not null are not kept, as Relay's
        /// normalizer keeps none there.
        public init(_ storageKey: String, _ value: Value, errors: [GraphQLError] = []) {
            self.storageKey = storageKey
            self.value = value
            self.errors = Slot.keepsErrors(valueIsNull: value == .null) ? errors : []
        }
    }

    /// A field's value, with links by id.
    public enum Value: Hashable, Sendable {
        case null
        case scalar(Scalar)
        case link(RecordID)
        case links([RecordID?])
    }

    /// The records written, in order.
    public var records: [RecordWrite]
    /// The response's errors that no field holds.
    public var unplacedErrors: [GraphQLError]

    /// A response of `records`, written in order, so a later write of a field wins; `unplacedErrors` are the
    /// errors whose path lands on no field, or that have none.
    public init(records: [RecordWrite], unplacedErrors: [GraphQLError] = []) {
        self.records = records
        self.unplacedErrors = unplacedErrors
    }

    /// Writes every record of the response into a transaction.
    public func write(into transaction: inout Transaction) {
        for write in records {
            let ref = transaction.record(write.id, typename: write.typename)
            for field in write.fields {
                let value: FieldValue
                switch field.value {
                case .null: value = .null
                case .scalar(let scalar): value = .scalar(scalar)
                case .link(let id): value = .link(transaction.record(id))
                case .links(let ids): value = .links(ids.map { $0.map { transaction.record($0) } })
                }
                transaction.set(ref, field.storageKey, value, errors: field.errors)
            }
        }
    }
}
