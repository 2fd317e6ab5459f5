import Runtime

extension Schema {
    /// What sort of type a definition makes.
    public enum TypeKind: String, Hashable, Sendable {
        case scalar
        case object = "type"
        case interface
        case union
        case enumeration = "enum"
        case inputObject = "input"

        /// Whether values of the type have fields a selection can pick: object, interface, union.
        public var isComposite: Bool { self == .object || self == .interface || self == .union }

        /// Whether the type stands for one of several object types: interface, union.
        public var isAbstract: Bool { self == .interface || self == .union }
    }

    /// One type of the schema: a scalar, object, interface, union, enum or input object.
    public struct TypeDefinition: Hashable, Sendable {
        /// The type's name.
        public var name: String
        /// What sort of type it is.
        public var kind: TypeKind
        /// The fields of an object, interface or input object, in the order written.
        public private(set) var fields: [FieldDefinition]
        /// The interfaces an object or interface implements, in the order written.
        public var interfaces: [String]
        /// The member types of a union, in the order written.
        public var members: [String]
        /// The values of an enum, in the order written.
        public var enumValues: [String]
        /// The position of each field in `fields`: the normalizer looks a field up for every field of
        /// every object of a response.
        private var fieldIndex: [String: Int]

        /// A type as the SDL reader or a test defines it; leave empty the lists `kind` has no use for (nothing
        /// checks). Of two fields of one name, `field(named:)` finds the first.
        public init(
            _ name: String,
            kind: TypeKind,
            fields: [FieldDefinition] = [],
            interfaces: [String] = [],
            members: [String] = [],
            enumValues: [String] = []
        ) {
            self.name = name
            self.kind = kind
            self.fields = fields
            self.interfaces = interfaces
            self.members = members
            self.enumValues = enumValues
            self.fieldIndex = Dictionary(fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        }

        /// The field called `name`, if the type has one.
        public func field(named name: String) -> FieldDefinition? {
            fieldIndex[name].map { fields[$0] }
        }
    }

    /// A field of an object, interface or input object type: `name(arguments): Type`.
    public struct FieldDefinition: Hashable, Sendable {
        /// The field's name.
        public var name: String
        /// Its type, with list and non-null wrappers.
        public var type: TypeReference
        /// Its arguments, in the order written; always empty on an input object's field.
        public var arguments: [InputValueDefinition]

        /// A field as the SDL reader reads it; an input object's field has no arguments, and its default is dropped.
        public init(_ name: String, type: TypeReference, arguments: [InputValueDefinition] = []) {
            self.name = name
            self.type = type
            self.arguments = arguments
        }
    }

    /// An argument of a field: `name: Type = default`.
    public struct InputValueDefinition: Hashable, Sendable {
        /// The argument's name.
        public var name: String
        /// Its type.
        public var type: TypeReference
        /// Its default value, when one is written.
        public var defaultValue: InputValue?

        /// An argument as written; `defaultValue` is a constant, read with variables refused.
        public init(_ name: String, type: TypeReference, defaultValue: InputValue? = nil) {
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
        }
    }
}

// Internal, so that a Runtime that grows the same names does not make them ambiguous here.
extension TypeReference {
    /// The named type inside the list and non-null wrappers: `Character` for `[Character!]!`.
    var namedType: String {
        switch self {
        case .named(let name): return name
        case .list(let inner), .nonNull(let inner): return inner.namedType
        }
    }

    /// The type without its outer non-null wrapper, if it has one: what a null may stand in for.
    var nullable: TypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The element type, when the type (nullable or not) is a list.
    var listElement: TypeReference? {
        if case .list(let element) = nullable { return element }
        return nil
    }
}
