import JSON
import Runtime

extension Normalizer {
    /// Reads a response's `errors` member: each entry's `message`, `path` and `extensions.code`.
    ///
    /// An absent or null member is no errors. An entry must have a string `message`, as the GraphQL
    /// spec requires, and a `path`, when present, of strings and integers; anything else makes the
    /// response malformed rather than an error quietly lost. A `code` that is not a string is not a
    /// code the runtime can switch over, and is left out.
    ///
    /// - Throws: `NormalizeError.malformedResponse` naming the entry.
    public static func graphQLErrors(_ value: JSONValue?) throws(NormalizeError) -> [GraphQLError] {
        switch value {
        case nil, .null?:
            return []
        case .array(let entries)?:
            var errors: [GraphQLError] = []
            errors.reserveCapacity(entries.count)
            for (index, entry) in entries.enumerated() { errors.append(try graphQLError(entry, at: index)) }
            return errors
        case let other?:
            throw .malformedResponse("errors: expected a list, found \(ResponseWalker.describe(other))")
        }
    }

    private static func graphQLError(_ entry: JSONValue, at index: Int) throws(NormalizeError) -> GraphQLError {
        guard case .object = entry else {
            throw .malformedResponse("errors.\(index): expected an object, found \(ResponseWalker.describe(entry))")
        }
        guard case .string(let message)? = entry["message"] else {
            throw .malformedResponse("errors.\(index).message: expected a string, found \(entry["message"].map(ResponseWalker.describe) ?? "nothing")")
        }
        var path: ResponsePath?
        switch entry["path"] {
        case nil, .null?:
            path = nil
        case .array(let elements)?:
            var steps: ResponsePath = []
            for (position, element) in elements.enumerated() {
                switch element {
                case .string(let key): steps.append(.key(key))
                case .int(let listIndex): steps.append(.index(listIndex))
                default:
                    throw .malformedResponse(
                        "errors.\(index).path.\(position): expected a string or an integer, found \(ResponseWalker.describe(element))")
                }
            }
            path = steps
        case let other?:
            throw .malformedResponse("errors.\(index).path: expected a list, found \(ResponseWalker.describe(other))")
        }
        return GraphQLError(message: message, path: path, code: entry["extensions"]?["code"]?.stringValue)
    }
}
