/// A named fragment definition: `fragment Name on Type @directives { selections }`.
///
/// A fragment is read through its own lens; what happens inside it (a field error under its own
/// `@throwOnFieldError`, a `@required` field that bubbles to its root) is the fragment's, not the
/// spreading operation's.
public struct Fragment: Hashable, Sendable {
    /// The fragment's name.
    public var name: String
    /// The type it applies to.
    public var typeCondition: String
    /// The directives written on the definition.
    public var directives: [Directive]
    /// Its selections.
    public var selections: [Selection]

    /// A fragment as written. The parser checks that a document's fragments have distinct names and spread
    /// no cycle; code that builds them keeps both.
    public init(_ name: String, on typeCondition: String, directives: [Directive] = [], selections: [Selection]) {
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selections = selections
    }

    /// Whether the fragment carries `@throwOnFieldError`.
    public var throwsOnFieldError: Bool { directives.hasThrowOnFieldError }
}
