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
    public var createdRecords: [RecordRef] { records?.created ?? [] }
    /// Records the transaction deleted.
    public var deletedRecords: [RecordRef] { records?.deleted ?? [] }
    /// Records that had no typename and were given one: which inline fragments apply to them may have
    /// changed, though no slot did.
    public var retypedRecords: [RecordRef] { records?.retyped ?? [] }
    /// The three record lists, made on the first record a transaction creates, deletes or types; nil
    /// for nearly every commit. One reference where three arrays were keeps a commit small enough to
    /// be copied inline: three arrays and a fourth cost every commit its copies' retains.
    private var records: RecordLists?
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

    // The three notes are out of line: they are rare, and inlined they made `Transaction.set` too
    // large to inline into a response's write, a call per slot written.

    /// Notes a record the transaction created or brought back.
    @inline(never) mutating func noteCreated(_ ref: RecordRef) { uniqueRecords().created.append(ref) }

    /// Notes a record the transaction deleted.
    @inline(never) mutating func noteDeleted(_ ref: RecordRef) { uniqueRecords().deleted.append(ref) }

    /// Notes a record the transaction gave its first typename.
    @inline(never) mutating func noteRetyped(_ ref: RecordRef) { uniqueRecords().retyped.append(ref) }

    /// The record lists, made now if there are none, and copied first if another commit shares them:
    /// `Commit` stays a value.
    private mutating func uniqueRecords() -> RecordLists {
        // Asked before any local holds the box: a second reference would make it look shared, and
        // every note after the first would copy all three lists.
        if records == nil {
            records = RecordLists()
        } else if !isKnownUniquelyReferenced(&records!) {
            records = records!.copy()
        }
        return records!
    }
}

/// A commit's record lists, boxed: see `Commit.records`.
private final class RecordLists: @unchecked Sendable {
    // Unchecked Sendable: only a commit that holds the sole reference writes the lists
    // (`Commit.uniqueRecords()`), and a commit is written only by its transaction, before it is shared.
    var created: [RecordRef]
    var deleted: [RecordRef]
    var retyped: [RecordRef]

    init(created: [RecordRef] = [], deleted: [RecordRef] = [], retyped: [RecordRef] = []) {
        self.created = created
        self.deleted = deleted
        self.retyped = retyped
    }

    /// A box of its own holding the same lists.
    func copy() -> RecordLists { RecordLists(created: created, deleted: deleted, retyped: retyped) }
}
