/// The store's interned storage keys, each with its Observation channel.
///
/// Interning happens when a selection is prepared or a payload is written, never on a read.
struct FieldKeyTable {
    private var ids: [String: FieldID] = [:]
    private(set) var keys: [String] = []
    private(set) var channels: [FieldChannel] = []
    /// The channel that carries a record's deletion and return; no storage key has it.
    let existence = FieldChannel(id: FieldID(-1), keyPath: \Record.existence)

    /// The channel for `storageKey`, interning it on first use.
    mutating func channel(for storageKey: String) -> FieldChannel {
        if let id = ids[storageKey] { return channels[Int(id.index)] }
        let id = FieldID(keys.count)
        let channel = FieldChannel(id: id, keyPath: Self.keyPath(of: id))
        ids[storageKey] = id
        keys.append(storageKey)
        channels.append(channel)
        return channel
    }

    /// The key path of a field id's channel: a `RecordChannels` property's while there is one for it, the
    /// subscript's beyond (see `RecordChannels`). Distinct ids get distinct, unequal key paths.
    static func keyPath(of id: FieldID) -> KeyPath<Record, UInt8> {
        let stored = RecordChannels.keyPaths
        return Int(id.index) < stored.count ? stored[Int(id.index)] : \Record.[channel: id.index]
    }

    /// The channel of an interned key.
    func channel(_ id: FieldID) -> FieldChannel { channels[Int(id.index)] }

    /// The storage key of an interned id.
    func key(_ id: FieldID) -> String { keys[Int(id.index)] }

    /// The id of `storageKey`, if it was ever interned.
    func id(of storageKey: String) -> FieldID? { ids[storageKey] }
}
