import Runtime

/// Why a response could not be normalized for an operation.
///
/// `noData` is not a defect of the response: it is GraphQL's way of failing a whole request, and
/// callers turn it into `Failure(.graphQLErrors(...))` (`failure` does). The other cases say the
/// response does not fit the operation, or is not a GraphQL response at all.
public enum NormalizeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The response carries `errors` and no `data` (absent or null): the request failed as a whole.
    case noData([GraphQLError])
    /// The data does not fit the operation's selection at `path` (response keys and list indices):
    /// a missing field, a field the operation did not select, or a value of the wrong shape.
    case mismatch(path: ResponsePath, reason: String)
    /// The response is not a GraphQL response: not an object, neither data nor errors, or an
    /// `errors` entry without a message or with a path that is not keys and indices.
    case malformedResponse(String)
    /// The operation cannot be walked: a spread names a fragment it does not carry.
    case document(DocumentError)

    /// One line saying what is wrong and where: `characters.results.3.origin: expected an object,
    /// found a string`.
    public var description: String {
        switch self {
        case .noData(let errors):
            let messages = errors.map(\.description).joined(separator: "; ")
            return "no data; \(errors.count) error\(errors.count == 1 ? "" : "s"): \(messages)"
        case .mismatch(let path, let reason):
            return "\(path.isEmpty ? "data" : path.dotted): \(reason)"
        case .malformedResponse(let reason):
            return "not a GraphQL response: \(reason)"
        case .document(let error):
            return error.description
        }
    }

    /// The failure a fetch that met this error ends with: GraphQL errors for `noData`, a decoding
    /// failure naming the problem otherwise.
    public var failure: Failure {
        switch self {
        case .noData(let errors): return Failure(.graphQLErrors(errors), message: description)
        case .mismatch, .malformedResponse, .document: return Failure(.decoding(description), message: description)
        }
    }
}
