import JSON
import Runtime

/// Parses GraphQL executable documents into the runtime's `Document` values.
///
/// The parser reads the executable part of the GraphQL specification (current draft): operations,
/// named or anonymous, including the `{ ... }` query shorthand, with variable definitions, defaults and
/// directives; fragment definitions; fields with aliases, arguments and selections; inline fragments;
/// fragment spreads; and every value literal. Type system definitions (`type`, `schema`, `extend`, ...)
/// are rejected: they are not executable.
///
/// After parsing, the document is checked as a whole: each spread names a defined fragment, no two
/// operations or fragments share a name, and no fragment spreads itself.
///
/// Some choices the specification leaves to the implementation:
/// - An int literal must fit in `Int` (64 bits); a larger one is an error, not a float.
/// - A float literal must be finite as a `Double`: `1e400` is an error.
/// - Selection sets, lists, input objects and list types nest at most `maxDepth` deep, so no input can
///   exhaust the stack.
///
/// ```swift
/// let document = try GraphQLParser.parse("query Hero { hero { name } }", file: "hero.graphql")
/// ```
public struct GraphQLParser {
    /// How deep selection sets, list and input object values, and list types may nest, together.
    public static let maxDepth = 512

    /// Parses `text` as an executable GraphQL document.
    ///
    /// - Parameters:
    ///   - text: The document's text.
    ///   - file: The name errors are reported in; the parser never opens it.
    /// - Returns: The document, each operation linked to the fragments it reaches.
    /// - Throws: `ParseError`, at the first offending token, for text that is not a valid executable
    ///   document.
    /// - Complexity: O(n) in the length of `text`, plus the fragment checks, linear in the spreads.
    public static func parse(_ text: String, file: String = "<input>") throws(ParseError) -> Document {
        var parser = try GraphQLParser(Source(text, file: file))
        return try parser.document()
    }

    let source: Source
    var lexer: Lexer
    /// The current token: the next one the grammar has not yet consumed.
    var token: Token
    /// How many selection sets, lists, input objects and list types enclose the current token.
    var depth = 0
    var references = FragmentReferences()

    /// A parser at the first token of `source`; the schema reader uses one as its cursor over tokens,
    /// values, directives and types, which the type system's grammar shares with documents.
    init(_ source: Source) throws(ParseError) {
        self.source = source
        self.lexer = Lexer(source)
        self.token = try lexer.next()
    }

    // MARK: - Definitions

    private mutating func document() throws(ParseError) -> Document {
        var operations: [Operation] = []
        var fragments: [Fragment] = []
        repeat {
            if token.kind == .name, source.token(token, is: "fragment") {
                fragments.append(try fragment())
            } else {
                operations.append(try operation())
            }
        } while token.kind != .end
        try references.validate(in: source)
        return Document(operations: operations, fragments: fragments)
    }

    /// `OperationDefinition`: `query Name($v: T) @d { ... }`, or the shorthand `{ ... }`.
    private mutating func operation() throws(ParseError) -> Operation {
        if token.kind == .leftBrace {
            let selections = try selectionSet()
            references.endDefinition(fragment: nil)
            return Operation(.query, selections: selections)
        }
        guard token.kind == .name, let kind = Operation.Kind(rawValue: text()) else { throw notADefinition() }
        try advance()
        var name: String? = nil
        if token.kind == .name {
            name = text()
            try references.defineOperation(text(), at: token.start, in: source)
            try advance()
        }
        let variables = token.kind == .leftParen ? try variableDefinitions() : []
        let directives = try directives(const: false)
        guard token.kind == .leftBrace else {
            let expected = name == nil && variables.isEmpty && directives.isEmpty ? "operation name, '(', '@' or '{'" : "'{'"
            throw unexpected(expected)
        }
        let selections = try selectionSet()
        references.endDefinition(fragment: nil)
        return Operation(kind, name: name, variableDefinitions: variables, directives: directives, selections: selections)
    }

    /// `FragmentDefinition`: `fragment Name on Type @d { ... }`.
    private mutating func fragment() throws(ParseError) -> Fragment {
        try advance()
        guard token.kind == .name, !source.token(token, is: "on") else { throw unexpected("fragment name") }
        let name = text()
        try references.defineFragment(name, at: token.start, in: source)
        try advance()
        guard source.token(token, is: "on") else { throw unexpected("'on' after fragment name") }
        try advance()
        guard token.kind == .name else { throw unexpected("type name after 'on'") }
        let typeCondition = text()
        try advance()
        let directives = try directives(const: false)
        let selections = try selectionSet()
        references.endDefinition(fragment: name)
        return Fragment(name, on: typeCondition, directives: directives, selections: selections)
    }

    /// The error for a token that cannot start an executable definition, naming type system
    /// definitions as such, with or without a description before them.
    private mutating func notADefinition() -> ParseError {
        let expected = "operation or fragment definition"
        if token.kind == .string || token.kind == .blockString, let next = try? lexer.next(), isTypeSystemKeyword(next) {
            token = next
        }
        guard isTypeSystemKeyword(token) else { return unexpected(expected) }
        return unexpected(expected, found: "type system definition '\(text())', which is not executable")
    }

    private func isTypeSystemKeyword(_ token: Token) -> Bool {
        guard token.kind == .name else { return false }
        switch source.text(token.start, token.end) {
        case "schema", "scalar", "type", "interface", "union", "enum", "input", "directive", "extend": return true
        default: return false
        }
    }

    // MARK: - Tokens

    /// Moves to the next token.
    mutating func advance() throws(ParseError) {
        token = try lexer.next()
    }

    /// The current token's text.
    func text() -> String {
        source.text(token.start, token.end)
    }

    /// An `expected X, found Y` error at the current token.
    func unexpected(_ expected: String, found: String? = nil) -> ParseError {
        source.error(at: token.start, "expected \(expected), found \(found ?? source.describe(token))")
    }

    /// Counts one more level of nesting, opened by the current token.
    ///
    /// - Throws: `ParseError` past `maxDepth`, before any recursion goes deeper.
    mutating func enter() throws(ParseError) {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw unexpected("at most \(Self.maxDepth) levels of nesting", found: "\(source.describe(token)) opening level \(depth)")
        }
    }

    /// Where the token at `offset` is, as `line:column`, for messages that point back at an opener.
    func place(_ offset: Int) -> String {
        let (line, column) = source.location(of: offset)
        return "\(line):\(column)"
    }
}
