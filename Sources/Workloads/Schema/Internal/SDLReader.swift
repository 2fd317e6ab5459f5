import Runtime

/// Reads the SDL subset the fixtures' schema is written in into a `Schema`: recursive descent over
/// `SDLTokenizer`'s tokens.
///
/// Definitions: `schema`, `scalar`, `type`, `interface` (both with `implements A & B`), `union`,
/// `enum`, `input`, and `directive` definitions, which are read and dropped. Descriptions are read
/// and dropped; directives on definitions are read and dropped. Type extensions (`extend`) are
/// refused with an error rather than half-applied, and so is the pre-2018 `implements A, B` form (commas
/// are ignored tokens, so it cannot be told from a body-less type followed by the next definition).
/// Nesting of types and values is bounded, so no
/// input can exhaust the stack.
struct SDLReader {
    /// A type name a definition refers to, checked once every definition is read.
    struct Reference {
        var token: SDLToken
        var allowed: Set<Schema.TypeKind>
        /// What the name is used as, for the message: "a field type", "an interface".
        var role: String
    }

    static let maximumDepth = 128

    private let tokens: [SDLToken]
    private var index = 0
    private var depth = 0
    var definitions: [Schema.TypeDefinition] = []
    /// The name token of each definition, parallel to `definitions`.
    var definitionTokens: [SDLToken] = []
    var references: [Reference] = []
    var roots: [Operation.Kind: SDLToken] = [:]
    private var sawSchemaDefinition = false

    init(tokens: [SDLToken]) { self.tokens = tokens }

    /// Reads SDL text into a schema.
    /// - Throws: `SDLSyntaxError` at the first token that does not fit, or the first bad reference.
    static func read(_ text: String) throws(SDLSyntaxError) -> Schema {
        var reader = SDLReader(tokens: try SDLTokenizer.tokenize(text))
        while reader.current.kind != .end { try reader.readDefinition() }
        return try reader.validatedSchema()
    }

    // MARK: - Definitions

    private mutating func readDefinition() throws(SDLSyntaxError) {
        if current.kind == .string { advance() }
        let keyword = try expectName("a definition (type, interface, union, enum, scalar, input, schema, directive)")
        switch keyword.text {
        case "schema": try readSchemaDefinition(keyword)
        case "scalar":
            let name = try readTypeName(keyword)
            try readDirectives()
            define(Schema.TypeDefinition(name.text, kind: .scalar), at: name)
        case "type", "interface":
            let name = try readTypeName(keyword)
            let interfaces = try readImplements()
            try readDirectives()
            let fields = try readFieldsDefinition()
            let kind: Schema.TypeKind = keyword.text == "type" ? .object : .interface
            define(Schema.TypeDefinition(name.text, kind: kind, fields: fields, interfaces: interfaces), at: name)
        case "union":
            let name = try readTypeName(keyword)
            try readDirectives()
            define(Schema.TypeDefinition(name.text, kind: .union, members: try readUnionMembers()), at: name)
        case "enum":
            let name = try readTypeName(keyword)
            try readDirectives()
            define(Schema.TypeDefinition(name.text, kind: .enumeration, enumValues: try readEnumValues()), at: name)
        case "input":
            let name = try readTypeName(keyword)
            try readDirectives()
            define(Schema.TypeDefinition(name.text, kind: .inputObject, fields: try readInputFields()), at: name)
        case "directive": try readDirectiveDefinition()
        case "extend": throw error(at: keyword, "type extensions ('extend') are not supported; merge them into the definition")
        default: throw error(at: keyword, "expected a definition (type, interface, union, enum, scalar, input, schema, directive), found \(keyword.quoted)")
        }
    }

    private mutating func readTypeName(_ keyword: SDLToken) throws(SDLSyntaxError) -> SDLToken {
        try expectName("a type name after '\(keyword.text)'")
    }

    private mutating func define(_ definition: Schema.TypeDefinition, at token: SDLToken) {
        definitions.append(definition)
        definitionTokens.append(token)
    }

    private mutating func readSchemaDefinition(_ keyword: SDLToken) throws(SDLSyntaxError) {
        guard !sawSchemaDefinition else { throw error(at: keyword, "a schema has one 'schema' definition") }
        sawSchemaDefinition = true
        try readDirectives()
        try expect("{", "after 'schema'")
        while !skip("}") {
            let operation = try expectName("'query', 'mutation' or 'subscription'")
            guard let kind = Operation.Kind(rawValue: operation.text) else {
                throw error(at: operation, "expected 'query', 'mutation' or 'subscription', found \(operation.quoted)")
            }
            try expect(":", "after '\(operation.text)'")
            let type = try expectName("a type name")
            roots[kind] = type
            references.append(Reference(token: type, allowed: [.object], role: "a root operation type"))
        }
    }

    private mutating func readImplements() throws(SDLSyntaxError) -> [String] {
        guard current.kind == .name, current.text == "implements" else { return [] }
        advance()
        _ = skip("&")
        var names: [String] = []
        repeat {
            let name = try expectName("an interface name")
            references.append(Reference(token: name, allowed: [.interface], role: "an implemented interface"))
            names.append(name.text)
        } while skip("&")
        return names
    }

    private mutating func readUnionMembers() throws(SDLSyntaxError) -> [String] {
        guard skip("=") else { return [] }
        _ = skip("|")
        var members: [String] = []
        repeat {
            let member = try expectName("a member type name")
            references.append(Reference(token: member, allowed: [.object], role: "a union member"))
            members.append(member.text)
        } while skip("|")
        return members
    }

    private mutating func readEnumValues() throws(SDLSyntaxError) -> [String] {
        guard skip("{") else { return [] }
        var values: [String] = []
        while !skip("}") {
            if current.kind == .string { advance() }
            let value = try expectName("an enum value")
            guard !["true", "false", "null"].contains(value.text) else {
                throw error(at: value, "an enum value cannot be \(value.quoted)")
            }
            try readDirectives()
            values.append(value.text)
        }
        return values
    }

    private mutating func readDirectiveDefinition() throws(SDLSyntaxError) {
        try expect("@", "after 'directive'")
        _ = try expectName("a directive name")
        if current.text == "(", current.kind == .punctuator { _ = try readArgumentsDefinition() }
        if current.kind == .name, current.text == "repeatable" { advance() }
        let on = try expectName("'on'")
        guard on.text == "on" else { throw error(at: on, "expected 'on', found \(on.quoted)") }
        _ = skip("|")
        repeat { _ = try expectName("a directive location") } while skip("|")
    }

    // MARK: - Token helpers

    var current: SDLToken { tokens[index] }

    mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    /// Steps over the punctuator `text` when it is next.
    mutating func skip(_ text: String) -> Bool {
        guard current.kind == .punctuator, current.text == text else { return false }
        advance()
        return true
    }

    mutating func expect(_ text: String, _ context: String) throws(SDLSyntaxError) {
        guard skip(text) else { throw error(at: current, "expected '\(text)' \(context), found \(current.quoted)") }
    }

    mutating func expectName(_ what: String) throws(SDLSyntaxError) -> SDLToken {
        let token = current
        guard token.kind == .name else { throw error(at: token, "expected \(what), found \(token.quoted)") }
        advance()
        return token
    }

    /// Enters one level of `[`/`{` nesting, refusing input that nests too deeply to read safely.
    mutating func enter() throws(SDLSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error(at: current, "nesting deeper than \(Self.maximumDepth)") }
    }

    mutating func leave() { depth -= 1 }

    func error(at token: SDLToken, _ message: String) -> SDLSyntaxError {
        SDLSyntaxError(line: token.line, column: token.column, message: message)
    }
}
