/// An executable GraphQL document: its operations and fragment definitions, in the order written.
public struct Document: Hashable, Sendable {
    /// The operations, in order.
    public var operations: [Operation]
    /// The fragment definitions, in order.
    public var fragments: [Fragment]

    /// Creates a document. Each operation's `fragments` is filled from `fragments` with those it
    /// reaches, through spreads inside spreads.
    public init(operations: [Operation], fragments: [Fragment]) {
        let byName = Dictionary(fragments.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.fragments = fragments
        self.operations = operations.map { operation in
            var linked = operation
            for name in Self.reachableFragments(from: operation.selections, in: byName) {
                if linked.fragments[name] == nil, let fragment = byName[name] { linked.fragments[name] = fragment }
            }
            return linked
        }
    }

    /// The operation called `name`; with `name` nil, the document's only operation.
    public func operation(named name: String? = nil) -> Operation? {
        guard let name else { return operations.count == 1 ? operations[0] : nil }
        return operations.first { $0.name == name }
    }

    /// The names of the fragments reachable from `selections`, through spreads inside spreads.
    static func reachableFragments(from selections: [Selection], in byName: [String: Fragment]) -> [String] {
        var seen: Set<String> = []
        var order: [String] = []
        var pending: [[Selection]] = [selections]
        while let next = pending.popLast() {
            for selection in next {
                switch selection {
                case .field(let field): pending.append(field.selections)
                case .inlineFragment(let inline): pending.append(inline.selections)
                case .fragmentSpread(let spread):
                    guard seen.insert(spread.name).inserted else { continue }
                    order.append(spread.name)
                    if let fragment = byName[spread.name] { pending.append(fragment.selections) }
                }
            }
        }
        return order
    }
}
