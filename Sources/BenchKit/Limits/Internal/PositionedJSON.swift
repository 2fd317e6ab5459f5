/// A JSON value with the line and column it starts at, so a limits file's errors can point at it.
///
/// Foundation's `JSONSerialization` neither reports positions reliably across platforms nor refuses a
/// duplicate key (it keeps the last), and a limits file that says a threshold twice must be refused,
/// not half read. Objects keep their members in file order.
struct PositionedJSON: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case object([Member])
        case array([PositionedJSON])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// One `"key": value` of an object.
    struct Member: Sendable, Equatable {
        var key: String
        var value: PositionedJSON
    }

    var kind: Kind
    /// 1-based line of the value's first character.
    var line: Int
    /// 1-based column of the value's first character, counted in Unicode scalars.
    var column: Int

    /// The JSON type's name, for messages such as `'threshold' must be a number, not a string`.
    var typeName: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A syntax error at a position in the text.
struct JSONSyntaxError: Error, Sendable, Equatable {
    var line: Int
    var column: Int
    var message: String
}
