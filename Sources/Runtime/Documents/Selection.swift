/// One entry of a selection set: a field, an inline fragment, or a fragment spread.
public enum Selection: Hashable, Sendable {
    case field(Field)
    case inlineFragment(InlineFragment)
    case fragmentSpread(FragmentSpread)
}

/// A field selection: `alias: name(arguments) @directives { selections }`.
public struct Field: Hashable, Sendable {
    /// The alias, when one was written.
    public var alias: String?
    /// The schema field's name.
    public var name: String
    /// The arguments, in the order written; may contain variables.
    public var arguments: [Argument]
    /// The directives written on the field.
    public var directives: [Directive]
    /// The selections beneath the field; empty for a leaf.
    public var selections: [Selection]

    /// A field as written: `name` is the schema's field and what the store keys on, `alias` (nil unless
    /// written) its key in the response; no schema is consulted here.
    public init(
        _ name: String,
        alias: String? = nil,
        arguments: [Argument] = [],
        directives: [Directive] = [],
        selections: [Selection] = []
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selections = selections
    }

    /// The key this field has in a response: the alias, or else the name.
    public var responseKey: String { alias ?? name }

    /// The key this field is stored under in a record: the name, with the arguments resolved and sorted.
    ///
    /// `characters(page: $page)` with `page = 1` is stored as `characters(page:1)`. Two aliases of one
    /// field with equal arguments share a slot; a field without arguments is stored under its name.
    public func storageKey(variables: [String: InputValue]) -> String {
        guard !arguments.isEmpty else { return name }
        let sorted = arguments.sorted { $0.name < $1.name }
        let text = sorted.map { "\($0.name):\($0.value.resolved(with: variables).canonicalText)" }
        return name + "(" + text.joined(separator: ",") + ")"
    }

    /// The action of `@required` on this field, if any.
    public var required: RequiredAction? { directives.requiredAction }

    /// The target of `@catch` on this field, if any.
    public var catchTarget: CatchTarget? { directives.catchTarget }
}

/// An inline fragment: `... on Type @directives { selections }`.
public struct InlineFragment: Hashable, Sendable {
    /// The type condition, or nil for `... { }`, which applies to every type.
    public var typeCondition: String?
    /// The directives written on the inline fragment.
    public var directives: [Directive]
    /// Its selections.
    public var selections: [Selection]

    /// An inline fragment as written, `on: nil` for `... { }`, which applies to every type.
    public init(on typeCondition: String?, directives: [Directive] = [], selections: [Selection]) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selections = selections
    }
}

/// A fragment spread: `...Name @directives`.
public struct FragmentSpread: Hashable, Sendable {
    /// The spread fragment's name.
    public var name: String
    /// The directives written on the spread.
    public var directives: [Directive]

    /// A spread of the fragment `name`, which every operation holding the spread must carry in its
    /// `fragments` (`Document.init(operations:fragments:)` links them).
    public init(_ name: String, directives: [Directive] = []) {
        self.name = name
        self.directives = directives
    }
}
