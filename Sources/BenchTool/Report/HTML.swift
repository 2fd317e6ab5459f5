/// Text made safe for an HTML page, and the elements the bench's pages are written with.
///
/// Every string a page shows passes through `escape(_:)` exactly once, whether it lands in an element's
/// content or in an attribute's value: measurement names carry `<`, `>` and `&` (`row[3...19]`,
/// `@throwOnFieldError`), and a limits file or a spec directory can hold any text. Elements are built
/// as strings in the order given, so a page is a function of its input alone, byte for byte.
enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references: safe as element content
    /// and inside a quoted attribute value alike.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// An element: `<name a="v">content</name>`.
    ///
    /// - Parameters:
    ///   - name: The tag name, written as given (the bench's own names only).
    ///   - attributes: Name and unescaped value of each attribute, in the order written.
    ///   - content: Markup already escaped (built by this type or `SVG`).
    static func element(_ name: String, _ attributes: [(String, String)] = [], _ content: String = "") -> String {
        "<\(name)\(attributeText(attributes))>\(content)</\(name)>"
    }

    /// An element without attributes around `content`, markup already escaped.
    static func element(_ name: String, _ content: String) -> String {
        element(name, [], content)
    }

    /// An element of text: its content escaped.
    static func element(_ name: String, _ attributes: [(String, String)] = [], text: String) -> String {
        element(name, attributes, escape(text))
    }

    /// ` a="v" b="w"`, each value escaped.
    static func attributeText(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    }

    /// The class name of a word that comes from data (a strategy, a verdict): letters and digits kept,
    /// anything else a hyphen, so `no change` is `no-change`.
    static func className(_ word: String) -> String {
        String(word.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
