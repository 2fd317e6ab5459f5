import JSON

/// The definition names and fragment spreads of a document, with where each was written.
///
/// The parser records them as it goes; the checks that need the whole document run at the end: every
/// spread names a defined fragment, and no fragment spreads itself, directly or through others. Names
/// must be unique among operations and among fragments; that is checked as each name is read.
struct FragmentReferences {
    /// A `...Name` spread: the name and the offset of its name token.
    struct Spread {
        var name: String
        var offset: Int
    }

    private var operations: [String: Int] = [:]
    private var fragments: [String: Int] = [:]
    /// Fragment names in the order they were defined, so cycle checks run in document order.
    private var fragmentOrder: [String] = []
    private var spreadsByFragment: [String: [Spread]] = [:]
    /// Every spread of the document, in document order.
    private var spreads: [Spread] = []
    /// The spreads of the definition being parsed.
    private var current: [Spread] = []

    /// Records an operation's name at `offset`.
    ///
    /// - Throws: `ParseError` if an operation of that name was already defined.
    mutating func defineOperation(_ name: String, at offset: Int, in source: Source) throws(ParseError) {
        if let first = operations[name] { throw duplicate("operation", name, at: offset, first: first, in: source) }
        operations[name] = offset
    }

    /// Records a fragment's name at `offset`.
    ///
    /// - Throws: `ParseError` if a fragment of that name was already defined.
    mutating func defineFragment(_ name: String, at offset: Int, in source: Source) throws(ParseError) {
        if let first = fragments[name] { throw duplicate("fragment", name, at: offset, first: first, in: source) }
        fragments[name] = offset
        fragmentOrder.append(name)
    }

    /// Records a spread inside the definition being parsed.
    mutating func spread(_ name: String, at offset: Int) {
        current.append(Spread(name: name, offset: offset))
    }

    /// Closes the definition being parsed; `fragment` is its name if it is a fragment.
    mutating func endDefinition(fragment: String?) {
        spreads.append(contentsOf: current)
        if let fragment { spreadsByFragment[fragment] = current }
        current.removeAll(keepingCapacity: true)
    }

    /// Checks that every spread names a defined fragment and that no fragment spreads itself.
    ///
    /// - Throws: `ParseError` at the first undefined spread in document order, or else at the spread
    ///   that closes the first cycle found, walking fragments in the order they were defined.
    func validate(in source: Source) throws(ParseError) {
        for spread in spreads where fragments[spread.name] == nil {
            throw source.error(at: spread.offset, "expected the name of a defined fragment, found undefined '\(spread.name)'")
        }
        try checkCycles(in: source)
    }

    private enum Mark { case open, done }

    /// A depth-first walk of the spread graph with an explicit stack, so a long chain of fragments
    /// cannot exhaust the call stack.
    private func checkCycles(in source: Source) throws(ParseError) {
        var marks: [String: Mark] = [:]
        for root in fragmentOrder where marks[root] == nil {
            var path: [(name: String, next: Int)] = [(root, 0)]
            marks[root] = .open
            while let top = path.last {
                let out = spreadsByFragment[top.name] ?? []
                guard top.next < out.count else {
                    marks[top.name] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let spread = out[top.next]
                switch marks[spread.name] {
                case .open?:
                    let start = path.firstIndex { $0.name == spread.name } ?? 0
                    var cycle = path[start...].map(\.name) + [spread.name]
                    // A message is one readable line: a long cycle shows its two ends.
                    if cycle.count > 9 { cycle = cycle.prefix(4) + ["..."] + cycle.suffix(4) }
                    throw source.error(at: spread.offset, "expected no fragment cycle, found \(cycle.joined(separator: " -> "))")
                case .done?:
                    continue
                case nil:
                    marks[spread.name] = .open
                    path.append((spread.name, 0))
                }
            }
        }
    }

    private func duplicate(_ kind: String, _ name: String, at offset: Int, first: Int, in source: Source) -> ParseError {
        let (line, column) = source.location(of: first)
        return source.error(at: offset, "expected a new \(kind) name, found '\(name)', already defined at \(line):\(column)")
    }
}
