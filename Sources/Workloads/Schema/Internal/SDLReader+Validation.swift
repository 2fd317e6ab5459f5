import JSON

extension SDLReader {
    /// The schema the definitions make, once every name they use is known to be defined, once, with
    /// a kind that fits where it is used.
    func validatedSchema() throws(ParseError) -> Schema {
        var seen: [String: Token] = [:]
        var kinds: [String: Schema.TypeKind] = [:]
        for name in Schema.builtInScalars { kinds[name] = .scalar }
        for (definition, token) in zip(definitions, definitionTokens) {
            if let first = seen[definition.name] {
                throw error(at: token, "type '\(definition.name)' is already defined at \(parser.place(first.start))")
            }
            seen[definition.name] = token
            let isBuiltIn = Schema.builtInScalars.contains(definition.name)
            if isBuiltIn, definition.kind != .scalar {
                throw error(at: token, "'\(definition.name)' is a built-in scalar and cannot be redefined")
            }
            kinds[definition.name] = definition.kind
        }
        for reference in references {
            let name = text(reference.token)
            guard let kind = kinds[name] else {
                throw error(at: reference.token, "unknown type '\(name)' used as \(reference.role)")
            }
            guard reference.allowed.contains(kind) else {
                throw error(at: reference.token, "'\(name)' is \(Self.article(kind)) and cannot be used as \(reference.role)")
            }
        }
        return Schema(
            types: definitions,
            queryType: roots[.query].map(text),
            mutationType: roots[.mutation].map(text),
            subscriptionType: roots[.subscription].map(text)
        )
    }

    private static func article(_ kind: Schema.TypeKind) -> String {
        switch kind {
        case .scalar: return "a scalar"
        case .object: return "an object type"
        case .interface: return "an interface"
        case .union: return "a union"
        case .enumeration: return "an enum"
        case .inputObject: return "an input object"
        }
    }
}
