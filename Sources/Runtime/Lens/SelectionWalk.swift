/// The walk under both the verdict and a lens's `@required` checks: it reads the fields a mode asks
/// for and says whether a bubbling `@required` null reaches the object walked.
///
/// Relay's rules: a `@required` field that is null (with or without a field error) nulls its parent; the
/// parent, if `@required` too, nulls its own, and so on; a list item is nulled, not the list; a
/// `@required(action: THROW)` field fails the read wherever it is; nothing crosses a `@catch`, and a
/// spread is its fragment's own business. What the walk finds goes to its sink, a generic parameter,
/// so the sound-path walk is specialized to keep no paths at all.
struct SelectionWalk<Sink: WalkSink> {
    enum Mode {
        /// The owner's verdict: the fields marked `inVerdictWalk`; field errors reported when the owner
        /// has `@throwOnFieldError`.
        case verdict(collectsErrors: Bool)
        /// Whether an object is nulled: only `@required` fields, and below them.
        case required
    }

    let store: Store
    let mode: Mode
    var sink: Sink
    /// Whether reads go through Observation (always, but for the bench's slot count).
    let tracked: Bool

    init(store: Store, mode: Mode, sink: Sink, tracked: Bool = true) {
        self.store = store
        self.mode = mode
        self.sink = sink
        self.tracked = tracked
    }

    /// Walks `set` on `record`; returns where the null that nulls the object started, or nil.
    mutating func walk(_ set: PreparedSelectionSet, _ record: Record) -> Sink.Origin? {
        var nulled: Sink.Origin?
        // By index over the unretained entries: iterating `items` would retain and release each entry.
        for position in set.walkItems.indices {
            switch set.walkItems[position] {
            case .field(let field, let child):
                // The set holds the field (`UnretainedSelection`), so it is read without a retain.
                let origin = field._withUnsafeGuaranteedRef { field in
                    visits(field) ? walkField(field, child, record) : nil
                }
                if let origin, nulled == nil { nulled = origin }
            case .inline(let inner, let condition):
                let origin = inner._withUnsafeGuaranteedRef { inner -> Sink.Origin? in
                    guard visits(inner), store.typeCondition(set.inlineConditions[condition], appliesTo: record.typename) else { return nil }
                    return walk(inner, record)
                }
                if let origin, nulled == nil { nulled = origin }
            case .spread:
                continue
            }
        }
        return nulled
    }

    /// Walks `set` on the record at `ref`; returns what `walk(_:_:)` returns, and whether the record is
    /// deleted.
    private mutating func walk(_ set: Unmanaged<PreparedSelectionSet>, at ref: RecordRef) -> (Sink.Origin?, isDeleted: Bool) {
        sink.enterRecord(ref)
        // Neither is retained: a field holds its selections, and the store keeps every record it made
        // (`Store.unretainedRecord(at:)`).
        return set._withUnsafeGuaranteedRef { set in
            store.unretainedRecord(at: ref)._withUnsafeGuaranteedRef { target in (walk(set, target), target.isDeleted) }
        }
    }

    private func visits(_ field: PreparedField) -> Bool {
        switch mode {
        case .verdict: return field.inVerdictWalk
        case .required: return field.required != nil && field.catchTarget == nil
        }
    }

    private func visits(_ set: PreparedSelectionSet) -> Bool {
        switch mode {
        case .verdict: return set.hasVerdictWalk
        case .required: return set.hasRequired
        }
    }

    /// Reads one field, whose selections are `child`; returns the origin of a null it passes up to its
    /// parent, or nil.
    private mutating func walkField(_ field: PreparedField, _ child: Unmanaged<PreparedSelectionSet>?, _ record: Record) -> Sink.Origin? {
        sink.enter(.key(field.responseKey))
        defer { sink.leave() }
        // The slot is looked at in place: copying it out retains and releases its value and errors.
        let index = tracked ? record.trackedIndex(of: field.channel) : record.index(of: field.channel.id)
        sink.readSlot()
        var isNull = true
        var fromChild: Sink.Origin?
        if let index {
            // Errors count only beside a null (`Slot.hasWeighedErrors`): beside a value they fail nothing.
            if case .verdict(collectsErrors: true) = mode, record.slots[index].hasWeighedErrors { sink.fieldErrors(record.slots[index].errors) }
            isNull = record.slots[index].value.isNull
            if !isNull, let child, child._withUnsafeGuaranteedRef({ visits($0) }) {
                switch record.slots[index].value {
                case .link(let ref):
                    let (origin, isDeleted) = walk(child, at: ref)
                    fromChild = origin
                    isNull = origin != nil || isDeleted
                case .links(let refs):
                    for (index, ref) in refs.enumerated() {
                        guard let ref else { continue }
                        sink.enter(.index(index))
                        // A nulled item stays a null item; the list itself is not nulled.
                        _ = walk(child, at: ref)
                        sink.leave()
                    }
                case .null, .scalar:
                    break
                }
            } else if !isNull, field.required != nil, case .link(let ref) = record.slots[index].value {
                // Nothing below is walked, but whether the linked record still exists decides whether
                // this @required field is null.
                sink.enterRecord(ref)
                isNull = store.unretainedRecord(at: ref)._withUnsafeGuaranteedRef { target in
                    !(tracked ? target.readExists(store.existenceChannel) : !target.isDeleted)
                }
            }
        }
        guard isNull, let action = field.required, field.catchTarget == nil else { return nil }
        switch action {
        case .throw:
            sink.requiredThrew()
            return nil
        case .log:
            if fromChild == nil { sink.logged() }
            return fromChild ?? sink.origin(action)
        case .none:
            return fromChild ?? sink.origin(action)
        }
    }
}

