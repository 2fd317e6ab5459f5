import Runtime

extension SDLReader {
    // MARK: - Fields and arguments

    /// `{ description? name(arguments)?: Type directives* ... }`, or nothing for a type without a body.
    mutating func readFieldsDefinition() throws(SDLSyntaxError) -> [Schema.FieldDefinition] {
        guard skip("{") else { return [] }
        var fields: [Schema.FieldDefinition] = []
        while !skip("}") {
            if current.kind == .string { advance() }
            let name = try expectName("a field name")
            var arguments: [Schema.InputValueDefinition] = []
            if current.kind == .punctuator, current.text == "(" { arguments = try readArgumentsDefinition() }
            try expect(":", "after field '\(name.text)'")
            let type = try readType(role: "a field type", allowed: Self.outputKinds)
            try readDirectives()
            fields.append(Schema.FieldDefinition(name.text, type: type, arguments: arguments))
        }
        return fields
    }

    /// An input object's fields, kept as fields without arguments; their defaults are read and dropped.
    mutating func readInputFields() throws(SDLSyntaxError) -> [Schema.FieldDefinition] {
        guard skip("{") else { return [] }
        var fields: [Schema.FieldDefinition] = []
        while !skip("}") {
            let definition = try readInputValueDefinition()
            fields.append(Schema.FieldDefinition(definition.name, type: definition.type))
        }
        return fields
    }

    /// `( name: Type = default directives* ... )`.
    mutating func readArgumentsDefinition() throws(SDLSyntaxError) -> [Schema.InputValueDefinition] {
        try expect("(", "before arguments")
        var arguments: [Schema.InputValueDefinition] = []
        repeat { arguments.append(try readInputValueDefinition()) } while !skip(")")
        return arguments
    }

    private mutating func readInputValueDefinition() throws(SDLSyntaxError) -> Schema.InputValueDefinition {
        if current.kind == .string { advance() }
        let name = try expectName("an argument or input field name")
        try expect(":", "after '\(name.text)'")
        let type = try readType(role: "an input type", allowed: Self.inputKinds)
        var defaultValue: InputValue?
        if skip("=") { defaultValue = try readValue() }
        try readDirectives()
        return Schema.InputValueDefinition(name.text, type: type, defaultValue: defaultValue)
    }

    static let outputKinds: Set<Schema.TypeKind> = [.scalar, .object, .interface, .union, .enumeration]
    static let inputKinds: Set<Schema.TypeKind> = [.scalar, .enumeration, .inputObject]

    // MARK: - Types

    /// `Name`, `[Type]`, either followed by `!`.
    mutating func readType(role: String, allowed: Set<Schema.TypeKind>) throws(SDLSyntaxError) -> TypeReference {
        var type: TypeReference
        if skip("[") {
            try enter()
            type = .list(try readType(role: role, allowed: allowed))
            try expect("]", "to close a list type")
            leave()
        } else {
            let name = try expectName("a type")
            references.append(Reference(token: name, allowed: allowed, role: role))
            type = .named(name.text)
        }
        if skip("!") { type = .nonNull(type) }
        return type
    }

    // MARK: - Directives and values

    /// `@name(arguments)*`, read and dropped: the schema keeps no directive.
    mutating func readDirectives() throws(SDLSyntaxError) {
        while skip("@") {
            _ = try expectName("a directive name after '@'")
            guard skip("(") else { continue }
            repeat {
                let name = try expectName("an argument name")
                try expect(":", "after argument '\(name.text)'")
                _ = try readValue()
            } while !skip(")")
        }
    }

    /// A constant value: a default, or a directive's argument.
    mutating func readValue() throws(SDLSyntaxError) -> InputValue {
        let token = current
        switch token.kind {
        case .int:
            advance()
            guard let value = Int(token.text) else { throw error(at: token, "integer \(token.text) is out of range") }
            return .int(value)
        case .float:
            advance()
            guard let value = Double(token.text), value.isFinite else { throw error(at: token, "number \(token.text) is out of range") }
            return .float(value)
        case .string:
            advance()
            return .string(token.text)
        case .name:
            advance()
            switch token.text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default: return .enumValue(token.text)
            }
        case .punctuator where token.text == "[":
            advance()
            try enter()
            var items: [InputValue] = []
            while !skip("]") { items.append(try readValue()) }
            leave()
            return .list(items)
        case .punctuator where token.text == "{":
            advance()
            try enter()
            var fields: [InputValue.ObjectField] = []
            while !skip("}") {
                let name = try expectName("an input field name")
                try expect(":", "after input field '\(name.text)'")
                fields.append(InputValue.ObjectField(name: name.text, value: try readValue()))
            }
            leave()
            return .object(fields)
        case .punctuator where token.text == "$":
            throw error(at: token, "a schema's values are constants; variables are not allowed")
        case .punctuator, .end:
            throw error(at: token, "expected a value, found \(token.quoted)")
        }
    }
}
