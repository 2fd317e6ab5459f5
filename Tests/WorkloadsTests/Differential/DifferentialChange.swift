import Runtime
import SeededRandom

/// One step of the differential test's script: what a commit (or a fetch) does, by record id and
/// storage key, so the same step applies to every environment and prints as what it did.
enum DifferentialChange: CustomStringConvertible {
    /// Writes a slot.
    case set(RecordID, String, NormalizedResponse.Value, errors: [GraphQLError])
    /// Writes a slot with exactly what it holds, value and errors: an equal write, which changes nothing.
    case rewrite(RecordID, String)
    /// Deletes a record.
    case delete(RecordID)
    /// Several writes and deletions in one commit.
    case batch([DifferentialChange])
    /// Commits the world's response at this index whole.
    case response(Int)
    /// Commits the response at this index whole again, right after it was: every write equal.
    case again(Int)
    /// The handle at this index refetches; its request completes with the response at `response`, or
    /// fails with a timeout when that is nil.
    case fetch(handle: Int, response: Int?)

    var description: String {
        switch self {
        case .set(let id, let key, let value, let errors):
            return "set \(id).\(key) = \(Self.text(value))" + (errors.isEmpty ? "" : " with \(errors.count) error(s)")
        case .rewrite(let id, let key): return "rewrite \(id).\(key) with what it holds"
        case .delete(let id): return "delete \(id)"
        case .batch(let changes): return "commit of [" + changes.map(\.description).joined(separator: "; ") + "]"
        case .response(let index): return "whole response #\(index)"
        case .again(let index): return "whole response #\(index) again, equal"
        case .fetch(let handle, let response):
            return "handle #\(handle) refetches; " + (response.map { "response #\($0) arrives" } ?? "it fails (timeout)")
        }
    }

    /// The kind of step, for the script's account of what it did: `set`, `rewrite`, `delete`, `commit`
    /// (a batch), `mixed` (a batch of equal rewrites and real changes), `whole`, `again` or `handle`.
    var kind: String {
        switch self {
        case .set: return "set"
        case .rewrite: return "rewrite"
        case .delete: return "delete"
        case .batch(let changes):
            let rewrites = changes.filter { if case .rewrite = $0 { return true } else { return false } }.count
            return rewrites > 0 && rewrites < changes.count ? "mixed" : "commit"
        case .response: return "whole"
        case .again: return "again"
        case .fetch: return "handle"
        }
    }

    /// Whether the step writes only what the store holds already, so its commit must change nothing.
    var isEqualRewrite: Bool {
        switch self {
        case .rewrite, .again: return true
        default: return false
        }
    }

    private static func text(_ value: NormalizedResponse.Value) -> String {
        switch value {
        case .null: return "null"
        case .scalar(let scalar): return "\(scalar)"
        case .link(let id): return "-> \(id)"
        case .links(let ids): return "[" + ids.map { $0?.rawValue ?? "null" }.joined(separator: ", ") + "]"
        }
    }

    /// Makes the writes of this change in a transaction over `store` (not `response` or `fetch`).
    func write(into transaction: inout Transaction, store: Store) {
        switch self {
        case .set(let id, let key, let value, let errors):
            // Links name records already in the store, deleted or not: a link to a deleted record
            // must not bring it back, so refs are looked up rather than made.
            guard let ref = store.record(id)?.ref else { return }
            let stored: FieldValue
            switch value {
            case .null: stored = .null
            case .scalar(let scalar): stored = .scalar(scalar)
            case .link(let target): stored = store.record(target).map { .link($0.ref) } ?? .null
            case .links(let targets): stored = .links(targets.map { $0.flatMap { store.record($0)?.ref } })
            }
            transaction.set(ref, key, stored, errors: errors)
        case .rewrite(let id, let key):
            // Read from the store it writes: the four stores hold the same, so it is equal in each.
            guard let ref = store.record(id)?.ref, let slot = store.peek(ref, key) else { return }
            transaction.set(ref, key, slot.value, errors: slot.errors)
        case .delete(let id):
            if let ref = store.record(id)?.ref { transaction.delete(ref) }
        case .batch(let changes):
            for change in changes { change.write(into: &transaction, store: store) }
        case .response, .again, .fetch:
            break
        }
    }
}

