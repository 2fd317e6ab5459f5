extension IncrementalVerdict {
    /// The verdict the tree holds now, without unplaced errors: what a full walk over the store would
    /// say, read off the root in O(1) when it is sound.
    ///
    /// Otherwise the tree is followed only into visits that hold what is asked for: every field error
    /// in walk order, else the first `THROW`, else where the null that reaches the root started.
    func verdict() -> Verdict {
        if root.errors > 0 {
            var errors: [FieldError] = []
            collectErrors(root, into: &errors)
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
    private func collectErrors(_ visit: SetVisit, into errors: inout [FieldError]) {
        for field in visit.fields where field.errors > 0 {
            if !field.slotErrors.isEmpty {
                let path = Self.path(of: field)
                errors += field.slotErrors.map { FieldError(path: path, error: $0) }
            }
            switch field.below {
            case .object(let child) where child.errors > 0:
                collectErrors(child, into: &errors)
            case .items(let items):
                for case let item? in items where item.errors > 0 { collectErrors(item, into: &errors) }
            default:
                break
            }
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
