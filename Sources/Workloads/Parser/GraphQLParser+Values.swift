import JSON
import Runtime

/// Arguments, directives, values, variable definitions and type references.
extension GraphQLParser {
    // MARK: - Arguments and directives

    /// `Arguments`: `(name: value, ...)`, at least one. With `const`, values may not hold variables.
    mutating func arguments(const: Bool) throws(ParseError) -> [Argument] {
        try advance()
        var arguments: [Argument] = []
        repeat {
            guard token.kind == .name else { throw unexpected(arguments.isEmpty ? "argument name" : "argument name or ')'") }
            let name = text()
            try advance()
            guard token.kind == .colon else { throw unexpected("':' after argument name '\(name)'") }
            try advance()
            arguments.append(Argument(name: name, value: try value(const: const)))
        } while token.kind != .rightParen
        try advance()
        return arguments
    }

    /// `Directives`: zero or more `@name(arguments)`.
    mutating func directives(const: Bool) throws(ParseError) -> [Directive] {
        var directives: [Directive] = []
        while token.kind == .at {
            try advance()
            guard token.kind == .name else { throw unexpected("directive name after '@'") }
            let name = text()
            try advance()
            let arguments = token.kind == .leftParen ? try arguments(const: const) : []
            directives.append(Directive(name, arguments: arguments))
        }
        return directives
    }

    // MARK: - Values

    /// `Value`: a variable (unless `const`), a literal, a list or an input object.
    mutating func value(const: Bool) throws(ParseError) -> InputValue {
        switch token.kind {
        case .dollar:
            guard !const else { throw unexpected("constant value", found: "variable (not allowed in a constant value)") }
            try advance()
            guard token.kind == .name else { throw unexpected("variable name after '$'") }
            let name = text()
            try advance()
            return .variable(name)
        case .int:
            let value = try intValue()
            try advance()
            return .int(value)
        case .float:
            guard let value = Double(text()), value.isFinite else {
                throw unexpected("float within the range of Double")
            }
            try advance()
            return .float(value)
        case .string, .blockString:
            let value = token.value
            try advance()
            return .string(value)
        case .name:
            let value: InputValue
            switch text() {
            case "true": value = .bool(true)
            case "false": value = .bool(false)
            case "null": value = .null
            default: value = .enumValue(text())
            }
            try advance()
            return value
        case .leftBracket:
            return .list(try list(const: const))
        case .leftBrace:
            return .object(try object(const: const))
        default:
            throw unexpected("value")
        }
    }

    /// The current int token's value, read digit by digit so that overflow is caught, not trapped.
    private func intValue() throws(ParseError) -> Int {
        var index = token.start
        let negative = source.bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value = 0
        while index < token.end {
            let digit = Int(source.bytes[index] - UInt8(ascii: "0"))
            let (shifted, shiftOverflow) = value.multipliedReportingOverflow(by: 10)
            // Accumulating towards the sign keeps `Int.min` representable.
            let (next, addOverflow) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !shiftOverflow, !addOverflow else { throw unexpected("integer within the range of a 64-bit Int") }
            value = next
            index += 1
        }
        return value
    }

    /// `ListValue`: `[value ...]`, possibly empty.
    private mutating func list(const: Bool) throws(ParseError) -> [InputValue] {
        let open = token.start
        try enter()
        try advance()
        var items: [InputValue] = []
        while token.kind != .rightBracket {
            guard token.kind != .end else { throw unexpected("']' to close the list opened at \(place(open))") }
            items.append(try value(const: const))
        }
        try advance()
        depth -= 1
        return items
    }

    /// `ObjectValue`: `{name: value ...}`, possibly empty.
    private mutating func object(const: Bool) throws(ParseError) -> [InputValue.ObjectField] {
        let open = token.start
        try enter()
        try advance()
        var fields: [InputValue.ObjectField] = []
        while token.kind != .rightBrace {
            guard token.kind != .end else { throw unexpected("'}' to close the input object opened at \(place(open))") }
            guard token.kind == .name else { throw unexpected("input object field name or '}'") }
            let name = text()
            try advance()
            guard token.kind == .colon else { throw unexpected("':' after input object field name '\(name)'") }
            try advance()
            fields.append(InputValue.ObjectField(name: name, value: try value(const: const)))
        }
        try advance()
        depth -= 1
        return fields
    }

    // MARK: - Variable definitions

    /// `VariableDefinitions`: `($name: Type = default @directives, ...)`, at least one.
    ///
    /// Defaults and the directives of a variable definition are constant: they may not use variables.
    mutating func variableDefinitions() throws(ParseError) -> [VariableDefinition] {
        try advance()
        var definitions: [VariableDefinition] = []
        repeat {
            guard token.kind == .dollar else { throw unexpected(definitions.isEmpty ? "variable definition '$name'" : "'$' or ')'") }
            try advance()
            guard token.kind == .name else { throw unexpected("variable name after '$'") }
            let name = text()
            try advance()
            guard token.kind == .colon else { throw unexpected("':' after variable '$\(name)'") }
            try advance()
            let type = try typeReference().type
            var defaultValue: InputValue? = nil
            if token.kind == .equals {
                try advance()
                defaultValue = try value(const: true)
            }
            let directives = try directives(const: true)
            definitions.append(VariableDefinition(name, type: type, defaultValue: defaultValue, directives: directives))
        } while token.kind != .rightParen
        try advance()
        return definitions
    }

    /// `Type`: `Name`, `[Type]`, either followed by `!`.
    ///
    /// - Returns: the type, and the token of the name it wraps, for a reader that checks the name
    ///   against the types it defines (the schema reader does).
    mutating func typeReference() throws(ParseError) -> (type: TypeReference, name: Token) {
        var type: TypeReference
        let name: Token
        switch token.kind {
        case .name:
            name = token
            type = .named(text())
            try advance()
        case .leftBracket:
            let open = token.start
            try enter()
            try advance()
            let inner = try typeReference()
            guard token.kind == .rightBracket else { throw unexpected("']' to close the list type opened at \(place(open))") }
            try advance()
            depth -= 1
            type = .list(inner.type)
            name = inner.name
        default:
            throw unexpected("type")
        }
        if token.kind == .bang {
            try advance()
            type = .nonNull(type)
        }
        return (type, name)
    }
}
