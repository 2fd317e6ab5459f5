/// An executable operation, with the fragments it spreads, as a value.
///
/// Built by the parser from text, or in code. `fragments` holds every fragment reachable from the
/// operation's selection, by name, so an operation is complete on its own.
public struct Operation: Hashable, Sendable {
    /// Query, mutation or subscription.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case query, mutation, subscription
    }

    /// The operation's kind.
    public var kind: Kind
    /// The operation's name; nil for an anonymous operation.
    public var name: String?
    /// The variables it declares.
    public var variableDefinitions: [VariableDefinition]
    /// The directives written on the operation.
    public var directives: [Directive]
    /// The root selections.
    public var selections: [Selection]
    /// The fragments the operation uses, by name.
    public var fragments: [String: Fragment]

    /// An operation whose `fragments` are those given, by name (the first of a name kept). The parser gives
    /// none, as `Document` links what each operation reaches; code building an operation alone passes them.
    public init(
        _ kind: Kind,
        name: String? = nil,
        variableDefinitions: [VariableDefinition] = [],
        directives: [Directive] = [],
        selections: [Selection],
        fragments: [Fragment] = []
    ) {
        self.kind = kind
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selections = selections
        self.fragments = Dictionary(fragments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the operation carries `@throwOnFieldError`.
    public var throwsOnFieldError: Bool { directives.hasThrowOnFieldError }

    /// The variables a request of this operation is made with: `given`, then each declared default for
    /// a variable not given.
    public func variables(_ given: [String: InputValue]) -> [String: InputValue] {
        var out = given.mapValues { $0.resolved(with: [:]) }
        for definition in variableDefinitions where out[definition.name] == nil {
            if let value = definition.defaultValue { out[definition.name] = value.resolved(with: [:]) }
        }
        return out
    }
}

/// A variable declared by an operation: `$name: Type = default @directives`.
public struct VariableDefinition: Hashable, Sendable {
    /// The name, without the `$`.
    public var name: String
    /// The declared type.
    public var type: TypeReference
    /// The default value, when one is written.
    public var defaultValue: InputValue?
    /// The directives written on the definition.
    public var directives: [Directive]

    /// A variable as declared, `name` without the `$`; `defaultValue` stands in when a request leaves the
    /// variable out (`Operation.variables(_:)`).
    public init(_ name: String, type: TypeReference, defaultValue: InputValue? = nil, directives: [Directive] = []) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
    }
}

/// A type as written in a variable definition: `Int`, `[ID!]!`.
public indirect enum TypeReference: Hashable, Sendable, CustomStringConvertible {
    case named(String)
    case list(TypeReference)
    case nonNull(TypeReference)

    /// The type as GraphQL writes it.
    public var description: String {
        switch self {
        case .named(let name): return name
        case .list(let inner): return "[\(inner)]"
        case .nonNull(let inner): return "\(inner)!"
        }
    }
}
