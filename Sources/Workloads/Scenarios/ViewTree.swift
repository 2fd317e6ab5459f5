import Runtime

/// The bodies of a view tree over one handle, as a SwiftUI screen for the operation would have them.
///
/// - `phase`: reads only the phase (a loading overlay, an error banner).
/// - `operation`: reads the phase and, when ready, what the screen hands down: the path to the first
///   list of its own selection, or, where its own selection below the root field is only spreads,
///   the root object and each fragment it spreads.
/// - `fragment(Name)`: one per fragment spread on the root object, reading the fragment's data.
/// - `row[i]`: one per item of the first list (in the own selection, or else in the first fragment
///   that has one), reading the first eight leaf fields of the item.
///
/// Rows and fragment bodies hold the lens they were given when the tree was built, as a child view
/// holds the reference its parent passed; a parent's re-run is counted on the parent alone.
public struct ViewTree {
    /// Every body, in the order above.
    public let bodies: [Body]

    /// Builds the tree over `handle`, which must be ready, and runs each body once.
    public init(handle: Handle) throws(LensError) {
        bodies = try Self.build(handle)
    }

    private static func build(_ handle: Handle) throws(LensError) -> [Body] {
        var bodies = [BodyKinds.phase(handle)]
        guard case .ready(let root) = handle.phase, let rootKey = root.fieldKeys.first,
              let object = try root.object(rootKey) else { return bodies }
        let spreads = spreads(below: rootKey.responseKey, in: handle.operation.operation)
        var rows: (lens: Lens, key: Lens.FieldKey)?
        if let (path, list) = try firstList(in: object) {
            let fullPath = [rootKey.responseKey] + path.map(\.responseKey) + [list.responseKey]
            bodies.append(BodyKinds.list(handle, path: fullPath, name: "operation"))
            rows = try parent(of: list, along: path, from: object).map { ($0, list) }
        } else {
            let key = rootKey.responseKey
            bodies.append(Body("operation") {
                guard case .ready(let lens) = handle.phase, let object = try? lens.object(key) else { return }
                for name in spreads { _ = try? object.fragment(name) }
            })
        }
        for name in spreads {
            guard let fragment = try object.fragment(name) else { continue }
            bodies.append(BodyKinds.fragment(fragment, name: "fragment(\(name))"))
            if rows == nil, let (path, list) = try firstList(in: fragment) {
                rows = try parent(of: list, along: path, from: fragment).map { ($0, list) }
            }
        }
        guard let (parent, list) = rows, let items = try parent.list(list) else { return bodies }
        for (index, item) in items.enumerated() {
            guard let item else { continue }
            let leaves = item.fieldKeys.filter { $0.isLeaf }.prefix(8)
            bodies.append(BodyKinds.row(item, fields: Array(leaves), name: "row[\(index)]"))
        }
        return bodies
    }

    /// The names of the fragments spread directly on the root field.
    private static func spreads(below rootKey: String, in operation: Operation) -> [String] {
        for selection in operation.selections {
            guard case .field(let field) = selection, field.responseKey == rootKey else { continue }
            return field.selections.compactMap { selection in
                if case .fragmentSpread(let spread) = selection { return spread.name }
                return nil
            }
        }
        return []
    }

    /// The first field holding a list of links in `lens`'s selection, depth first through objects,
    /// with the object fields on the way to it.
    private static func firstList(in lens: Lens) throws(LensError) -> (path: [Lens.FieldKey], list: Lens.FieldKey)? {
        for key in lens.fieldKeys where !key.isLeaf {
            if lens.holdsList(key) { return ([], key) }
            guard let child = try lens.object(key), let (path, list) = try firstList(in: child) else { continue }
            return ([key] + path, list)
        }
        return nil
    }

    private static func parent(of list: Lens.FieldKey, along path: [Lens.FieldKey], from lens: Lens) throws(LensError) -> Lens? {
        var current = lens
        for key in path {
            guard let next = try current.object(key) else { return nil }
            current = next
        }
        return current
    }
}
