/// One entry of a prepared selection set as unretained references: what the walks (the verdict walk,
/// the `@required` walk, the availability check) iterate, so that looking at an entry retains and
/// releases nothing.
///
/// Copying a `PreparedSelection` out of `items` retains its payload and releases it again: a quarter
/// of a verdict walk's instructions, and most of a 1000-handle commit's time under the stored strategy,
/// went to that traffic. The set's `items` holds every object referenced here for as long as the set
/// lives (and each field its `selections`), and every walk holds the set it iterates, so the references
/// cannot dangle.
enum UnretainedSelection {
    /// A field, and the selections beneath it (nil for a leaf).
    case field(Unmanaged<PreparedField>, selections: Unmanaged<PreparedSelectionSet>?)
    /// An inline fragment: its set, and its type condition's position in `inlineConditions`.
    case inline(Unmanaged<PreparedSelectionSet>, condition: Int)
    case spread(Unmanaged<PreparedFragment>)
}

extension PreparedSelectionSet {
    /// `items` as unretained references, with the type conditions of its inline fragments in order.
    static func unretained(_ items: [PreparedSelection]) -> (ContiguousArray<UnretainedSelection>, [String?]) {
        var unretained = ContiguousArray<UnretainedSelection>()
        unretained.reserveCapacity(items.count)
        var conditions: [String?] = []
        for item in items {
            switch item {
            case .field(let field):
                unretained.append(.field(.passUnretained(field), selections: field.selections.map(Unmanaged.passUnretained)))
            case .inline(let condition, let set):
                unretained.append(.inline(.passUnretained(set), condition: conditions.count))
                conditions.append(condition)
            case .spread(let fragment):
                unretained.append(.spread(.passUnretained(fragment)))
            }
        }
        return (unretained, conditions)
    }
}