/// Draws random changes over what a store holds now: values changed, values to null, field errors
/// added, slots put back as the first response had them (values back, errors cleared), links
/// repointed, list items added and removed, records deleted, whole responses and fetches; and equal
/// writes, which must change nothing: a slot rewritten with what it holds, a whole response committed
/// again right after itself, and batches mixing such a rewrite with a real change.
struct DifferentialChanges {
    var random: SplitMix64
    let world: DifferentialWorld
    let handleCount: Int
    private var counter = 0
    /// A whole response just committed, to commit again as the next step.
    private var again: Int?

    init(seed: UInt64, world: DifferentialWorld, handleCount: Int) {
        random = SplitMix64(seed: seed)
        self.world = world
        self.handleCount = handleCount
    }

    mutating func next(over store: Store) -> DifferentialChange {
        if let index = again {
            again = nil
            return .again(index)
        }
        switch random.next(below: 21) {
        case 0:
            let index = random.next(below: world.responses.count)
            if random.chance(0.3) { again = index }
            return .response(index)
        case 1: return .fetch(handle: random.next(below: handleCount), response: random.chance(0.7) ? random.next(below: world.responses.count) : nil)
        case 2...5: return .batch((0..<random.next(in: 2...4)).map { _ in write(over: store) })
        case 6:
            // An equal rewrite beside a real change, in either order: the commit holds only the change.
            let pair = [rewrite(over: store), write(over: store)]
            return .batch(random.chance(0.5) ? pair : pair.reversed())
        default: return write(over: store)
        }
    }

    /// A slot some live record holds, written again as it is.
    private mutating func rewrite(over store: Store) -> DifferentialChange {
        let records = store.liveRecords.filter { $0.slotCount > 0 }
        guard !records.isEmpty else { return .response(0) }
        let record = random.pick(records)
        return .rewrite(record.id, store.storageKey(random.pick(record.slotsUntracked).field))
    }

    private mutating func write(over store: Store) -> DifferentialChange {
        counter += 1
        let records = store.liveRecords
        let record = random.pick(records)
        let slots = record.slotsUntracked
        let kind = random.next(below: 18)
        if kind == 0, record.id != .root || random.chance(0.1) { return .delete(record.id) }
        if kind <= 4 || slots.isEmpty { return restore() }
        let (field, slot) = random.pick(slots)
        let key = store.storageKey(field)
        switch (kind, slot.value) {
        case (5...6, _):
            return .set(record.id, key, .null, errors: [])
        case (7...8, _):
            return .set(record.id, key, .null, errors: [GraphQLError(message: "error \(counter)", path: [.key(key)])])
        case (9...10, .link), (9...10, .links):
            let target = random.pick(store.liveRecords.isEmpty ? records : store.liveRecords).id
            if case .link = slot.value { return .set(record.id, key, .link(target), errors: []) }
            return .set(record.id, key, .links([target]), errors: [])
        case (15...16, _):
            return .rewrite(record.id, key)
        case (11...14, .links(let refs)):
            var ids: [RecordID?] = refs.map { $0.map { store.record(at: $0).id } }
            if !ids.isEmpty, random.chance(0.5) {
                ids.remove(at: random.next(below: ids.count))
            } else {
                let added: RecordID? = random.chance(0.15) ? nil : random.pick(records).id
                ids.insert(added, at: random.next(below: ids.count + 1))
            }
            return .set(record.id, key, .links(ids), errors: [])
        default:
            return .set(record.id, key, .scalar(.string("value \(counter)")), errors: [])
        }
    }

    /// A slot of the first response, put back as it was: a value back from null, an error cleared.
    private mutating func restore() -> DifferentialChange {
        let write = random.pick(world.responses[0].records)
        guard !write.fields.isEmpty else { return .response(0) }
        let field = random.pick(write.fields)
        return .set(write.id, field.storageKey, field.value, errors: field.errors)
    }
}
