import Runtime

/// The types a fixture's operations are written against: what the normalizer needs to key and check
/// a response that does not carry `__typename` everywhere.
///
/// Per object and interface type it knows each field's type (the named type with its list and
/// non-null wrappers); per abstract type (interface, union) its possible object types. Read one from
/// SDL with `Schema.parse(_:file:)`, or build one in code.
public struct Schema: Hashable, Sendable {
    /// Every type, by name, the built-in scalars included.
    public private(set) var types: [String: TypeDefinition]
    /// The root type of queries, when the schema has one.
    public private(set) var queryType: String?
    /// The root type of mutations, when the schema has one.
    public private(set) var mutationType: String?
    /// The root type of subscriptions, when the schema has one.
    public private(set) var subscriptionType: String?
    /// Per abstract type, the object types that may stand for it.
    private var possibleTypeSets: [String: Set<String>]
    /// Each type's field types by field name, `__typename` included on a composite type: what
    /// `fieldType` answers for every field of every object a response holds, without copying a type
    /// definition.
    private var fieldTypes: [String: [String: TypeReference]]

    /// The scalars every schema has without declaring them.
    public static let builtInScalars = ["Int", "Float", "String", "Boolean", "ID"]

    /// Creates a schema from its type definitions.
    ///
    /// A root type left nil is `Query`, `Mutation` or `Subscription` when the schema defines a type of
    /// that name, as GraphQL's default root names. A later definition of a name replaces an earlier
    /// one; the SDL reader refuses duplicates before it gets here.
    public init(
        types definitions: [TypeDefinition],
        queryType: String? = nil,
        mutationType: String? = nil,
        subscriptionType: String? = nil
    ) {
        var types: [String: TypeDefinition] = [:]
        for name in Self.builtInScalars { types[name] = TypeDefinition(name, kind: .scalar) }
        for definition in definitions { types[definition.name] = definition }
        self.types = types
        self.queryType = queryType ?? (types["Query"] != nil ? "Query" : nil)
        self.mutationType = mutationType ?? (types["Mutation"] != nil ? "Mutation" : nil)
        self.subscriptionType = subscriptionType ?? (types["Subscription"] != nil ? "Subscription" : nil)

        var possible: [String: Set<String>] = [:]
        for definition in types.values {
            switch definition.kind {
            case .union:
                possible[definition.name, default: []].formUnion(definition.members)
            case .object:
                // An object lists every interface it implements, transitively ones included, so its
                // direct list is complete.
                for interface in definition.interfaces { possible[interface, default: []].insert(definition.name) }
            case .interface:
                possible[definition.name, default: []].formUnion([])
            case .scalar, .enumeration, .inputObject:
                continue
            }
        }
        self.possibleTypeSets = possible
        var fieldTypes: [String: [String: TypeReference]] = [:]
        for definition in types.values {
            var byName = Dictionary(definition.fields.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
            if definition.kind.isComposite { byName["__typename"] = .nonNull(.named("String")) }
            fieldTypes[definition.name] = byName
        }
        self.fieldTypes = fieldTypes
    }

    // MARK: - Lookups

    /// The type called `name`, if the schema defines one.
    public func type(named name: String) -> TypeDefinition? { types[name] }

    /// The type of the field `fieldName` on the object or interface type `typeName`.
    ///
    /// `__typename` is `String!` on every composite type, as GraphQL's introspection says.
    /// - Returns: nil when the schema knows no such type or field.
    public func fieldType(_ fieldName: String, on typeName: String) -> TypeReference? {
        fieldTypes[typeName]?[fieldName]
    }

    /// Whether `name` is an interface or a union.
    public func isAbstract(_ name: String) -> Bool {
        types[name]?.kind.isAbstract ?? false
    }

    /// The object types that may stand for `name`, sorted: its members or implementations for an
    /// abstract type, itself for an object type, none otherwise.
    public func possibleTypes(of name: String) -> [String] {
        guard let type = types[name] else { return [] }
        if type.kind == .object { return [name] }
        return possibleTypeSets[name].map { $0.sorted() } ?? []
    }

    /// Whether an object of type `objectType` meets a type condition on `condition`: the condition
    /// names the type itself, or an interface or union it belongs to.
    public func objectType(_ objectType: String, meets condition: String) -> Bool {
        objectType == condition || possibleTypeSets[condition]?.contains(objectType) == true
    }

    /// Each interface and union with the object types that may stand for it: what
    /// `Store(possibleTypes:)` takes, so the runtime's type conditions agree with the normalizer's.
    public var possibleTypesByAbstractType: [String: Set<String>] { possibleTypeSets }

    /// The root type of an operation of `kind`.
    public func rootType(for kind: Operation.Kind) -> String? {
        switch kind {
        case .query: return queryType
        case .mutation: return mutationType
        case .subscription: return subscriptionType
        }
    }
}
