import Runtime

/// The response's errors, indexed by path, and which of them a field has taken.
///
/// A trie of error paths is walked beside the response: where the walk writes a field, it takes the
/// errors whose path ends there, and, when the field is null, every error whose path runs beneath it
/// (Relay collects those on the null parent). Whatever no field takes is unplaced.
final class ErrorPlacement {
    /// One step of the error paths: the errors that end here and the steps below.
    final class Node {
        fileprivate(set) var here: [Int] = []
        fileprivate var children: [PathElement: Node] = [:]

        /// The node one step below, if any error path runs through it.
        func child(_ element: PathElement) -> Node? { children.isEmpty ? nil : children[element] }
    }

    let errors: [GraphQLError]
    /// The node of the empty path; nil when no error has a path, so a clean response walks no trie.
    let root: Node?
    private var placed: [Bool]

    init(_ errors: [GraphQLError]) {
        self.errors = errors
        placed = Array(repeating: false, count: errors.count)
        var root: Node?
        for (index, error) in errors.enumerated() {
            // An empty path names the response as a whole: no field holds it.
            guard let path = error.path, !path.isEmpty else { continue }
            var node = root ?? Node()
            root = root ?? node
            for element in path {
                if let next = node.children[element] {
                    node = next
                } else {
                    let next = Node()
                    node.children[element] = next
                    node = next
                }
            }
            node.here.append(index)
        }
        self.root = root
    }

    /// Takes the errors whose path ends at `node`.
    func takeHere(_ node: Node?, into taken: inout [Int]) {
        guard let node else { return }
        for index in node.here where !placed[index] {
            placed[index] = true
            taken.append(index)
        }
    }

    /// Takes the errors whose path ends at `node` or runs beneath it.
    func takeAll(_ node: Node?, into taken: inout [Int]) {
        guard let node else { return }
        takeHere(node, into: &taken)
        for child in node.children.values { takeAll(child, into: &taken) }
    }

    /// The errors of `indices`, in the response's order (the trie's children are unordered).
    func errors(_ indices: [Int]) -> [GraphQLError] {
        indices.count < 2 ? indices.map { errors[$0] } : indices.sorted().map { errors[$0] }
    }

    /// The errors no field took, in the response's order.
    var unplaced: [GraphQLError] {
        errors.indices.filter { !placed[$0] }.map { errors[$0] }
    }
}
