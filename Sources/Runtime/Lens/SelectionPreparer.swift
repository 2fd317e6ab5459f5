/// Turns selections into prepared ones, computing the verdict walk's mask on the way.
struct SelectionPreparer {
    let store: Store
    let variables: [String: InputValue]
    let fragments: [String: Fragment]
    private(set) var prepared: [String: PreparedFragment] = [:]
    private var inProgress: [String] = []

    init(store: Store, variables: [String: InputValue], fragments: [String: Fragment]) {
        self.store = store
        self.variables = variables
        self.fragments = fragments
    }

    /// Prepares an owner's selection: an operation's or a fragment's.
    mutating func prepare(_ selections: [Selection], throwsOnFieldError: Bool) throws(DocumentError) -> (set: PreparedSelectionSet, requiredReachesRoot: Bool) {
        try prepare(selections, owner: throwsOnFieldError, chainToRoot: true, underCatch: false)
    }

    /// - Parameters:
    ///   - owner: whether the owner has `@throwOnFieldError`, so that every field outside `@catch` is walked.
    ///   - chainToRoot: whether a null in this set reaches the owner's root: true at the root, and below a
    ///     field only when that field and all above it carry a bubbling `@required`.
    ///   - underCatch: whether a `@catch` above stops whatever happens here.
    private mutating func prepare(
        _ selections: [Selection], owner: Bool, chainToRoot: Bool, underCatch: Bool
    ) throws(DocumentError) -> (set: PreparedSelectionSet, requiredReachesRoot: Bool) {
        var items: [PreparedSelection] = []
        var reaches = false
        for selection in selections {
            switch selection {
            case .field(let field):
                let required = field.required
                let caught = underCatch || field.catchTarget != nil
                let bubbles = required == RequiredAction.none || required == .log
                let chainHere = chainToRoot && bubbles
                var child: PreparedSelectionSet?
                var childReaches = false
                if !field.selections.isEmpty {
                    let result = try prepare(field.selections, owner: owner, chainToRoot: chainHere, underCatch: caught)
                    child = result.set
                    childReaches = result.requiredReachesRoot
                }
                let fieldReaches = !caught && (chainHere || required == .throw || childReaches)
                reaches = reaches || fieldReaches
                items.append(.field(PreparedField(
                    responseKey: field.responseKey,
                    channel: store.channel(for: field.storageKey(variables: variables)),
                    required: required,
                    catchTarget: field.catchTarget,
                    selections: child,
                    inVerdictWalk: !caught && (owner || fieldReaches)
                )))
            case .inlineFragment(let inline):
                let result = try prepare(inline.selections, owner: owner, chainToRoot: chainToRoot, underCatch: underCatch)
                reaches = reaches || result.requiredReachesRoot
                items.append(.inline(typeCondition: inline.typeCondition, result.set))
            case .fragmentSpread(let spread):
                items.append(.spread(try fragment(spread.name)))
            }
        }
        return (PreparedSelectionSet(items: items, isCaught: underCatch), reaches)
    }

    private mutating func fragment(_ name: String) throws(DocumentError) -> PreparedFragment {
        if let done = prepared[name] { return done }
        guard let fragment = fragments[name] else { throw .unknownFragment(name) }
        if let start = inProgress.firstIndex(of: name) { throw .fragmentCycle(Array(inProgress[start...]) + [name]) }
        inProgress.append(name)
        defer { inProgress.removeLast() }
        let result = try prepare(fragment.selections, throwsOnFieldError: fragment.throwsOnFieldError)
        let made = PreparedFragment(
            name: name, typeCondition: fragment.typeCondition, throwsOnFieldError: fragment.throwsOnFieldError,
            requiredReachesRoot: result.requiredReachesRoot, selections: result.set
        )
        prepared[name] = made
        return made
    }
}
