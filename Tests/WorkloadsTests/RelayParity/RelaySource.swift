import Runtime
import Workloads

/// A Relay reader test's set-up, translated: its `RelayRecordSource` as the model's store, its
/// `graphql` document parsed, and the operation prepared over that store.
///
/// Relay's record sources name fields by storage key and links by `__ref`/`__refs`; a field absent
/// from a record is missing data (`undefined`), one set to `null` is a null. `__errors` become the
/// slot's errors. The parity tests state Relay's expectations as the model's values.
struct RelaySource {
    /// One field of a record, as Relay's record source writes it.
    enum Value {
        case string(String)
        case strings([String])
        case null
        /// `null` with `__errors: {field: [{message, path}]}`.
        case nullWithError(String, path: ResponsePath)
        /// A value beside an error: what Relay's normalizer never stores, written here to show the
        /// reader leaves such a value readable.
        case valueWithError(FieldValue, String, path: ResponsePath)
        case ref(RecordID)
        case refs([RecordID?])
    }

    /// One record: its id, typename and fields by storage key.
    struct Record {
        let id: RecordID
        let typename: String?
        let fields: [(String, Value)]

        init(_ id: RecordID, _ typename: String?, _ fields: [(String, Value)] = []) {
            self.id = id
            self.typename = typename
            self.fields = fields
        }
    }

    let store = Store()
    /// The paths every `@required(action: LOG)` read reported, in order.
    let logged = LoggedPaths()

    /// Writes `records` into a fresh store in one commit.
    init(_ records: [Record]) {
        store.commit { transaction in
            for record in records {
                let ref = transaction.record(record.id, typename: record.typename)
                for (key, value) in record.fields {
                    switch value {
                    case .string(let text): transaction.set(ref, key, .scalar(.string(text)))
                    case .strings(let texts): transaction.set(ref, key, .scalar(.list(texts.map { .string($0) })))
                    case .null: transaction.set(ref, key, .null)
                    case .nullWithError(let message, let path):
                        transaction.set(ref, key, .null, errors: [GraphQLError(message: message, path: path)])
                    case .valueWithError(let stored, let message, let path):
                        transaction.set(ref, key, stored, errors: [GraphQLError(message: message, path: path)])
                    case .ref(let id): transaction.set(ref, key, .link(transaction.record(id)))
                    case .refs(let ids): transaction.set(ref, key, .links(ids.map { $0.map { transaction.record($0) } }))
                    }
                }
            }
        }
    }

    /// The document's one operation, prepared over the store with the LOG hook.
    func prepare(_ document: String, variables: [String: InputValue] = [:]) throws -> PreparedOperation {
        let parsed = try GraphQLParser.parse(document)
        guard let operation = parsed.operation() else { throw RelayParityError.noSingleOperation }
        let log = logged
        return try PreparedOperation(operation, variables: variables, store: store, log: RequiredFieldLog { log.paths.append($0) })
    }
}

/// The paths a `RequiredFieldLog` reported.
final class LoggedPaths {
    var paths: [ResponsePath] = []
}

enum RelayParityError: Error {
    case noSingleOperation
}

/// Shorthands for the model's values, so an expectation reads like Relay's `toEqual`.
enum Model {
    static func object(_ entries: KeyValuePairs<String, DataValue>) -> DataValue {
        .object(entries.map { DataValue.Entry($0.key, $0.value) })
    }

    static func string(_ text: String) -> DataValue { .scalar(.string(text)) }

    static func error(_ message: String, at path: ResponsePath) -> FieldError {
        FieldError(path: path, error: GraphQLError(message: message, path: path))
    }
}
