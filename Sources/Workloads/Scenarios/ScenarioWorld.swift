import Runtime

/// What a scenario runs in: an environment of one strategy whose store holds a picked operation's
/// loaded response, handles attached to it, and the view tree over the first.
///
/// The store also holds another screen's data, a signed-in `User:me` under the root's `viewer`, which
/// no scenario operation selects: a value nobody here reads.
public final class ScenarioWorld {
    /// The environment.
    public let environment: Environment
    /// The operation the world is built over.
    public let picked: PickedOperation
    /// The handles attached, the first one's tree rendered.
    public let handles: [Handle]
    /// The view tree over the first handle, and a phase-only body over each other handle.
    public let bodies: [Body]
    /// The spec the operation came from.
    public let spec: LoadedFixtureDirectory

    /// The viewer record, which no scenario operation reads.
    public static let viewer: RecordID = "User:me"

    /// Builds a world with `handleCount` handles of `picked` under `strategy`.
    public convenience init(spec: LoadedFixtureDirectory, picked: PickedOperation, strategy: any PhaseStrategy, handleCount: Int = 1) throws {
        let (environment, handles) = try Self.makeEnvironment(spec: spec, picked: picked, strategy: strategy, handleCount: max(1, handleCount))
        try self.init(spec: spec, picked: picked, environment: environment, handles: handles)
    }

    /// Builds a world over handles attached elsewhere (one per distinct root, say): the view tree over
    /// the first, which must be ready, and a phase-only body over each other.
    ///
    /// - Precondition: `handles` is not empty.
    public init(spec: LoadedFixtureDirectory, picked: PickedOperation, environment: Environment, handles: [Handle]) throws {
        precondition(!handles.isEmpty, "a world has a handle to build its view tree over")
        self.spec = spec
        self.picked = picked
        self.environment = environment
        self.handles = handles
        var bodies = try ViewTree(handle: handles[0]).bodies
        for (index, handle) in handles.enumerated().dropFirst() {
            bodies.append(BodyKinds.phase(handle, name: "phase[\(index)]"))
        }
        self.bodies = bodies
    }

    /// An environment under `strategy` whose store holds `picked`'s response and another screen's value
    /// (`User:me`, under the root's `viewer`), with `handleCount` handles of `picked` attached: the
    /// scenarios' world, and what the bench times in.
    public static func makeEnvironment(
        spec: LoadedFixtureDirectory, picked: PickedOperation, strategy: any PhaseStrategy, handleCount: Int
    ) throws -> (Environment, [Handle]) {
        let environment = Environment(strategy: strategy, store: spec.makeStore())
        environment.commit { transaction in
            picked.response.write(into: &transaction)
            writeViewer(into: &transaction)
        }
        var handles: [Handle] = []
        for _ in 0..<handleCount {
            handles.append(try environment.attach(picked.operation, variables: picked.variables, policy: .storeOrNetwork))
        }
        return (environment, handles)
    }

    /// Another screen's data: the signed-in user under the root's `viewer`, with a name.
    private static func writeViewer(into transaction: inout Transaction) {
        let viewer = transaction.record(viewer, typename: "User")
        transaction.set(viewer, "name", .scalar(.string("Beth Smith")))
        transaction.set(transaction.record(.root), "viewer", .link(viewer))
    }

    /// Writes what the world was built with again, `picked`'s response and the viewer's name, and
    /// renders: a world that several measurements share starts each one as it was built, whatever the
    /// one before changed there. Data the world was given besides (other roots' pages) stays as it is.
    public func restore() {
        environment.commit { transaction in
            picked.response.write(into: &transaction)
            Self.writeViewer(into: &transaction)
        }
        render()
    }

    /// The first handle.
    public var handle: Handle { handles[0] }

    /// Re-runs every dirty body once; returns how many ran.
    @discardableResult
    public func render() -> Int { RenderPass(bodies).run() }

    /// The verdict walks made so far by all handles' operations.
    public var verdictWalks: Int { handles.reduce(0) { $0 + $1.operation.verdictWalks } }

    /// The record of the item at `index` of the operation's first list (`characters.results`).
    public func listItem(_ index: Int) throws -> RecordRef {
        guard let ref = try firstList()?[index]?.record else { throw ScenarioError("no item \(index) in the first list") }
        return ref
    }

    /// A value the first row shows, which scenarios and frames change: the first item's `name` where its
    /// row reads one, else the first string its row reads other than an `id`.
    ///
    /// - Throws: `ScenarioError` when the first list has no item, or its row reads no string.
    public func firstRowValue() throws -> (record: RecordRef, storageKey: String, text: String) {
        guard let item = try firstList()?.first ?? nil, let row = try ViewTree.rowLens(item) else {
            throw ScenarioError("no item 0 in the first list")
        }
        let store = environment.store
        let strings = row.fieldKeys.filter { $0.isLeaf && $0.responseKey != "id" }.compactMap { key -> (String, String)? in
            guard case .scalar(.string(let text))? = store.peek(row.record, store.storageKey(key.fieldID))?.value else { return nil }
            return (key.responseKey, text)
        }
        guard let (responseKey, text) = strings.first(where: { $0.0 == "name" }) ?? strings.first,
              let key = row.key(responseKey) else {
            throw ScenarioError("the first row of the first list reads no string to change")
        }
        return (row.record, store.storageKey(key.fieldID), text)
    }

    /// The operation's first root field, with the lens whose selection holds it: the operation's own,
    /// or, where the operation's own selection is spreads, the first fragment spread on the root that
    /// selects a field.
    public func rootField() throws -> (owner: Lens, key: Lens.FieldKey)? {
        var lens = handle.operation.lens
        // Spreads cannot cycle (preparing the operation refused it), so this ends.
        while true {
            if let key = lens.fieldKeys.first { return (lens, key) }
            guard let name = lens.fragmentNames.first, let fragment = try lens.fragment(name) else { return nil }
            lens = fragment
        }
    }

    /// The items of the operation's first list, found as the view tree finds its rows: in the shown
    /// object's own selection, or in a fragment spread on it.
    private func firstList() throws -> [Lens?]? {
        guard let (_, object) = try ViewTree.shownObject(handle.operation.lens) else { return nil }
        var candidates = [object]
        for name in object.fragmentNames {
            if let fragment = try object.fragment(name) { candidates.append(fragment) }
        }
        for lens in candidates {
            guard let (path, list) = try ViewTree.firstList(in: lens),
                  let parent = try ViewTree.parent(of: list, along: path, from: lens) else { continue }
            return try parent.list(list)
        }
        return nil
    }
}

/// A scenario that cannot run over the spec it was given.
public struct ScenarioError: Error, CustomStringConvertible {
    /// What is missing.
    public let description: String
    init(_ description: String) { self.description = description }
}
