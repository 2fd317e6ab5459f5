import JSON
import Runtime

/// Reads the SDL subset the fixtures' schema is written in into a `Schema`: recursive descent over the
/// GraphQL lexer's tokens.
///
/// Definitions: `schema`, `scalar`, `type`, `interface` (both with `implements A & B`), `union`,
/// `enum`, `input`, and `directive` definitions, which are read and dropped. Descriptions are read
/// and dropped; directives on definitions are read and dropped. Type extensions (`extend`) are
/// refused with an error rather than half-applied, and so is the pre-2018 `implements A, B` form (commas
/// are ignored tokens, so it cannot be told from a body-less type followed by the next definition).
/// Values, directives and type references are the executable grammar's, read by `GraphQLParser`,
/// which serves as the cursor over the tokens; nesting is bounded by its `maxDepth`, so no input can
/// exhaust the stack.
struct SDLReader {
    /// A type name a definition refers to, checked once every definition is read.
    struct Reference {
        var token: Token
        var allowed: Set<Schema.TypeKind>
        /// What the name is used as, for the message: "a field type", "an interface".
        var role: String
    }

    /// The cursor over the tokens, with the readers of values, directives and types that a schema's
    /// grammar shares with a document's.
    var parser: GraphQLParser
    var definitions: [Schema.TypeDefinition] = []
    /// The name token of each definition, parallel to `definitions`.
    var definitionTokens: [Token] = []
    var references: [Reference] = []
    var roots: [Operation.Kind: Token] = [:]
    private var sawSchemaDefinition = false

    private init(_ source: Source) throws(ParseError) { parser = try GraphQLParser(source) }

    /// Reads SDL text into a schema.
    ///
    /// - Throws: `ParseError` at the first token that does not fit, or the first bad reference.
    static func read(_ text: String, file: String) throws(ParseError) -> Schema {
        var reader = try SDLReader(Source(text, file: file))
        while reader.token.kind != .end { try reader.readDefinition() }
        return try reader.validatedSchema()
    }

    // MARK: - Definitions

    private static let definitionKeywords = "a definition (type, interface, union, enum, scalar, input, schema, directive)"

    private mutating func readDefinition() throws(ParseError) {
        try skipDescription()
        let keyword = try expectName(Self.definitionKeywords)
        switch text(keyword) {
        case "schema": try readSchemaDefinition(keyword)
        case "scalar":
            let name = try readTypeName(keyword)
            try readDirectives()
            define(Schema.TypeDefinition(text(name), kind: .scalar), at: name)
        case "type", "interface":
            let name = try readTypeName(keyword)
            let interfaces = try readImplements()
            try readDirectives()
            let fields = try readFieldsDefinition()
            let kind: Schema.TypeKind = text(keyword) == "type" ? .object : .interface
            define(Schema.TypeDefinition(text(name), kind: kind, fields: fields, interfaces: interfaces), at: name)
        case "union":
            let name = try readTypeName(keyword)
            try readDirectives()
            define(Schema.TypeDefinition(text(name), kind: .union, members: try readUnionMembers()), at: name)
        case "enum":
            let name = try readTypeName(keyword)
            try readDirectives()
            define(Schema.TypeDefinition(text(name), kind: .enumeration, enumValues: try readEnumValues()), at: name)
        case "input":
            let name = try readTypeName(keyword)
            try readDirectives()
            define(Schema.TypeDefinition(text(name), kind: .inputObject, fields: try readInputFields()), at: name)
        case "directive": try readDirectiveDefinition()
        case "extend": throw error(at: keyword, "type extensions ('extend') are not supported; merge them into the definition")
        default: throw error(at: keyword, "expected \(Self.definitionKeywords), \(found(keyword))")
        }
    }

    private mutating func readTypeName(_ keyword: Token) throws(ParseError) -> Token {
        try expectName("a type name after '\(text(keyword))'")
    }

    private mutating func define(_ definition: Schema.TypeDefinition, at token: Token) {
        definitions.append(definition)
        definitionTokens.append(token)
    }

