import JSON
import Runtime

/// Selection sets: fields, inline fragments and fragment spreads.
extension GraphQLParser {
    /// `SelectionSet`: `{ Selection+ }`. An empty selection set is an error, as the grammar says.
    mutating func selectionSet() throws(ParseError) -> [Selection] {
        let open = token.start
        guard token.kind == .leftBrace else { throw unexpected("'{'") }
        try enter()
        try advance()
        var selections: [Selection] = []
        repeat {
            switch token.kind {
            case .name:
                selections.append(.field(try field()))
            case .spread:
                selections.append(try fragmentSelection())
            case .end:
                throw unexpected("'}' to close the selection set opened at \(place(open))")
            default:
                throw unexpected(selections.isEmpty ? "field or '...'" : "field, '...' or '}'")
            }
        } while token.kind != .rightBrace
        try advance()
        depth -= 1
        return selections
    }

    /// `Field`: `alias: name(arguments) @directives { selections }`.
    private mutating func field() throws(ParseError) -> Field {
        var name = text()
        var alias: String? = nil
        try advance()
        if token.kind == .colon {
            try advance()
            guard token.kind == .name else { throw unexpected("field name after alias '\(name):'") }
            alias = name
            name = text()
            try advance()
        }
        let arguments = token.kind == .leftParen ? try arguments(const: false) : []
        let directives = try directives(const: false)
        let selections = token.kind == .leftBrace ? try selectionSet() : []
        return Field(name, alias: alias, arguments: arguments, directives: directives, selections: selections)
    }

    /// What follows `...`: a spread `...Name @d`, or an inline fragment `... on Type @d { }` whose type
    /// condition may be left out.
    private mutating func fragmentSelection() throws(ParseError) -> Selection {
        try advance()
        // `on` is never a fragment name, so `... on` always starts a type condition.
        if token.kind == .name, !source.token(token, is: "on") {
            let name = text()
            references.spread(name, at: token.start)
            try advance()
            return .fragmentSpread(FragmentSpread(name, directives: try directives(const: false)))
        }
        var typeCondition: String? = nil
        if token.kind == .name {
            try advance()
            guard token.kind == .name else { throw unexpected("type name after 'on'") }
            typeCondition = text()
            try advance()
        }
        let directives = try directives(const: false)
        guard token.kind == .leftBrace else {
            throw unexpected(typeCondition == nil && directives.isEmpty ? "fragment name, 'on', '@' or '{' after '...'" : "'{'")
        }
        return .inlineFragment(InlineFragment(on: typeCondition, directives: directives, selections: try selectionSet()))
    }
}
