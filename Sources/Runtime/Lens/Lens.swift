/// A read view of one record through a selection: how a body sees data.
///
/// Every read goes through the record's slots as a tracked read, so a body that reads through a lens
/// depends on exactly the fields it read. Relay's semantics hold: a field error beside a null, or
/// missing data, under the owner's `@throwOnFieldError` throws; a `@required(action: THROW)` field that
/// is null throws; a bubbling `@required` null nulls the object above it, so `object(_:)` and `list(_:)`
/// return nil (or a nil item) for an object that a `@required` field beneath it nulls. Beneath a
/// `@catch` nothing throws, and a caught field that caught anything reads as nil, as `read()` has it.
/// A lens is a small value; making one allocates nothing.
public struct Lens {
    let context: ReadContext
    /// The record read.
    public let record: RecordRef
    let selections: PreparedSelectionSet
    /// Whether the owner of this selection (the operation, or the fragment) has `@throwOnFieldError`.
    public let throwsOnFieldError: Bool

    init(context: ReadContext, record: RecordRef, selections: PreparedSelectionSet, throwsOnFieldError: Bool) {
        self.context = context
        self.record = record
        self.selections = selections
        self.throwsOnFieldError = throwsOnFieldError
        self.target = context.store.record(at: record)
    }

    /// The record itself, found once: a read then costs no lookup in the store and no retain of it.
    private let target: Record

    /// The record's id.
    public var id: RecordID { target.id }

    /// The record's `__typename`, when known.
    public var typename: String? { target.typename }

    // MARK: - Fields

    /// A prepared field of this lens's selection, found once so that repeated reads skip the lookup.
    public struct FieldKey {
        let field: PreparedField
        /// The field's response key.
        public var responseKey: String { field.responseKey }
        /// The interned storage key the field reads.
        public var fieldID: FieldID { field.channel.id }
        /// Whether the field is a leaf: a scalar or enum, with no selections beneath.
        public var isLeaf: Bool { field.selections == nil }
    }

    /// Every field this selection reads on the record: its own, and those of inline fragments that
    /// apply, in document order. Spreads are their fragments' own.
    public var fieldKeys: [FieldKey] {
        var keys: [FieldKey] = []
        collectKeys(selections, into: &keys)
        return keys
    }

    private func collectKeys(_ set: PreparedSelectionSet, into keys: inout [FieldKey]) {
        for item in set.items {
            switch item {
            case .field(let field): keys.append(FieldKey(field: field))
            case .inline(let condition, let inner):
                if context.store.typeCondition(condition, appliesTo: target.typename) { collectKeys(inner, into: &keys) }
            case .spread: continue
            }
        }
    }

    /// The fragments this selection spreads on the record (directly, or in inline fragments that apply),
    /// in document order: what a parent view hands its child views, each reading its own fragment.
    public var fragmentNames: [String] {
        var names: [String] = []
        collectFragmentNames(selections, into: &names)
        return names
    }

    private func collectFragmentNames(_ set: PreparedSelectionSet, into names: inout [String]) {
        for item in set.items {
            switch item {
            case .field: continue
            case .inline(let condition, let inner):
                if context.store.typeCondition(condition, appliesTo: target.typename) { collectFragmentNames(inner, into: &names) }
            case .spread(let fragment): names.append(fragment.name)
            }
        }
    }

    /// Whether a field's slot holds a list of links, looked at without tracking: for building view
    /// trees, not for bodies.
    public func holdsList(_ key: FieldKey) -> Bool {
        if case .links? = target.peek(key.field.channel.id)?.value { return true }
        return false
    }

    /// The field selected under `responseKey` (here, or in an inline fragment that applies), or nil
    /// when the selection has no such field.
    public func key(_ responseKey: String) -> FieldKey? {
        selections.field(responseKey, typename: target.typename, in: context.store).map(FieldKey.init)
    }

    /// The scalar of a leaf field; nil when it is null.
    ///
    /// - Throws: `LensError.notSelected` for a key the selection lacks; `.fieldErrors` for a field error
    ///   under `@throwOnFieldError` (outside `@catch`); `.missingData` for a field the store does not hold
    ///   under `@throwOnFieldError` (outside `@catch`); `.requiredFieldMissing` for a null
    ///   `@required(action: THROW)` field (outside `@catch`).
    public func scalar(_ responseKey: String) throws(LensError) -> Scalar? {
        try scalar(try selected(responseKey))
    }

    /// The scalar of a leaf field found with `key(_:)`.
    public func scalar(_ key: FieldKey) throws(LensError) -> Scalar? {
        guard case .scalar(let value)? = try checkedValue(key.field) else { return nil }
        return value
    }

    /// The object a field links to, as a lens through the field's selections; nil when the field is
    /// null, the record is deleted, a bubbling `@required` null beneath nulls the object, or the field
    /// carries `@catch` and caught something beneath.
    public func object(_ responseKey: String) throws(LensError) -> Lens? {
        try object(try selected(responseKey))
    }

    /// The object a field found with `key(_:)` links to.
    public func object(_ key: FieldKey) throws(LensError) -> Lens? {
        guard let selections = key.field.selections, case .link(let ref)? = try checkedValue(key.field) else { return nil }
        if key.field.catchTarget != nil, caughtSomething(key.field) { return nil }
        return try child(ref, selections)
    }

