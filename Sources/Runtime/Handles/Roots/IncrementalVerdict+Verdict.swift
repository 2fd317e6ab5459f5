extension IncrementalVerdict {
    /// The verdict the tree holds now, without unplaced errors: what a full walk over the store would
    /// say, read off the root in O(1) when it is sound.
    ///
    /// Otherwise the tree is followed only into visits that hold what is asked for: every field error
    /// in walk order, else the first `THROW`, else where the null that reaches the root started.
    func verdict() -> Verdict {
        if root.errors > 0 {
            var errors: [FieldError] = []
            errors.reserveCapacity(root.errors)
            var path: ResponsePath = []
            collectErrors(root, path: &path, into: &errors)
            return .fieldErrors(errors)
        }
        if root.throwCount > 0, let thrown = firstThrow(root) {
            return .requiredFieldMissing(RequiredFieldError(path: Self.path(of: thrown), action: .throw))
        }
        if let origin = root.nulled, let action = origin.field.required {
            return .requiredFieldMissing(RequiredFieldError(path: Self.path(of: origin), action: action))
        }
        return .sound
    }

    /// Every field error at or below `visit`, in walk order: a field's own before anything below it
    /// (a field holding errors is null, so nothing is walked below it anyway).
    ///
    /// The path is built on the way down, as the full walk's path recorder builds it, so each error
    /// shares its path's storage until the next step: one copy per error, not a walk up per error.
    private func collectErrors(_ visit: SetVisit, path: inout ResponsePath, into errors: inout [FieldError]) {
        for field in visit.fields where field.errors > 0 {
            path.append(.key(field.field.responseKey))
            for error in field.slotErrors { errors.append(FieldError(path: path, error: error)) }
            switch field.below {
            case .object(let child) where child.errors > 0:
                collectErrors(child, path: &path, into: &errors)
            case .items(let items):
                for case let item? in items where item.errors > 0 {
                    if let index = item.index { path.append(.index(index)) }
                    collectErrors(item, path: &path, into: &errors)
                    if item.index != nil { path.removeLast() }
                }
            default:
                break
            }
            path.removeLast()
        }
    }

    /// The first failed `THROW` at or below `visit` in walk order: the walk reports a field's own
    /// after what lies below it.
    private func firstThrow(_ visit: SetVisit) -> FieldVisit? {
        for field in visit.fields where field.throwCount > 0 {
            switch field.below {
            case .object(let child) where child.throwCount > 0:
                if let found = firstThrow(child) { return found }
            case .items(let items):
                for case let item? in items where item.throwCount > 0 {
                    if let found = firstThrow(item) { return found }
                }
            default:
                break
            }
            if field.threw { return field }
        }
        return nil
    }

    /// The response path of a visit, from the operation's root, as the walk's path recorder has it.
    static func path(of visit: FieldVisit) -> ResponsePath {
        var steps: ResponsePath = []
        var field = visit
        while true {
            steps.append(.key(field.field.responseKey))
            let owner = field.owner
            if let index = owner.index { steps.append(.index(index)) }
            guard let parent = owner.parent else { break }
            field = parent
        }
        return steps.reversed()
    }
}
