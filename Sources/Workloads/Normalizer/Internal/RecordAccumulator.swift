import Runtime

/// The records of one response as they are written: one write per record id, fields by storage
/// key, both in the order first met.
///
/// A record the response reaches twice (a character listed as a result and again inside an episode)
/// stays one write. A field written twice keeps the later value, as a store would, and every error
/// either occurrence carried when that value is null: the errors name response paths, and each path
/// is met once. Errors beside a value that is not null are not kept (`Slot.keepsErrors(valueIsNull:)`).
struct RecordAccumulator {
    private(set) var records: [NormalizedResponse.RecordWrite] = []
    private var indexByID: [RecordID: Int] = [:]
    private var fieldIndexes: [[String: Int]] = []

    /// The position of the record `id`, added on first use. A typename given for a record that had
    /// none is kept.
    mutating func record(_ id: RecordID, typename: String?) -> Int {
        if let index = indexByID[id] {
            if records[index].typename == nil { records[index].typename = typename }
            return index
        }
        let index = records.count
        records.append(NormalizedResponse.RecordWrite(id, typename: typename, fields: []))
        fieldIndexes.append([:])
        indexByID[id] = index
        return index
    }

    /// Writes a field of the record at `record`.
    mutating func write(_ record: Int, _ storageKey: String, _ value: NormalizedResponse.Value, errors: [GraphQLError]) {
        if let field = fieldIndexes[record][storageKey] {
            let merged = records[record].fields[field].errors + errors
            records[record].fields[field] = NormalizedResponse.FieldWrite(storageKey, value, errors: merged)
        } else {
            fieldIndexes[record][storageKey] = records[record].fields.count
            records[record].fields.append(NormalizedResponse.FieldWrite(storageKey, value, errors: errors))
        }
    }
}
