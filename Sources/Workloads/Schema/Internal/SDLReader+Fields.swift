import JSON
import Runtime

extension SDLReader {
    // MARK: - Fields and arguments

    /// `{ description? name(arguments)?: Type directives* ... }`, or nothing for a type without a body.
    mutating func readFieldsDefinition() throws(ParseError) -> [Schema.FieldDefinition] {
        guard try skip(.leftBrace) else { return [] }
        var fields: [Schema.FieldDefinition] = []
        while try !skip(.rightBrace) {
            try skipDescription()
            let name = try expectName("a field name")
            var arguments: [Schema.InputValueDefinition] = []
            if token.kind == .leftParen { arguments = try readArgumentsDefinition() }
            try expect(.colon, "after field '\(text(name))'")
            let type = try readType(role: "a field type", allowed: Self.outputKinds)
            try readDirectives()
            fields.append(Schema.FieldDefinition(text(name), type: type, arguments: arguments))
        }
        return fields
    }

    /// An input object's fields, kept as fields without arguments; their defaults are read and dropped.
    mutating func readInputFields() throws(ParseError) -> [Schema.FieldDefinition] {
        guard try skip(.leftBrace) else { return [] }
        var fields: [Schema.FieldDefinition] = []
        while try !skip(.rightBrace) {
            let definition = try readInputValueDefinition()
            fields.append(Schema.FieldDefinition(definition.name, type: definition.type))
        }
        return fields
    }

    /// `( name: Type = default directives* ... )`.
    mutating func readArgumentsDefinition() throws(ParseError) -> [Schema.InputValueDefinition] {
        try expect(.leftParen, "before arguments")
        var arguments: [Schema.InputValueDefinition] = []
        repeat { arguments.append(try readInputValueDefinition()) } while try !skip(.rightParen)
        return arguments
    }

    private mutating func readInputValueDefinition() throws(ParseError) -> Schema.InputValueDefinition {
        try skipDescription()
        let name = try expectName("an argument or input field name")
        try expect(.colon, "after '\(text(name))'")
        let type = try readType(role: "an input type", allowed: Self.inputKinds)
        // Defaults are constants: the executable grammar's values, without variables.
        let defaultValue = try skip(.equals) ? try parser.value(const: true) : nil
        try readDirectives()
        return Schema.InputValueDefinition(text(name), type: type, defaultValue: defaultValue)
    }

    static let outputKinds: Set<Schema.TypeKind> = [.scalar, .object, .interface, .union, .enumeration]
    static let inputKinds: Set<Schema.TypeKind> = [.scalar, .enumeration, .inputObject]

    // MARK: - Types and directives

    /// A type reference, its name noted to be checked once every definition is read.
    mutating func readType(role: String, allowed: Set<Schema.TypeKind>) throws(ParseError) -> TypeReference {
        let (type, name) = try parser.typeReference()
        references.append(Reference(token: name, allowed: allowed, role: role))
        return type
    }

    /// `@name(arguments)*`, read and dropped: the schema keeps no directive.
    mutating func readDirectives() throws(ParseError) {
        _ = try parser.directives(const: true)
    }
}