/// What a walk reports to.
protocol WalkSink {
    /// What says where a bubbling null started.
    associatedtype Origin
    mutating func enter(_ step: PathElement)
    mutating func leave()
    mutating func readSlot()
    /// The walk follows a link to the record at `ref` (deleted or not): it reads its slots, or, for a
    /// `@required` link walked no further, whether it exists. The record the walk starts on is the
    /// caller's to note.
    mutating func enterRecord(_ ref: RecordRef)
    mutating func fieldErrors(_ errors: [GraphQLError])
    mutating func requiredThrew()
    mutating func logged()
    /// The origin of a null starting at the current field.
    func origin(_ action: RequiredAction) -> Origin
}

/// The sound path's sink: whether anything at all was found, and no paths.
struct OutcomeFlags: WalkSink {
    struct Origin {}
    private(set) var sawAnything = false
    mutating func enter(_ step: PathElement) {}
    mutating func leave() {}
    mutating func readSlot() {}
    mutating func enterRecord(_ ref: RecordRef) {}
    mutating func fieldErrors(_ errors: [GraphQLError]) { sawAnything = true }
    mutating func requiredThrew() { sawAnything = true }
    mutating func logged() { sawAnything = true }
    func origin(_ action: RequiredAction) -> Origin { Origin() }
}

/// The sound path's sink with the records it enters: what `OutcomeFlags` finds, and the walk's read
/// set, for a root that keeps its verdict until a commit touches a record of it.
struct ReadSetRecorder: WalkSink {
    struct Origin {}
    let reads: RecordSet.Writer
    private(set) var sawAnything = false

    init(into reads: RecordSet.Writer) { self.reads = reads }

    mutating func enter(_ step: PathElement) {}
    mutating func leave() {}
    mutating func readSlot() {}
    mutating func enterRecord(_ ref: RecordRef) { reads.insert(ref) }
    mutating func fieldErrors(_ errors: [GraphQLError]) { sawAnything = true }
    mutating func requiredThrew() { sawAnything = true }
    mutating func logged() { sawAnything = true }
    func origin(_ action: RequiredAction) -> Origin { Origin() }
}

/// The detailed sink: paths of every field error, the first THROW, and the LOG reports.
struct PathRecorder: WalkSink {
    typealias Origin = RequiredFieldError
    let log: RequiredFieldLog?
    private var path: ResponsePath = []
    private(set) var fieldErrors: [FieldError] = []
    private(set) var thrown: RequiredFieldError?

    init(log: RequiredFieldLog?) { self.log = log }

    mutating func enter(_ step: PathElement) { path.append(step) }
    mutating func leave() { path.removeLast() }
    mutating func readSlot() {}
    mutating func enterRecord(_ ref: RecordRef) {}
    mutating func fieldErrors(_ errors: [GraphQLError]) {
        fieldErrors += errors.map { FieldError(path: path, error: $0) }
    }
    mutating func requiredThrew() {
        if thrown == nil { thrown = RequiredFieldError(path: path, action: .throw) }
    }
    mutating func logged() { log?(path) }
    func origin(_ action: RequiredAction) -> RequiredFieldError { RequiredFieldError(path: path, action: action) }
}

/// Counts the slots a walk reads.
struct SlotCounter: WalkSink {
    struct Origin {}
    private(set) var slots = 0
    mutating func enter(_ step: PathElement) {}
    mutating func leave() {}
    mutating func readSlot() { slots += 1 }
    mutating func enterRecord(_ ref: RecordRef) {}
    mutating func fieldErrors(_ errors: [GraphQLError]) {}
    mutating func requiredThrew() {}
    mutating func logged() {}
    func origin(_ action: RequiredAction) -> Origin { Origin() }
}
