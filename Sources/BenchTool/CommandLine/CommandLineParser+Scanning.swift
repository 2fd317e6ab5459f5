extension CommandLineParser {
    /// Options and positionals of one command, with each option's value when it takes one.
    struct Scanned {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []

        func has(_ option: String) -> Bool { flags.contains(option) || values[option] != nil }

        /// Whether `option` was given, under its name or its old one.
        func has<Options>(_ option: CommandOption<Options>) -> Bool {
            has(option.name) || option.oldName.map(has) == true
        }

        /// What the command line gave for `option`, under its name or, where it was renamed, its old
        /// one; given under both, it is refused as any option given twice is.
        func given<Options>(_ option: CommandOption<Options>) throws(BenchError) -> Given {
            guard let old = option.oldName, has(old) else { return self[option.name] }
            guard !has(option.name) else {
                throw BenchError.usage("option '\(option.name)' given twice (once as '\(old)', its old name)")
            }
            return Given(name: old, isPresent: true, value: values[old])
        }

        /// What the command line gave for `option`.
        subscript(option: String) -> Given {
            Given(name: option, isPresent: has(option), value: values[option])
        }
    }

    /// What the command line gave for one option: whether it is there and its value, read as the
    /// option takes it, with the option's name for the error when it cannot be.
    struct Given {
        /// The option, as an error names it.
        let name: String
        /// Whether the option was given.
        let isPresent: Bool
        /// Its value, when it was given one.
        let value: String?

        /// The value, which must not be empty.
        func nonEmpty() throws(BenchError) -> String? {
            guard let value else { return nil }
            guard !value.isEmpty else { throw BenchError.usage("option '\(name)' needs a value") }
            return value
        }

        /// A percentage, `5%` or `5`, as a fraction (0.05); above 0 and below 100.
        func percentage() throws(BenchError) -> Double? {
            guard let value else { return nil }
            let digits = value.hasSuffix("%") ? String(value.dropLast()) : value
            guard let percent = Double(digits), percent.isFinite, percent > 0, percent < 100 else {
                throw BenchError.usage("bad value '\(value)' for option '\(name)' (expected a percentage above 0 and below 100, e.g. 5%)")
            }
            return percent / 100
        }

        /// A whole number within `range`.
        func wholeNumber(in range: ClosedRange<Int>) throws(BenchError) -> Int? {
            guard let value else { return nil }
            guard let number = Int(value), range.contains(number) else {
                throw BenchError.usage("bad value '\(value)' for option '\(name)' (expected a whole number from \(range.lowerBound) to \(range.upperBound))")
            }
            return number
        }

        /// A filter: a non-empty pattern.
        func filter() throws(BenchError) -> MeasurementFilter? {
            guard let value else { return nil }
            guard !value.isEmpty else { throw BenchError.usage("option '\(name)' needs a non-empty pattern") }
            return MeasurementFilter(pattern: value)
        }

        /// A selection of strategies: `all`, `both`, or strategy names joined by commas.
        func strategies() throws(BenchError) -> StrategySelection? {
            guard let value else { return nil }
            switch StrategySelection.parse(value) {
            case .success(let selection): return selection
            case .failure(let error): throw BenchError.usage("bad value '\(value)' for option '\(name)': \(error.line)")
            }
        }

        /// One of `Choice`'s raw values.
        func choice<Choice: RawRepresentable & CaseIterable>(of type: Choice.Type) throws(BenchError) -> Choice?
        where Choice.RawValue == String {
            guard let value else { return nil }
            guard let choice = Choice(rawValue: value) else {
                throw BenchError.usage("bad value '\(value)' for option '\(name)' (expected \(choices(of: type)))")
            }
            return choice
        }
    }

    /// `Choice`'s raw values as a usage line writes them: `text|json|markdown|html`.
    static func choices<Choice: RawRepresentable & CaseIterable>(of type: Choice.Type) -> String where Choice.RawValue == String {
        Choice.allCases.map(\.rawValue).joined(separator: "|")
    }

    /// The scan table of `options`: each option's name, and whether it takes a value; with `others`,
    /// those of a command's options that are not declared.
    static func scanTable<Options>(_ options: [CommandOption<Options>], adding others: [String: Bool] = [:]) -> [String: Bool] {
        let names = options.flatMap { option in ([option.name] + (option.oldName.map { [$0] } ?? [])).map { ($0, option.takesValue) } }
        return others.merging(names) { _, _ in preconditionFailure("an option declared twice") }
    }

    /// `options` with each of `declared` read into it from `scanned`, in the order declared.
    static func read<Options>(
        _ declared: [CommandOption<Options>], from scanned: Scanned, into options: Options
    ) throws(BenchError) -> Options {
        var options = options
        for option in declared { try option.read(scanned.given(option), &options) }
        return options
    }

    /// Splits arguments into options and positionals; `options` maps each known option to whether it
    /// takes a value.
    static func scan(
        _ arguments: [String], options: [String: Bool], command: String?
    ) throws(BenchError) -> Scanned {
        var scanned = Scanned()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                scanned.positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                scanned.positionals.append(argument)
                continue
            }
            let equals = argument.firstIndex(of: "=")
            let name = equals.map { String(argument[..<$0]) } ?? argument
            let inlineValue = equals.map { String(argument[argument.index(after: $0)...]) }
            guard let takesValue = options[name] else {
                let scope = command.map { " for '\($0)'" } ?? ""
                throw BenchError.usage("unknown option '\(name)'\(scope)")
            }
            guard !scanned.has(name) else { throw BenchError.usage("option '\(name)' given twice") }
            guard takesValue else {
                guard inlineValue == nil else { throw BenchError.usage("option '\(name)' takes no value") }
                scanned.flags.insert(name)
                continue
            }
            if let inlineValue {
                scanned.values[name] = inlineValue
            } else if index < arguments.endIndex, !arguments[index].hasPrefix("--") {
                scanned.values[name] = arguments[index]
                index += 1
            } else {
                throw BenchError.usage("option '\(name)' needs a value")
            }
        }
        return scanned
    }
}
