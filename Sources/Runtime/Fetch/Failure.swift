/// Why a fetch failed: a closed set of kinds, so a view switches over them instead of casting errors.
public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure a client meets.
    public enum Kind: Hashable, Sendable {
        /// The device has no network.
        case offline
        /// The request took longer than its deadline.
        case timeout
        /// The connection dropped after the request was sent.
        case connectionLost
        /// The host could not be resolved or reached.
        case cannotReachHost
        /// The secure connection could not be established or trusted.
        case insecureConnection
        /// The server answered with a non-success HTTP status, other than the ones below.
        case httpStatus(Int)
        /// The server asked the client to slow down (HTTP 429), possibly saying when to come back.
        case rateLimited(retryAfter: Duration?)
        /// The body was not a GraphQL response, or did not fit the operation's selection.
        case decoding(String)
        /// A GraphQL response with errors and no data.
        case graphQLErrors([GraphQLError])
        /// The server does not know a persisted query's id; the client should send the full text.
        case persistedQueryNotFound
        /// The request was cancelled by the client.
        case cancelled
        /// A store-only attach found no data in the store, and no fetch was made.
        case missingFromStore
    }

    /// Which of the closed set of failures it is: what code switches over.
    public var kind: Kind
    /// A human-readable line, for logs; the kind is what code should switch over.
    public var message: String

    /// A failure of `kind`; `message` is for logs only, and without one `description` is the kind alone.
    public init(_ kind: Kind, message: String = "") {
        self.kind = kind
        self.message = message
    }

    /// Whether trying again unchanged may succeed.
    public var isRetryable: Bool {
        switch kind {
        case .offline, .timeout, .connectionLost, .cannotReachHost, .rateLimited, .persistedQueryNotFound, .cancelled:
            return true
        case .httpStatus(let status):
            return status >= 500 || status == 408
        case .insecureConnection, .decoding, .graphQLErrors, .missingFromStore:
            return false
        }
    }

    /// The kind, with the message when there is one.
    public var description: String { message.isEmpty ? "\(kind)" : "\(kind): \(message)" }
}
