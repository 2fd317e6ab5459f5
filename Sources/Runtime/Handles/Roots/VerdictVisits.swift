/// One visit of a selection set on a record, at one place of a verdict walk: a node of the tree an
/// incremental root keeps of its last walk.
///
/// Its fields are those the verdict walks, in walk order, with the inline fragments that applied to
/// the record's type flattened in; spreads are not walked. Beside them, its share of the verdict:
/// how many field errors and `THROW`s lie at or below it, and the first field whose null it passes
/// up (the walk's `nulled`).
final class SetVisit {
    let set: PreparedSelectionSet
    let record: RecordRef
    /// The record's type when the fields were chosen; meaningful only when `dependsOnTypename`.
    let typename: String?
    /// Whether an inline fragment with a type condition decided which fields are here.
    var dependsOnTypename = false
    /// The field visit this set is below; nil for the operation's root.
    var parent: FieldVisit? { unretainedParent?.takeUnretainedValue() }
    /// `parent`, unretained: a parent holds its children, so a live visit's parent is alive, and the
    /// tree reads it only of live visits (`isLive`). Carrying a count up a path follows these with no
    /// retain and release at each step, which a checked or even an `unowned(unsafe)` reference cost.
    let unretainedParent: Unmanaged<FieldVisit>?
    /// Whether the visit is still part of its root's tree; a visit of a subtree walked again is not.
    var isLive = true
    /// The position in the parent's list, or nil below a single link (and at the root).
    var index: Int?
    var fields: [FieldVisit] = []

    /// Field errors at or below this visit.
    var errors = 0
    /// `@required(action: THROW)` fields failed at or below this visit.
    var throwCount = 0
    /// The first field (in walk order) whose null reaches this object: where the null that nulls it
    /// started.
    var nulled: FieldVisit?

    init(set: PreparedSelectionSet, record: Record, parent: FieldVisit?, index: Int?) {
        self.set = set
        self.record = record.ref
        self.typename = record.typename
        self.unretainedParent = parent.map { .passUnretained($0) }
        self.index = index
    }

    /// The first field whose null reaches this object, as the walk's `nulled` finds it.
    func firstNulled() -> FieldVisit? {
        for field in fields {
            if let origin = field.origin { return origin }
        }
        return nil
    }
}

/// One field read by a verdict walk, at one place: the slot it read, what the walk did below it, and
/// its share of the verdict.
final class FieldVisit {
    /// What the walk did below the field.
    enum Below: Equatable {
        /// Nothing: a leaf, a null, or a link with nothing of the verdict below.
        case none
        /// Walked the linked record's selection.
        case object(SetVisit)
        /// Walked each item of a list of links (nil for a null item).
        case items([SetVisit?])
        /// Nothing walked below, but the field is `@required`, so the linked record's existence counts.
        case existence(RecordRef)

        static func == (lhs: Below, rhs: Below) -> Bool {
            switch (lhs, rhs) {
            case (.none, .none): return true
            case (.object(let a), .object(let b)): return a === b
            case (.existence(let a), .existence(let b)): return a == b
            case (.items(let a), .items(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
            default: return false
            }
        }
    }

    /// Where a null this field passes up started.
    enum Passed {
        case nothing
        /// At this field.
        case here
        /// Below, at that field: a `@required` chain carried it up.
        case below(FieldVisit)
    }

    let field: PreparedField
    /// The set visit this field belongs to; unowned and unchecked, as `SetVisit.parent` is: read
    /// only while the visit is live.
    unowned(unsafe) let owner: SetVisit
    /// Whether the visit is still part of its root's tree; a visit of a subtree walked again is not.
    var isLive = true

    /// The slot's field errors, kept only where the owner collects them (`@throwOnFieldError`).
    var slotErrors: [GraphQLError] = []
    /// Whether the slot read null: missing or `.null` (errors beside a value leave it a value).
    var slotIsNull = true
    var below = Below.none
    /// Field errors and THROWs below the field (kept up to date by the children's differences).
    var belowErrors = 0
    var belowThrows = 0

    /// Whether this field's own `@required(action: THROW)` failed.
    var threw = false
    var passed = Passed.nothing
    /// `slotErrors.count + belowErrors`.
    var errors = 0
    /// `(threw ? 1 : 0) + belowThrows`.
    var throwCount = 0

    init(field: PreparedField, owner: SetVisit) {
        self.field = field
        self.owner = owner
    }

    /// The field where the null this one passes up started, or nil when it passes none.
    var origin: FieldVisit? {
        switch passed {
        case .nothing: return nil
        case .here: return self
        case .below(let origin): return origin
        }
    }
}
