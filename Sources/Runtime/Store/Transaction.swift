/// The writes of one commit. Each write is made silently; `Store.commit(_:)` notifies afterwards.
///
/// A write of a slot equal to what it holds changes nothing and notifies nobody.
public struct Transaction {
    let store: Store
    private(set) var commit = Commit()
    private var changed: Set<Commit.SlotAddress> = []

    init(store: Store) { self.store = store }

    // MARK: - Records

    /// The record with `id`, created (or brought back from deletion) if the store has none.
    ///
    /// A `typename` given for a record that had none is kept; a record's type is otherwise fixed.
    @discardableResult
    public mutating func record(_ id: RecordID, typename: String? = nil) -> RecordRef {
        let (record, created, typed) = store.recordForWriting(id, typename: typename)
        if typed {
            commit.noteRetyped(record.ref)
            commit.availabilityMayChange = true
        }
        if created {
            commit.noteCreated(record.ref)
            commit.availabilityMayChange = true
        } else if record.isDeleted {
            record.isDeleted = false
            commit.noteCreated(record.ref)
            commit.availabilityMayChange = true
        }
        return record.ref
    }

    /// Deletes a record: its slots are emptied and every scope that read one of them is notified.
    public mutating func delete(_ ref: RecordRef) {
        let record = store.record(at: ref)
        guard !record.isDeleted else { return }
        record.isDeleted = true
        for field in record.clear() { markChanged(Commit.SlotAddress(record: ref, field: field)) }
        commit.noteDeleted(ref)
        commit.nullsOrErrorsChanged = true
        commit.availabilityMayChange = true
    }

    // MARK: - Slots

    /// Writes a field of a record, by storage key.
    public mutating func set(_ ref: RecordRef, _ storageKey: String, _ value: FieldValue, errors: [GraphQLError] = []) {
        set(ref, store.channel(for: storageKey).id, Slot(value, errors: errors))
    }

    /// Writes a slot of a record, by interned field id.
    public mutating func set(_ ref: RecordRef, _ field: FieldID, _ slot: Slot) {
        let record = store.record(at: ref)
        if record.isDeleted {
            record.isDeleted = false
            commit.noteCreated(ref)
            commit.availabilityMayChange = true
        }
        let old = record.store(slot, at: field)
        guard old != slot else { return }
        markChanged(Commit.SlotAddress(record: ref, field: field))
        if Self.touchesNullsOrErrors(old: old, new: slot) { commit.nullsOrErrorsChanged = true }
        if Self.touchesAvailability(old: old, new: slot) { commit.availabilityMayChange = true }
    }

    /// Missing data's rule (`Commit.availabilityMayChange`): a slot that was missing, or a link or a
    /// list of links on either side of the write.
    static func touchesAvailability(old: Slot?, new: Slot) -> Bool {
        guard let old else { return true }
        switch (old.value, new.value) {
        case (.link, _), (.links, _), (_, .link), (_, .links): return old.value != new.value
        default: return false
        }
    }

    /// The chain's rule (the decision's `noteNulls` and its error and deletion cases): a scalar changed
    /// into another scalar is the only change it may ignore.
    static func touchesNullsOrErrors(old: Slot?, new: Slot) -> Bool {
        guard let old else { return true }
        if old.errors != new.errors { return true }
        switch (old.value, new.value) {
        case (.scalar, .scalar): return false
        default: return old.value != new.value
        }
    }

    private mutating func markChanged(_ address: Commit.SlotAddress) {
        if changed.insert(address).inserted { commit.changedSlots.append(address) }
    }
}
