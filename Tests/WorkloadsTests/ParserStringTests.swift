import JSON
import Runtime
import Testing
import Workloads

/// String values: escapes, Unicode escapes and block strings with the specification's indentation rule.
struct ParserStringTests {
    /// The value of the string literal `literal`, read as the argument of a field.
    private func value(of literal: String) throws -> String? {
        let document = try GraphQLParser.parse("{ f(a: \(literal)) }")
        guard case .field(let field)? = document.operations.first?.selections.first,
            case .string(let value)? = field.arguments.first?.value
        else { return nil }
        return value
    }

    @Test func simpleEscapes() throws {
        #expect(try value(of: #""\" \\ \/ \b \f \n \r \t""#) == "\" \\ / \u{8} \u{C} \n \r \t")
        #expect(try value(of: #""""#) == "", "the empty string")
        #expect(try value(of: "\"é 😀 中 # not a comment\"") == "é 😀 中 # not a comment", "non-ASCII text and '#' pass through")
        #expect(try value(of: "\"bell\u{7}\"") == "bell\u{7}", "the draft allows any scalar but a line end inside a string")
    }

    @Test func unicodeEscapes() throws {
        #expect(try value(of: #""\u0041\u00e9\u00E9""#) == "Aéé", "fixed width, either case of hex digit")
        #expect(try value(of: #""\u{41}\u{1F600}\u{0000041}""#) == "A😀A", "braced, any number of digits")
        #expect(try value(of: #""\uD83D\uDE00""#) == "😀", "a surrogate pair makes one scalar")
        #expect(try value(of: #""\u{10FFFF}""#) == "\u{10FFFF}", "the last scalar value")
    }

    @Test(arguments: [#""\uD83D\u0041""#, #""\uDE00""#, #""\u{D83D}\u{DE00}""#, #""\uD83D""#, #""\u{}""#, #""\u{41""#, #""\u00""#])
    func malformedUnicodeEscapesFail(_ literal: String) {
        let error = #expect(throws: ParseError.self, "\(literal) is not a valid string") { try value(of: literal) }
        #expect(error?.column == 9, "reported at the escape's backslash: \(String(describing: error))")
        #expect(error?.reason.contains("in Unicode escape") == true)
    }

    @Test func blockStringOfTheSpecificationsExample() throws {
        let text = """
            mutation {
              sendEmail(message: \"\"\"
                Hello,
                  World!

                Yours,
                  GraphQL.
              \"\"\")
            }
            """
        let document = try GraphQLParser.parse(text)
        guard case .field(let field)? = document.operations.first?.selections.first else { Issue.record("no field"); return }
        #expect(field.arguments == [Argument(name: "message", value: .string("Hello,\n  World!\n\nYours,\n  GraphQL."))])
    }

    /// Cases of `BlockStringValue`, after graphql-js's tests of the same algorithm: raw lines, value.
    static let blockCases: [(lines: [String], value: String)] = [
        (["", "    Hello,", "      World!", "", "    Yours,", "      GraphQL."], "Hello,\n  World!\n\nYours,\n  GraphQL."),
        (["", "", "    Hello,", "      World!", "", "    Yours,", "      GraphQL.", "", ""], "Hello,\n  World!\n\nYours,\n  GraphQL."),
        (["  ", "        ", "    Hello,", "      World!", "", "    Yours,", "      GraphQL.", "        ", "  "], "Hello,\n  World!\n\nYours,\n  GraphQL."),
        (["    Hello,", "      World!", "", "    Yours,", "      GraphQL."], "    Hello,\n  World!\n\nYours,\n  GraphQL."),
        (
            ["               ", "    Hello,     ", "      World!   ", "               ", "    Yours,     ", "      GraphQL. ", "               "],
            "Hello,     \n  World!   \n           \nYours,     \n  GraphQL. "
        ),
        (["", "\t\tHello,", "\t\t  World!"], "Hello,\n  World!"),
        (["   ", "   "], ""),
        ([""], ""),
        (["a", "  b", "    c"], "a\nb\n  c"),
    ]

    @Test(arguments: 0..<blockCases.count) func blockStringValueStripsIndentation(_ index: Int) throws {
        let (lines, expected) = Self.blockCases[index]
        for terminator in ["\n", "\r\n", "\r"] {
            let literal = "\"\"\"" + lines.joined(separator: terminator) + "\"\"\""
            #expect(try value(of: literal) == expected, "lines joined with \(terminator.unicodeScalars.map { $0.value })")
        }
    }

    @Test func blockStringEscapesOnlyTripleQuotes() throws {
        let literal = "\"\"\"" + #"contains \""" and \n and \u0041 and "quotes" "# + "\"\"\""
        #expect(try value(of: literal) == #"contains """ and \n and \u0041 and "quotes" "#)
        #expect(try value(of: "\"\"\"\"\"\"") == "", "an empty block string")
        #expect(try value(of: "\"\"\" \"a\"\" \"\"\"") == " \"a\"\" ", "quotes short of three are text")
    }
}
