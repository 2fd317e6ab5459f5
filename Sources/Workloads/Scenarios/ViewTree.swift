import Runtime

/// The bodies of a view tree over one handle, as a SwiftUI screen for the operation would have them.
///
/// - `phase`: reads only the phase (a loading overlay, an error banner).
/// - `operation`: reads the phase and, when ready, what the screen hands down: the path to the first
///   list of its own selection, or, where its own selection holds no list, the object it shows (the
///   root field's, or the root record itself for an operation whose own selection is spreads) and each
///   fragment spread on it.
/// - `fragment(Name)`: one per fragment spread on that object, reading the fragment's data.
/// - `row[i]`: one per item of the first list (in the own selection, or else in the first fragment
///   that has one), reading the first eight leaf fields of the item; where the item's selection is a
///   fragment spread, as a Relay row component's is, the first eight of that fragment's.
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
        guard case .ready(let root) = handle.phase, let (rootKey, object) = try shownObject(root) else { return bodies }
        let spreads = object.fragmentNames
        var rows: (lens: Lens, key: Lens.FieldKey)?
        if let (path, list) = try firstList(in: object) {
            let fullPath = (rootKey.map { [$0.responseKey] } ?? []) + path.map(\.responseKey) + [list.responseKey]
            bodies.append(BodyKinds.list(handle, path: fullPath, name: "operation"))
            rows = try parent(of: list, along: path, from: object).map { ($0, list) }
        } else {
            let key = rootKey?.responseKey
            bodies.append(Body("operation") {
                guard case .ready(let lens) = handle.phase else { return }
                let object: Lens?
                if let key { object = try? lens.object(key) } else { object = lens }
                guard let object else { return }
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
            guard let item, let row = try rowLens(item) else { continue }
            let leaves = row.fieldKeys.filter { $0.isLeaf }.prefix(8)
            bodies.append(BodyKinds.row(row, fields: Array(leaves), name: "row[\(index)]"))
        }
        return bodies
    }

    /// The object a screen over `root` (the operation's lens) shows: the first root field's object,
    /// with that field; or, where the operation's own selection holds no field, the root record itself.
    static func shownObject(_ root: Lens) throws(LensError) -> (rootKey: Lens.FieldKey?, object: Lens)? {
        guard let rootKey = root.fieldKeys.first else { return (nil, root) }
        return try root.object(rootKey).map { (rootKey, $0) }
    }

    /// The lens a row reads: the item's own selection when it has leaves, else the first fragment it
    /// spreads.
    static func rowLens(_ item: Lens) throws(LensError) -> Lens? {
        if item.fieldKeys.contains(where: \.isLeaf) { return item }
        guard let name = item.fragmentNames.first else { return item }
        return try item.fragment(name)
    }

    /// The first field holding a list of links in `lens`'s selection, depth first through objects,
    /// with the object fields on the way to it.
    static func firstList(in lens: Lens) throws(LensError) -> (path: [Lens.FieldKey], list: Lens.FieldKey)? {
        for key in lens.fieldKeys where !key.isLeaf {
            if lens.holdsList(key) { return ([], key) }
            guard let child = try lens.object(key), let (path, list) = try firstList(in: child) else { continue }
            return ([key] + path, list)
        }
        return nil
    }

    static func parent(of list: Lens.FieldKey, along path: [Lens.FieldKey], from lens: Lens) throws(LensError) -> Lens? {
        var current = lens
        for key in path {
            guard let next = try current.object(key) else { return nil }
            current = next
        }
        return current
    }
}
