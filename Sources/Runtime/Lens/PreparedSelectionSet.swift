/// A selection set prepared against one store and one set of variables: storage keys resolved and
/// interned, directives read, and the verdict walk's mask computed, so a read does no string work.
final class PreparedSelectionSet {
    /// The entries, in document order.
    let items: [PreparedSelection]
    /// Whether any field here or below is part of its owner's verdict walk.
    let hasVerdictWalk: Bool
    /// Whether any field here (through inline fragments too) carries `@required`, so that a null there
    /// can null the object this set reads.
    let hasRequired: Bool
    /// Whether a `@catch` field of the same owner lies above this set, so that nothing read here throws:
    /// Relay marks what a `@catch` caught as handled. Computed once, so a read checks a flag.
    let isCaught: Bool
    /// `items` again, unretained, for the walks (see `UnretainedSelection`).
    let walkItems: ContiguousArray<UnretainedSelection>
    /// The type conditions of the inline fragments of `items`, in order: what `walkItems` points into.
    let inlineConditions: [String?]

    init(items: [PreparedSelection], isCaught: Bool = false) {
        self.items = items
        (self.walkItems, self.inlineConditions) = Self.unretained(items)
        self.isCaught = isCaught
        var walk = false
        var required = false
        for item in items {
            switch item {
            case .field(let field):
                walk = walk || field.inVerdictWalk
                required = required || field.required != nil
            case .inline(_, let set):
                walk = walk || set.hasVerdictWalk
                required = required || set.hasRequired
            case .spread:
                break
            }
        }
        self.hasVerdictWalk = walk
        self.hasRequired = required
    }

    /// The field with `responseKey`, here or in an inline fragment that applies to `typename`.
    func field(_ responseKey: String, typename: String?, in store: Store) -> PreparedField? {
        for item in items {
            switch item {
            case .field(let field) where field.responseKey == responseKey:
                return field
            case .inline(let condition, let set) where store.typeCondition(condition, appliesTo: typename):
                if let field = set.field(responseKey, typename: typename, in: store) { return field }
            default:
                continue
            }
        }
        return nil
    }

    /// The spread of the fragment called `name`, here or in an inline fragment that applies.
    func spread(_ name: String, typename: String?, in store: Store) -> PreparedFragment? {
        for item in items {
            switch item {
            case .spread(let fragment) where fragment.name == name:
                return fragment
            case .inline(let condition, let set) where store.typeCondition(condition, appliesTo: typename):
                if let fragment = set.spread(name, typename: typename, in: store) { return fragment }
            default:
                continue
            }
        }
        return nil
    }
}

/// One prepared entry of a selection set.
enum PreparedSelection {
    case field(PreparedField)
    case inline(typeCondition: String?, PreparedSelectionSet)
    case spread(PreparedFragment)

}

/// A prepared field selection.
final class PreparedField {
    let responseKey: String
    let channel: FieldChannel
    let required: RequiredAction?
    let catchTarget: CatchTarget?
    /// The selections beneath; nil for a leaf.
    let selections: PreparedSelectionSet?
    /// Whether the owner's verdict walk reads this field.
    let inVerdictWalk: Bool

    init(
        responseKey: String, channel: FieldChannel, required: RequiredAction?, catchTarget: CatchTarget?,
        selections: PreparedSelectionSet?, inVerdictWalk: Bool
    ) {
        self.responseKey = responseKey
        self.channel = channel
        self.required = required
        self.catchTarget = catchTarget
        self.selections = selections
        self.inVerdictWalk = inVerdictWalk
    }
}

/// A fragment prepared once per operation and shared by every spread of it.
final class PreparedFragment {
    let name: String
    let typeCondition: String
    let throwsOnFieldError: Bool
    /// Whether a `@required` chain in the fragment's own selection reaches the fragment's root.
    let requiredReachesRoot: Bool
    let selections: PreparedSelectionSet

    init(name: String, typeCondition: String, throwsOnFieldError: Bool, requiredReachesRoot: Bool, selections: PreparedSelectionSet) {
        self.name = name
        self.typeCondition = typeCondition
        self.throwsOnFieldError = throwsOnFieldError
        self.requiredReachesRoot = requiredReachesRoot
        self.selections = selections
    }
}