    private mutating func readSchemaDefinition(_ keyword: Token) throws(ParseError) {
        guard !sawSchemaDefinition else { throw error(at: keyword, "a schema has one 'schema' definition") }
        sawSchemaDefinition = true
        try readDirectives()
        try expect(.leftBrace, "after 'schema'")
        while try !skip(.rightBrace) {
            let operation = try expectName("'query', 'mutation' or 'subscription'")
            guard let kind = Operation.Kind(rawValue: text(operation)) else {
                throw error(at: operation, "expected 'query', 'mutation' or 'subscription', \(found(operation))")
            }
            try expect(.colon, "after '\(text(operation))'")
            let type = try expectName("a type name")
            roots[kind] = type
            references.append(Reference(token: type, allowed: [.object], role: "a root operation type"))
        }
    }

    private mutating func readImplements() throws(ParseError) -> [String] {
        guard isName("implements") else { return [] }
        try advance()
        return try readNames(joinedBy: .ampersand, "an interface name", allowed: [.interface], role: "an implemented interface")
    }

    private mutating func readUnionMembers() throws(ParseError) -> [String] {
        guard try skip(.equals) else { return [] }
        return try readNames(joinedBy: .pipe, "a member type name", allowed: [.object], role: "a union member")
    }

    /// `A & B` or `A | B`, the separator allowed before the first name too, each name noted to be checked.
    private mutating func readNames(
        joinedBy separator: Token.Kind, _ what: String, allowed: Set<Schema.TypeKind>, role: String
    ) throws(ParseError) -> [String] {
        _ = try skip(separator)
        var names: [String] = []
        repeat {
            let name = try expectName(what)
            references.append(Reference(token: name, allowed: allowed, role: role))
            names.append(text(name))
        } while try skip(separator)
        return names
    }

    private mutating func readEnumValues() throws(ParseError) -> [String] {
        guard try skip(.leftBrace) else { return [] }
        var values: [String] = []
        while try !skip(.rightBrace) {
            try skipDescription()
            let value = try expectName("an enum value")
            guard !["true", "false", "null"].contains(text(value)) else {
                throw error(at: value, "an enum value cannot be '\(text(value))'")
            }
            try readDirectives()
            values.append(text(value))
        }
        return values
    }

    private mutating func readDirectiveDefinition() throws(ParseError) {
        try expect(.at, "after 'directive'")
        _ = try expectName("a directive name")
        if token.kind == .leftParen { _ = try readArgumentsDefinition() }
        if isName("repeatable") { try advance() }
        guard isName("on") else { throw parser.unexpected("'on'") }
        try advance()
        _ = try skip(.pipe)
        repeat { _ = try expectName("a directive location") } while try skip(.pipe)
    }

    // MARK: - Token helpers

    var token: Token { parser.token }

    /// The text of a name, int or float token.
    func text(_ token: Token) -> String { parser.source.text(token.start, token.end) }

    mutating func advance() throws(ParseError) { try parser.advance() }

    /// Steps over a token of `kind` when it is next.
    mutating func skip(_ kind: Token.Kind) throws(ParseError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Steps over a token of `kind`, or fails saying what it was needed for.
    mutating func expect(_ kind: Token.Kind, _ context: String) throws(ParseError) {
        guard try skip(kind) else { throw parser.unexpected("\(kind.spelling) \(context)") }
    }

    /// Steps over a name, returning its token.
    mutating func expectName(_ what: String) throws(ParseError) -> Token {
        let name = token
        guard name.kind == .name else { throw parser.unexpected(what) }
        try advance()
        return name
    }

    /// Whether the current token is the name `word`.
    func isName(_ word: StaticString) -> Bool { parser.source.token(token, is: word) }

    /// Steps over a description, a string or block string before a definition; the schema keeps none.
    mutating func skipDescription() throws(ParseError) {
        if token.kind == .string || token.kind == .blockString { try advance() }
    }

    func error(at token: Token, _ message: String) -> ParseError {
        parser.source.error(at: token.start, message)
    }

    /// `found name 'x'`, for a token already stepped over.
    func found(_ token: Token) -> String { "found \(parser.source.describe(token))" }
}
