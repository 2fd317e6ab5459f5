import Observation

/// A normalized record: numbered field slots, each an Observation channel of its own.
///
/// A body that reads a slot through `read(_:)` inside `withObservationTracking` depends on that slot and
/// on nothing else of the record. Writes are made by a `Transaction`, silently; the store notifies each
/// changed slot once, when the transaction commits. Its channels are keyed by the properties of
/// `RecordChannels`, whose key paths are of the kind an `@Observable` property's is.
public final class Record: RecordChannels {
    /// The record's id.
    public let id: RecordID
    /// Its position in the store that holds it.
    public let ref: RecordRef
    /// The record's `__typename`, when the response said it. A record's type does not change, so it is
    /// read without tracking.
    @exclusivity(unchecked) public internal(set) var typename: String?
    /// Whether the record was deleted (and not written again since). A deleted record holds no slots.
    @exclusivity(unchecked) public internal(set) var isDeleted = false

    // The store is confined to one isolation domain and only a transaction writes a record, never while
    // a read is under way: a dynamic exclusivity check on every read (two per slot read, each a TLS
    // lookup) would be pure cost on the read path, so these are unchecked.

    /// The storage keys present, parallel to `slots`. Records hold a handful of fields, so a linear scan
    /// of small integers beats hashing.
    @exclusivity(unchecked) private(set) var fieldIDs: ContiguousArray<FieldID> = []
    @exclusivity(unchecked) private(set) var slots: ContiguousArray<Slot> = []

    let registrar = ObservationRegistrar()
    /// The A/B switches, copied once per record: a `let` costs a load where the switches' lazy global
    /// costs a `swift_once` call on every read.
    private let abSwitch = ABSwitch.current

    init(id: RecordID, ref: RecordRef, typename: String?) {
        self.id = id
        self.ref = ref
        self.typename = typename
        super.init()
    }

    /// The number of slots the record holds.
    public var slotCount: Int { slots.count }

    // MARK: - Reads

    /// Reads a slot, as a tracked read: inside a tracking scope the scope now depends on this slot.
    ///
    /// Returns nil when the record holds no such field (missing data, or a deleted record).
    /// - Complexity: O(fields of the record); no heap allocation outside a tracking scope.
    public func read(_ field: FieldChannel) -> Slot? {
        trackedIndex(of: field).map { slots[$0] }
    }

    /// Where a slot lies in `slots`, as a tracked read (the same read as `read(_:)`): for the lens and
    /// the verdict walk, which look at a slot's errors and value in place rather than copy the slot out
    /// (a copy retains both, and releases them again, on every read).
    ///
    /// Returns nil when the record holds no such field.
    @inline(__always)
    func trackedIndex(of field: FieldChannel) -> Int? {
        registrar.access(self, keyPath: field.keyPath)
        if !abSwitch.isEmpty { abSwitch.perform() }
        return index(of: field.id)
    }

    /// Whether the record exists (was written and not deleted since), as a tracked read on the store's
    /// existence channel: a reader that followed a link to this record hears of its deletion.
    public func readExists(_ existence: FieldChannel) -> Bool {
        registrar.access(self, keyPath: existence.keyPath)
        return !isDeleted
    }

    /// Whether `slot`, read from this record, is missing data: no slot on a record that exists.
    ///
    /// The one rule for missing data that the lens, the verdict walk and the availability check share.
    /// A field never fetched is not a null the server sent (Relay's `undefined`, `isMissingData`): a
    /// `@catch` catches it, a `@throwOnFieldError` read fails on it, and the operation is not
    /// available. A deleted record is a null, as Relay's deleted record is, so its fields are not
    /// missing.
    @inline(__always) func isMissing(_ slot: Slot?) -> Bool { slot == nil && !isDeleted }

    /// Reads a slot without telling Observation: what the store, the normalizer and the stored
    /// strategy's re-evaluation use, and what a read outside any tracking scope amounts to.
    func peek(_ id: FieldID) -> Slot? {
        index(of: id).map { slots[$0] }
    }

    /// Where the slot of `id` lies in `slots`, without tracking.
    func index(of id: FieldID) -> Int? {
        var index = 0
        let count = fieldIDs.count
        while index < count {
            if fieldIDs[index] == id { return index }
            index += 1
        }
        return nil
    }

    /// Every slot with its field, without tracking: for copying a record, not for bodies.
    public var slotsUntracked: [(field: FieldID, slot: Slot)] {
        Array(zip(fieldIDs, slots))
    }

    /// The channel identity Observation keys a slot by when its field id is beyond
    /// `RecordChannels.keyPaths`. Only the key path is used, never the value.
    public subscript(channel channel: Int32) -> UInt8 { 0 }

    // MARK: - Silent writes (Transaction only)

    /// Stores `slot` without notifying anyone; returns the slot it replaced.
    func store(_ slot: Slot, at id: FieldID) -> Slot? {
        var index = 0
        while index < fieldIDs.count {
            if fieldIDs[index] == id {
                let old = slots[index]
                slots[index] = slot
                return old
            }
            index += 1
        }
        fieldIDs.append(id)
        slots.append(slot)
        return nil
    }

    /// Empties the record without notifying anyone; returns the ids of the slots it held.
    func clear() -> ContiguousArray<FieldID> {
        let ids = fieldIDs
        fieldIDs.removeAll()
        slots.removeAll()
        return ids
    }

    /// Tells Observation that a slot changed: every scope that read it fires, once.
    func notify(_ keyPath: KeyPath<Record, UInt8>) {
        registrar.withMutation(of: self, keyPath: keyPath) {}
    }
}

extension Record: Observable {}

/// A field's identity in one store with the Observation channel that carries its changes.
///
/// Made once per storage key by the store (`Store.channel(for:)`) and kept in prepared selections, so a
/// read forms no key path and hashes no string.
public struct FieldChannel: Hashable {
    /// The interned storage key.
    public let id: FieldID
    /// A `RecordChannels` property's key path (`RecordChannels.keyPaths`), or `\Record.[channel: id]` beyond
    /// them; made once. The write side notifies through the same key path.
    public let keyPath: KeyPath<Record, UInt8>
}