    /// The objects a list field links to; nil when the list is null, and a nil item for a null item or
    /// one a bubbling `@required` null beneath nulls.
    public func list(_ responseKey: String) throws(LensError) -> [Lens?]? {
        try list(try selected(responseKey))
    }

    /// The objects a list field found with `key(_:)` links to.
    public func list(_ key: FieldKey) throws(LensError) -> [Lens?]? {
        let field = key.field
        guard let selections = field.selections, case .links(let refs)? = try checkedValue(field) else { return nil }
        if field.catchTarget != nil, caughtSomething(field) { return nil }
        var items: [Lens?] = []
        items.reserveCapacity(refs.count)
        for ref in refs {
            items.append(try ref.flatMap { ref throws(LensError) in try child(ref, selections) })
        }
        return items
    }

    /// A lens on the same record through a fragment this selection spreads: what the fragment's own
    /// body reads, weighed by the fragment's own directives. Nil when the selection spreads no such
    /// fragment, its type condition does not apply, or a `@required` chain nulls the fragment's root.
    public func fragment(_ name: String) throws(LensError) -> Lens? {
        let store = context.store
        guard let fragment = selections.spread(name, typename: target.typename, in: store),
              store.typeCondition(fragment.typeCondition, appliesTo: target.typename) else { return nil }
        let lens = Lens(context: context, record: record, selections: fragment.selections, throwsOnFieldError: fragment.throwsOnFieldError)
        return try lens.checkedNotNulled()
    }

    // MARK: - Internals

    private func selected(_ responseKey: String) throws(LensError) -> FieldKey {
        guard let key = key(responseKey) else { throw .notSelected(responseKey) }
        return key
    }

    /// Reads a field's slot and applies the field-level rules; nil when the field is missing or null.
    ///
    /// The rules are `read()`'s, field by field: errors count only beside a null
    /// (`Slot.hasWeighedErrors`), a field the record lacks is missing (`Record.isMissing(_:)`), and a
    /// `@catch` on the field or above it (`PreparedSelectionSet.isCaught`) stops every throw. The slot is
    /// looked at in place, and only its value copied out.
    private func checkedValue(_ field: PreparedField) throws(LensError) -> FieldValue? {
        let target = self.target
        let index = target.trackedIndex(of: field.channel)
        let throwing = field.catchTarget == nil && !selections.isCaught
        if let index {
            if target.slots[index].hasWeighedErrors {
                if throwing, throwsOnFieldError {
                    throw .fieldErrors(target.slots[index].errors.map { FieldError(path: [.key(field.responseKey)], error: $0) })
                }
            } else if !target.slots[index].value.isNull {
                return target.slots[index].value
            }
        } else if throwing, throwsOnFieldError, target.isMissing(nil) {  // the record holds no slot for it
            throw .missingData([[.key(field.responseKey)]])
        }
        if throwing, field.required == .throw {
            throw .requiredFieldMissing(RequiredFieldError(path: [.key(field.responseKey)], action: .throw))
        }
        return nil
    }

    private func child(_ ref: RecordRef, _ selections: PreparedSelectionSet) throws(LensError) -> Lens? {
        guard context.store.record(at: ref).readExists(context.store.existenceChannel) else { return nil }
        return try Lens(context: context, record: ref, selections: selections, throwsOnFieldError: throwsOnFieldError).checkedNotNulled()
    }

    /// This lens, or nil when a bubbling `@required` null in its selection nulls the object.
    private func checkedNotNulled() throws(LensError) -> Lens? {
        guard selections.hasRequired else { return self }
        var fast = SelectionWalk(store: context.store, mode: .required, sink: OutcomeFlags())
        let nulled = fast.walk(selections, target) != nil
        guard fast.sink.sawAnything else { return nulled ? nil : self }
        var detailed = SelectionWalk(store: context.store, mode: .required, sink: PathRecorder(log: context.log))
        let origin = detailed.walk(selections, target)
        if let thrown = detailed.sink.thrown {
            // Under a @catch, Relay nulls the THROW field's parent and marks the failure handled.
            if selections.isCaught { return nil }
            throw .requiredFieldMissing(thrown)
        }
        return origin == nil ? self : nil
    }
}

/// Why a read through a lens failed.
public enum LensError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Field errors under `@throwOnFieldError`, with their paths relative to what was read.
    case fieldErrors([FieldError])
    /// A `@required` field failed the read.
    case requiredFieldMissing(RequiredFieldError)
    /// Under `@throwOnFieldError`: fields the store does not hold (never fetched), by path relative to
    /// what was read. Relay's `missing_expected_data.throw`.
    case missingData([ResponsePath])
    /// The selection has no field with this response key: a programming error in the reader.
    case notSelected(String)

    /// One line saying what failed.
    public var description: String {
        switch self {
        case .fieldErrors(let errors): return "field errors: " + errors.map(\.description).joined(separator: "; ")
        case .requiredFieldMissing(let error): return error.description
        case .missingData(let paths): return "missing data: " + paths.map(\.dotted).joined(separator: "; ")
        case .notSelected(let key): return "'\(key)' is not selected"
        }
    }
}
