/// One entry of a GraphQL response's `errors`.
public struct GraphQLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error's message.
    public var message: String
    /// The response path it names, when it names one.
    public var path: ResponsePath?
    /// `extensions.code`, when the server sent one.
    public var code: String?

    /// An error as the normalizer reads it from a response's `errors`: `path` nil where the entry has none
    /// (an error tied to no field), `code` from `extensions.code`.
    public init(message: String, path: ResponsePath? = nil, code: String? = nil) {
        self.message = message
        self.path = path
        self.code = code
    }

    /// The message, with the path when there is one.
    public var description: String {
        guard let path else { return message }
        return "\(message) (at \(path.dotted))"
    }
}

/// One step of a response path: an object key or a list index.
public enum PathElement: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case key(String)
    case index(Int)

    /// A key step, so that a path is written as a literal: `["characters", "results", 3]`.
    public init(stringLiteral value: String) { self = .key(value) }
    /// An index step: the `3` of `["characters", "results", 3]`.
    public init(integerLiteral value: Int) { self = .index(value) }

    /// The step as GraphQL writes it in a path.
    public var description: String {
        switch self {
        case .key(let key): return key
        case .index(let index): return String(index)
        }
    }
}

/// A path into a response, as the `path` of a GraphQL error: `characters.results.3.image`.
public typealias ResponsePath = [PathElement]

extension [PathElement] {
    /// The path as a dotted string, for messages: `characters.results.3.image`.
    public var dotted: String { map(\.description).joined(separator: ".") }
}
