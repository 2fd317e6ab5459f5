/// One lexical token of a GraphQL document: its kind and the UTF-8 byte range it covers.
///
/// Ignored tokens (white space, line terminators, commas, comments, byte order marks) never become
/// tokens; the lexer skips them.
struct Token {
    /// The kinds of token GraphQL's lexical grammar knows (documents' and schemas' alike), punctuators first.
    enum Kind: Equatable {
        case bang, dollar, ampersand, leftParen, rightParen, spread, colon, equals, at
        case leftBracket, rightBracket, leftBrace, pipe, rightBrace
        case name, int, float, string, blockString
        /// The end of the input; its range is empty.
        case end

        /// How an error message names a token of this kind when its text does not matter.
        var spelling: String {
            switch self {
            case .bang: return "'!'"
            case .dollar: return "'$'"
            case .ampersand: return "'&'"
            case .leftParen: return "'('"
            case .rightParen: return "')'"
            case .spread: return "'...'"
            case .colon: return "':'"
            case .equals: return "'='"
            case .at: return "'@'"
            case .leftBracket: return "'['"
            case .rightBracket: return "']'"
            case .leftBrace: return "'{'"
            case .pipe: return "'|'"
            case .rightBrace: return "'}'"
            case .name: return "name"
            case .int: return "int"
            case .float: return "float"
            case .string: return "string"
            case .blockString: return "block string"
            case .end: return "end of input"
            }
        }
    }

    /// The token's kind.
    var kind: Kind
    /// The offset of its first byte in the source's UTF-8.
    var start: Int
    /// The offset just past its last byte.
    var end: Int
    /// The decoded value of a string or block string; empty for every other kind.
    var value: String = ""
}
