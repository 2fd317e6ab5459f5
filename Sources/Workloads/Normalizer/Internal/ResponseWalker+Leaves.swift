import JSON
import Runtime

extension ResponseWalker {
    /// A leaf field's non-null value as a scalar, checked against its schema type when there is one.
    ///
    /// Built-in scalars are held to their JSON form, with the coercions a typed client makes (an `ID`
    /// sent as a number is a string, a `Float` sent without a fraction is a double); an enum must be one
    /// of its values; a custom scalar may be any JSON scalar. An object is never a scalar.
    mutating func leafValue(_ value: JSONValue, type: TypeReference?) throws(NormalizeError) -> Scalar {
        let expectsList = type.map { $0.listElement != nil }
        switch value {
        case .array(let elements):
            if expectsList == false { throw mismatch("a scalar", found: value) }
            let elementType = type?.listElement
            var items: [Scalar?] = []
            items.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if case .null = element {
                    items.append(nil)
                    continue
                }
                path.append(.index(index))
                items.append(try leafValue(element, type: elementType))
                path.removeLast()
            }
            return .list(items)
        case .object:
            throw mismatch(expectsList == true ? "a list" : "a scalar", found: value)
        case .null, .bool, .int, .double, .string:
            if expectsList == true { throw mismatch("a list", found: value) }
            return try scalar(value, named: type?.namedType)
        }
    }

    private func scalar(_ value: JSONValue, named typeName: String?) throws(NormalizeError) -> Scalar {
        switch (typeName, value) {
        case ("Int", .int(let number)): return .int(number)
        case ("Float", .int(let number)): return .double(Double(number))
        case ("Float", .double(let number)): return .double(number)
        case ("String", .string(let text)): return .string(text)
        case ("ID", .string(let text)): return .string(text)
        case ("ID", .int(let number)): return .string(String(number))
        case ("Boolean", .bool(let flag)): return .bool(flag)
        case ("Int", _): throw mismatch("an Int", found: value)
        case ("Float", _): throw mismatch("a Float", found: value)
        case ("String", _): throw mismatch("a String", found: value)
        case ("ID", _): throw mismatch("an ID", found: value)
        case ("Boolean", _): throw mismatch("a Boolean", found: value)
        default: break
        }
        if let typeName, let definition = schema?.type(named: typeName), definition.kind == .enumeration {
            guard case .string(let text) = value, definition.enumValues.contains(text) else {
                let shown = value.stringValue.map { "'\($0)'" } ?? Self.describe(value)
                throw .mismatch(path: path, reason: "expected a value of enum \(typeName), found \(shown)")
            }
            return .string(text)
        }
        switch value {
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .null, .array, .object: throw mismatch("a scalar", found: value)
        }
    }
}
