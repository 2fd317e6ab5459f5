/// What one transaction changed, reported once it has committed and notified.
public struct Commit: Sendable {
    /// A changed slot: the record and the field.
    public struct SlotAddress: Hashable, Sendable {
        /// The record.
        public var record: RecordRef
        /// The field.
        public var field: FieldID
    }

    /// Every slot whose content (value or errors) differs from before, in the order first written.
    public internal(set) var changedSlots: [SlotAddress] = []
    /// Records the transaction created.
    public internal(set) var createdRecords: [RecordRef] = []
    /// Records the transaction deleted.
    public internal(set) var deletedRecords: [RecordRef] = []
    /// Records that had no typename and were given one: which inline fragments apply to them may have
    /// changed, though no slot did.
    public internal(set) var retypedRecords: [RecordRef] = []
    /// Whether anything the stored-phase chain cares about changed: a write to or from null (a field
    /// that was missing counts as null), a link moved, a list of links changed, a field error changed,
    /// or a record deleted. Today's runtime calls this `nullsOrErrorsChanged`.
    public internal(set) var nullsOrErrorsChanged = false
    /// Whether the commit may have changed whether an operation's data is all in the store
    /// (`PreparedOperation.isAvailable`, Relay's missing data): a slot written where the record had
    /// none, a link or a list of links changed (the selection below it now reaches other records), or
    /// a record created, brought back or deleted. A scalar or a null written over a scalar or a null,
    /// or errors changed beside them, leaves every field present that was, so an availability check
    /// after such a commit would find what the last one found.
    public internal(set) var availabilityMayChange = false
    /// The store's commit number after this one, counting from 1.
    public internal(set) var sequence = 0

    /// Whether the transaction changed nothing (it then notified nobody).
    public var isEmpty: Bool { changedSlots.isEmpty && createdRecords.isEmpty && deletedRecords.isEmpty }
}
