import SeededRandom
import Runtime
import Workloads

/// The fuzz tests' dice, over the fixtures' seeded `SplitMix64`, so every run sees the same inputs.
struct FuzzRandom {
    private var source: SplitMix64

    init(seed: UInt64) { source = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { source.next(in: range) }

    mutating func chance(_ percent: Int) -> Bool { source.next(below: 100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { source.pick(items) }
}

/// Writes random valid executable documents together with the value each must parse into.
///
/// Every construct the parser knows appears: all value literals with random escapes, block strings,
/// variables with defaults and directives, aliases, inline fragments with and without a type
/// condition, spreads, comments, commas and odd but legal spacing. Fragment `F<i>` only spreads
/// fragments defined after it, so the spread graph is acyclic.
struct DocumentGenerator {
    var rng: FuzzRandom
    private var text = ""
    private var fragmentCount = 0
    /// The index of the fragment being written; operations may spread every fragment.
    private var currentFragment: Int? = nil

    init(seed: UInt64) { rng = FuzzRandom(seed: seed) }

    /// A new document, as text and as the value the parser must make of it.
    mutating func document() -> (text: String, document: Document) {
        text = ""
        fragmentCount = rng.int(0...3)
        var operations: [Operation] = []
        var fragments: [Fragment] = []
        let operationCount = rng.int(fragmentCount == 0 ? 1...3 : 0...3)
        var pendingOperations = operationCount
        var nextFragment = 0
        while pendingOperations > 0 || nextFragment < fragmentCount {
            if nextFragment < fragmentCount, pendingOperations == 0 || rng.chance(50) {
                fragments.append(fragment(nextFragment))
                nextFragment += 1
            } else {
                operations.append(operation(operationCount - pendingOperations, alone: operationCount == 1))
                pendingOperations -= 1
            }
            ignored()
        }
        return (text, Document(operations: operations, fragments: fragments))
    }

    // MARK: - Definitions

    private mutating func operation(_ index: Int, alone: Bool) -> Operation {
        currentFragment = nil
        if alone, rng.chance(30) {
            return Operation(.query, selections: selectionSet(depth: 0))
        }
        let kind = rng.pick(Operation.Kind.allCases)
        emit(kind.rawValue)
        var name: String? = nil
        if !alone || rng.chance(70) {
            name = "Op\(index)"
            emit(" " + name!)
        }
        var variables: [VariableDefinition] = []
        if rng.chance(50) {
            emit("(")
            for variable in 0..<rng.int(1...3) {
                variables.append(variableDefinition("v\(variable)"))
            }
            emit(")")
        }
        let directives = directives(const: false)
        return Operation(kind, name: name, variableDefinitions: variables, directives: directives, selections: selectionSet(depth: 0))
    }

    private mutating func fragment(_ index: Int) -> Fragment {
        currentFragment = index
        let typeCondition = name()
        emit("fragment F\(index) on \(typeCondition)")
        let directives = directives(const: false)
        return Fragment("F\(index)", on: typeCondition, directives: directives, selections: selectionSet(depth: 0))
    }

    private mutating func variableDefinition(_ name: String) -> VariableDefinition {
        emit("$" + name)
        emit(":")
        let type = typeReference(depth: 0)
        var defaultValue: InputValue? = nil
        if rng.chance(40) {
            emit("=")
            defaultValue = value(const: true, depth: 0)
        }
        return VariableDefinition(name, type: type, defaultValue: defaultValue, directives: directives(const: true))
    }

    private mutating func typeReference(depth: Int) -> TypeReference {
        var type: TypeReference
        if depth < 3, rng.chance(30) {
            emit("[")
            type = .list(typeReference(depth: depth + 1))
            emit("]")
        } else {
            type = .named(name())
            emit(" " + type.description + " ")
        }
        if rng.chance(30) {
            emit("!")
            type = .nonNull(type)
        }
        return type
    }

    // MARK: - Selections

    private mutating func selectionSet(depth: Int) -> [Selection] {
        emit("{")
        var selections: [Selection] = []
        for _ in 0..<rng.int(1...4) { selections.append(selection(depth: depth)) }
        emit("}")
        return selections
    }

    private mutating func selection(depth: Int) -> Selection {
        let firstSpreadable = currentFragment.map { $0 + 1 } ?? 0
        let roll = rng.int(0...99)
        if roll < 10, firstSpreadable < fragmentCount {
            let name = "F\(rng.int(firstSpreadable...fragmentCount - 1))"
            emit("..." + name)
            return .fragmentSpread(FragmentSpread(name, directives: directives(const: false)))
        }
        if roll < 20, depth < 4 {
            emit("...")
            var typeCondition: String? = nil
            if rng.chance(60) {
                typeCondition = name()
                emit(" on \(typeCondition!)")
            }
            let directives = directives(const: false)
            return .inlineFragment(InlineFragment(on: typeCondition, directives: directives, selections: selectionSet(depth: depth + 1)))
        }
        var alias: String? = nil
        if rng.chance(20) {
            alias = name()
            emit(" \(alias!):")
        }
        let fieldName = rng.chance(10) ? rng.pick(["query", "fragment", "on", "true", "null", "type", "subscription"]) : name()
        emit(" " + fieldName + " ")
        let arguments = rng.chance(30) ? self.arguments(const: false) : []
        let directives = directives(const: false)
        let selections = depth < 4 && rng.chance(30) ? selectionSet(depth: depth + 1) : []
        return .field(Field(fieldName, alias: alias, arguments: arguments, directives: directives, selections: selections))
    }

    private mutating func arguments(const: Bool) -> [Argument] {
        emit("(")
        var arguments: [Argument] = []
        for _ in 0..<rng.int(1...3) {
            let name = name()
            emit(" \(name):")
            arguments.append(Argument(name: name, value: value(const: const, depth: 0)))
        }
        emit(")")
        return arguments
    }

    private mutating func directives(const: Bool) -> [Directive] {
        var directives: [Directive] = []
        while rng.chance(20) {
            let name = name()
            emit("@" + name)
            directives.append(Directive(name, arguments: rng.chance(40) ? arguments(const: const) : []))
        }
        return directives
    }

    // MARK: - Values

    private mutating func value(const: Bool, depth: Int) -> InputValue {
        switch rng.int(0...10) {
        case 0:
            let value = rng.chance(10) ? rng.pick([Int.max, Int.min, 0]) : rng.int(-100_000...100_000)
            emit(" \(value) ")
            return .int(value)
        case 1:
            let value = Double(rng.int(-1_000_000...1_000_000)) / 64 * rng.pick([1, 1e-9, 1e12, 1e300])
            // Swift's description of a Double is a valid GraphQL float, once it has a fraction or exponent.
            let spelling = value.description.contains(where: { $0 == "." || $0 == "e" }) ? value.description : value.description + ".0"
            emit(" \(spelling) ")
            return .float(value)
        case 2:
            let content = stringContent()
            // The space keeps `""` from running into a following `"` as a block string's `"""`.
            emit(quoted(content) + " ")
            return .string(content)
        case 3:
            return .string(blockString())
        case 4:
            let value = rng.chance(50)
            emit(" \(value) ")
            return .bool(value)
        case 5:
            emit(" null ")
            return .null
        case 6:
            let name = rng.chance(20) ? rng.pick(["on", "fragment", "query", "RED"]) : name()
            emit(" \(name) ")
            return .enumValue(name)
        case 7 where !const:
            let name = "v\(rng.int(0...2))"
            emit("$\(name) ")
            return .variable(name)
        case 8 where depth < 4, 9 where depth < 4:
            if rng.chance(50) {
                emit("[")
                var items: [InputValue] = []
                for _ in 0..<rng.int(0...3) { items.append(value(const: const, depth: depth + 1)) }
                emit("]")
                return .list(items)
            }
            emit("{")
            var fields: [InputValue.ObjectField] = []
            for _ in 0..<rng.int(0...3) {
                let name = name()
                emit(" \(name):")
                fields.append(InputValue.ObjectField(name: name, value: value(const: const, depth: depth + 1)))
            }
            emit("}")
            return .object(fields)
        default:
            emit(" RED ")
            return .enumValue("RED")
        }
    }

    private mutating func stringContent() -> String {
        let pool: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{8}", "\u{C}", "#", "é", "中", "😀", "\u{10FFFF}", "\u{7}"]
        var content = String.UnicodeScalarView()
        for _ in 0..<rng.int(0...8) { content.append(rng.pick(pool)) }
        return String(content)
    }

    /// `content` as a string literal, each scalar written raw or escaped, chosen at random.
    private mutating func quoted(_ content: String) -> String {
        var out = "\""
        for scalar in content.unicodeScalars {
            let simple: [Unicode.Scalar: String] = ["\"": #"\""#, "\\": #"\\"#, "\n": #"\n"#, "\r": #"\r"#, "\u{8}": #"\b"#, "\u{C}": #"\f"#, "\t": #"\t"#, "/": #"\/"#]
            let mustEscape = scalar == "\"" || scalar == "\\" || scalar == "\n" || scalar == "\r"
            if !mustEscape, rng.chance(50) {
                out.unicodeScalars.append(scalar)
            } else if let escape = simple[scalar], rng.chance(50) {
                out += escape
            } else if scalar.value > 0xFFFF, rng.chance(50) {
                let offset = scalar.value - 0x1_0000
                out += "\\u" + hex(0xD800 + offset >> 10, width: 4) + "\\u" + hex(0xDC00 + offset & 0x3FF, width: 4)
            } else if scalar.value <= 0xFFFF, rng.chance(50) {
                out += "\\u" + hex(scalar.value, width: 4)
            } else {
                out += "\\u{" + hex(scalar.value, width: rng.int(1...8)) + "}"
            }
        }
        return out + "\""
    }

    private func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: value & 1 == 0)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Writes one of a few block strings whose value is known, with random indentation and line ends.
    private mutating func blockString() -> String {
        let indent = String(repeating: rng.pick([" ", "\t"]), count: rng.int(0...6))
        let end = rng.pick(["\n", "\r\n", "\r"])
        switch rng.int(0...3) {
        case 0:
            emit("\"\"\"" + end + indent + "first" + end + indent + "  second" + end + end + indent + "\\\"\"\" third" + end + "\"\"\"")
            return "first\n  second\n\n\"\"\" third"
        case 1:
            emit("\"\"\"  one line with \"quotes\" \"\"\"")
            return "  one line with \"quotes\" "
        case 2:
            emit("\"\"\"" + indent + end + indent + "\"\"\"")
            return ""
        default:
            emit("\"\"\"kept" + end + indent + "  a" + end + indent + "b\"\"\"")
            return "kept\n  a\nb"
        }
    }

    // MARK: - Text

    private mutating func name() -> String {
        let start = rng.pick(["a", "b", "x", "_", "T", "Name", "user", "on_", "id"])
        return rng.chance(50) ? start : start + rng.pick(["1", "_2", "Z", "abc", "0_"])
    }

    /// Appends `token` and, now and then, ignored tokens after it.
    private mutating func emit(_ token: String) {
        text += token
        if rng.chance(25) { ignored() }
    }

    private mutating func ignored() {
        text += rng.pick([" ", "\n", ",", "\t", "  , ", " # a comment, with { } \" \n", "\r\n", "\u{FEFF}", "\r"])
    }
}
