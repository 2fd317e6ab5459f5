/// The normalized store: records by id, written in transactions, read through tracked slots.
///
/// Not thread-safe, like the runtime it models, which confines the store to the main actor: create,
/// write and read it from one isolation domain.
public final class Store {
    // Unchecked: see `Record.slots`; every read of a lens or the verdict walk indexes this.
    @exclusivity(unchecked) private var records: ContiguousArray<Record> = []
    private var refs: [RecordID: RecordRef] = [:]
    private var fieldKeys = FieldKeyTable()
    private var isCommitting = false
    private var commitObservers: [(Commit) -> Void] = []

    /// The number of commits made so far.
    public private(set) var commitCount = 0

    /// The object types of each abstract type (interface or union) that fixtures' type conditions
    /// name. The runtime keeps no schema; like Relay's compiled `__isNode` checks, this is the schema's
    /// answer handed over once.
    public let possibleTypes: [String: Set<String>]

    /// Creates an empty store holding only the root record.
    /// - Parameter possibleTypes: each abstract type's object types, for type conditions on them.
    public init(possibleTypes: [String: Set<String>] = [:]) {
        self.possibleTypes = possibleTypes
        _ = recordForWriting(.root, typename: "Query")
    }

    /// Whether a type condition applies to a record of `typename`: no condition, the record's own type,
    /// an abstract type the record's type belongs to, or a record of unknown type (whose fields a
    /// response without `__typename` wrote only if they applied).
    public func typeCondition(_ condition: String?, appliesTo typename: String?) -> Bool {
        guard let condition, let typename, condition != typename else { return true }
        return possibleTypes[condition]?.contains(typename) ?? false
    }

    // MARK: - Records

    /// The root record, under which every query's root fields are stored.
    public var root: Record { records[0] }

    /// The record with `id`, deleted or not, if the store ever held one.
    public func record(_ id: RecordID) -> Record? {
        refs[id].map { records[Int($0.index)] }
    }

    /// The record at `ref`.
    public func record(at ref: RecordRef) -> Record { records[Int(ref.index)] }

    /// The record at `ref`, unretained: for the walks, which follow a link into every object they
    /// enter and would otherwise retain and release each record they read.
    ///
    /// Safe for as long as the store lives: it never drops a record (a deleted one stays, emptied).
    @inline(__always) func unretainedRecord(at ref: RecordRef) -> Unmanaged<Record> {
        .passUnretained(records[Int(ref.index)])
    }

    /// How many records the store has made, deleted ones included: one past the highest
    /// `RecordRef.index` it has handed out.
    var recordCountIncludingDeleted: Int { records.count }

    /// How many records the store holds, not counting deleted ones.
    public var recordCount: Int { records.reduce(0) { $0 + ($1.isDeleted ? 0 : 1) } }

    /// Every record not deleted, in the order first written.
    public var liveRecords: [Record] { records.filter { !$0.isDeleted } }

    /// The record with `id` for a transaction to write, created when the store has none; `typed` says
    /// whether it gave an existing record its first typename, which may change which inline fragments
    /// apply to it.
    func recordForWriting(_ id: RecordID, typename: String?) -> (Record, created: Bool, typed: Bool) {
        if let ref = refs[id] {
            let record = records[Int(ref.index)]
            guard record.typename == nil, let typename else { return (record, false, false) }
            record.typename = typename
            return (record, false, true)
        }
        let record = Record(id: id, ref: RecordRef(records.count), typename: typename)
        refs[id] = record.ref
        records.append(record)
        return (record, true, false)
    }

    // MARK: - Field keys

    /// The channel of a storage key, interning it on first use.
    public func channel(for storageKey: String) -> FieldChannel { fieldKeys.channel(for: storageKey) }

    /// The storage key an interned field id stands for.
    public func storageKey(_ id: FieldID) -> String { fieldKeys.key(id) }

    /// The channel that carries records' deletion and return: see `Record.readExists(_:)`.
    public var existenceChannel: FieldChannel { fieldKeys.existence }

    /// The channel of an interned field id.
    public func channel(_ id: FieldID) -> FieldChannel { fieldKeys.channel(id) }

    /// The slot of `record` under `storageKey`, read without tracking.
    public func peek(_ record: RecordRef, _ storageKey: String) -> Slot? {
        guard let id = fieldKeys.id(of: storageKey) else { return nil }
        return self.record(at: record).peek(id)
    }

    // MARK: - Commits

    /// Runs one transaction: its writes are made silently, then each changed slot is notified once, then
    /// the commit observers (the environment's re-evaluation) run.
    ///
    /// - Precondition: not called from inside another commit or a commit observer.
    /// - Returns: what changed.
    @discardableResult
    public func commit(_ writes: (inout Transaction) throws -> Void) rethrows -> Commit {
        precondition(!isCommitting, "a commit inside a commit: the runtime commits one transaction at a time")
        isCommitting = true
        defer { isCommitting = false }
        ExtraRootCommitWork.commitBegins()
        var transaction = Transaction(store: self)
        do {
            try writes(&transaction)
        } catch {
            // The writes already made stay made (the store has no undo log), and their readers must
            // hear of them: notify before rethrowing.
            finish(transaction)
            throw error
        }
        return finish(transaction)
    }

    @discardableResult
    private func finish(_ transaction: Transaction) -> Commit {
        var commit = transaction.commit
        commitCount += 1
        commit.sequence = commitCount
        for address in commit.changedSlots {
            record(at: address.record).notify(fieldKeys.channel(address.field).keyPath)
        }
        for ref in commit.deletedRecords + commit.createdRecords {
            record(at: ref).notify(fieldKeys.existence.keyPath)
        }
        for observer in commitObservers { observer(commit) }
        return commit
    }

    /// Adds a closure run after every commit, once its slots are notified. The environment's stored
    /// strategy re-evaluates its handles here.
    public func addCommitObserver(_ observer: @escaping (Commit) -> Void) {
        commitObservers.append(observer)
    }
}
