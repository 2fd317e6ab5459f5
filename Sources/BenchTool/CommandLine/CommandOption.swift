/// One option of a command, declared once: its spelling, what `--help` says of it, how the parser
/// reads it into the command's options and, for a run, how the options write it back as an argument.
///
/// A command's list of these is the one place its options are spelled: the parser's scan table
/// (`CommandLineParser.scanTable(_:)`), the command's section of `--help` (`helpSection(_:)`) and
/// `RunOptions.arguments`, the inverse of parsing a run, are all derived from it. The declarations
/// are the constrained extensions of this type, e.g. `CommandOption<RunOptions>.all`.
struct CommandOption<Options> {
    /// The option as typed, e.g. `--forks`.
    let name: String
    /// The name the option had before, still read as `name` so that older scripts and command lines
    /// keep working; `--help` calls it old. `nil` for an option that was never renamed.
    var oldName: String? = nil
    /// What `--help` calls the option's value, e.g. `N`; `nil` for a switch, which takes none.
    let placeholder: String?
    /// What `--help` says of the option, beside its name.
    let help: OptionHelp
    /// Reads the option, given or not, into options that hold its default until then.
    let read: (CommandLineParser.Given, inout Options) throws(BenchError) -> Void
    /// The argument that sets the option to its value in some options, `nil` at its default; `nil`
    /// itself for a command that is never written back as arguments.
    let argument: ((Options) -> String?)?

    /// An option that takes a value.
    ///
    /// - Parameters:
    ///   - value: The value of the option in some options, as the option takes it; `nil` at its
    ///     default, where the option is left out. Omitted for a command never written back.
    init(
        _ name: String, _ placeholder: String, help: OptionHelp,
        read: @escaping (CommandLineParser.Given, inout Options) throws(BenchError) -> Void,
        value: ((Options) -> String?)? = nil
    ) {
        self.name = name
        self.placeholder = placeholder
        self.help = help
        self.read = read
        self.argument = value.map { value in { options in value(options).map { "\(name)=\($0)" } } }
    }

    /// A switch that, given, changes the options as `read` does; a command with such a switch is
    /// never written back.
    init(_ name: String, help: OptionHelp, read: @escaping (inout Options) -> Void) {
        self.name = name
        self.placeholder = nil
        self.help = help
        self.read = { given, options in if given.isPresent { read(&options) } }
        self.argument = nil
    }

    /// A switch that sets `property`, and is written back where it is set.
    init(_ name: String, _ property: WritableKeyPath<Options, Bool>, help: OptionHelp) {
        self.name = name
        self.placeholder = nil
        self.help = help
        self.read = { given, options in options[keyPath: property] = given.isPresent }
        self.argument = { $0[keyPath: property] ? name : nil }
    }

    /// The option as a usage line writes it: `--forks N`, `--quick`.
    var synopsis: String {
        placeholder.map { "\(name) \($0)" } ?? name
    }

    /// Whether the option takes a value: the parser's scan table says so of each option.
    var takesValue: Bool { placeholder != nil }

    /// The same option, also read under `old`, its name before it was renamed.
    func formerly(_ old: String) -> Self {
        var renamed = self
        renamed.oldName = old
        return renamed
    }
}

// MARK: - Help

extension CommandOption {
    /// The options' entries in a section of `--help`, two spaces in: each option's synopsis, then
    /// its help in a column of its own, starting on the synopsis's line when there is room.
    static func helpSection(_ options: [Self]) -> String {
        let column = 24
        return options.flatMap { option in
            var text = option.help.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let old = option.oldName { text.append("(\(old) is its old name, and still reads)") }
            var lines = text.map { String(repeating: " ", count: column) + $0 }
            // The synopsis shares the first line while two spaces are left before the help.
            if option.synopsis.count + 2 <= column {
                lines[0] = option.synopsis + lines[0].dropFirst(option.synopsis.count)
            } else {
                lines.insert(option.synopsis, at: 0)
            }
            return lines.map { "  " + $0 }
        }
        .joined(separator: "\n")
    }

    /// The options as a usage line lists them, each one optional: `[--results DIR] [--format FORMAT]`.
    static func usage(_ options: [Self]) -> String {
        options.map { "[\($0.synopsis)]" }.joined(separator: " ")
    }
}

/// What `--help` says of an option: its lines as printed, and what leaving the option out means.
///
/// Written as a string literal of the lines, in which `\(default: "off")` says the default where it
/// stands, printed `default: off`; so the declaration reads as `--help` prints it, and the default's
/// description is still known apart (`defaultDescription`).
struct OptionHelp: ExpressibleByStringInterpolation {
    /// The lines, separated by newlines, without the column they are printed in.
    let text: String
    /// What leaving the option out means, as `--help` says after `default:`; `nil` where it says nothing.
    let defaultDescription: String?

    init(stringLiteral text: String) {
        self.text = text
        self.defaultDescription = nil
    }

    init(stringInterpolation: StringInterpolation) {
        self.text = stringInterpolation.text
        self.defaultDescription = stringInterpolation.defaultDescription
    }

    /// The help's text as written, with its default kept apart as well.
    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var text = ""
        fileprivate var defaultDescription: String?

        init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity)
        }

        mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// Words of the help that are not its default, such as the registry's shapes.
        mutating func appendInterpolation(_ words: String) {
            text += words
        }

        /// The option's default, printed `default: description`.
        mutating func appendInterpolation(default description: String) {
            defaultDescription = description
            text += "default: \(description)"
        }
    }
}
