/// An operation's verdict kept up to date by work proportional to what each commit changed: the tree
/// of the last verdict walk, with every slot it read indexed by address.
///
/// What it keeps: one `SetVisit` per object the walk visited along each path, one `FieldVisit` per
/// field read there, and three indexes. `readers` maps each slot address (record, field) the walk
/// read to its visits, so the read set holds each slot once however many paths reach it;
/// `existenceReaders` maps each linked record whose deletion counts to the visits that follow it;
/// `typenameReaders` maps each record whose type chose inline fragments to those visits. Each visit
/// carries its subtree's count of field errors and THROWs and where a bubbling null starts, so the
/// verdict is read off the root, and clearing one error is a walk up one path, not of the tree.
///
/// What a commit costs: a dictionary lookup per changed slot and per created or deleted record; for
/// each visit met, one slot read and, only where a link or a list of links changed, a fresh walk of
/// the selection below it (list items whose record stays in the list are kept, not walked); then the
/// difference carried up that visit's path while it changes anything. A commit that meets nothing the
/// verdict read costs the lookups alone. Why it is built this way: `docs/incremental-verdict.md`.
final class IncrementalVerdict {
    let operation: PreparedOperation
    private let store: Store
    private let collectsErrors: Bool
    private(set) var root: SetVisit
    private var readers: [Commit.SlotAddress: [FieldVisit]] = [:]
    private var existenceReaders: [RecordRef: [FieldVisit]] = [:]
    private var typenameReaders: [RecordRef: [SetVisit]] = [:]
    /// `apply`'s list of the visits a commit met, empty between commits, kept for its capacity.
    private var metScratch: [FieldVisit] = []
    /// Slots read since the tree was first built: at the build, then at commits.
    private(set) var slotsRead = 0

    /// Walks the operation's verdict over the store as it is now.
    init(_ operation: PreparedOperation) {
        self.operation = operation
        store = operation.store
        collectsErrors = operation.throwsOnFieldError
        // An empty visit until the walk below can run, since it is a method of the tree.
        root = SetVisit(set: operation.root, record: store.record(at: operation.rootRecord), parent: nil, index: nil)
        root = makeVisit(operation.root, store.record(at: operation.rootRecord), parent: nil, index: nil)
    }

    // MARK: - Commits

    /// Brings the tree up to date with `commit`; returns whether the commit met anything it read.
    ///
    /// - Parameter touchedRecords: the records the commit touched, each once (the root table's, made
    ///   once per commit for all its roots); asked only when the tree has fields chosen by a type.
    func apply(_ commit: Commit, touchedRecords: () -> [RecordRef]) -> Bool {
        guard operation.hasVerdictWalk else { return false }
        // The visits met, in a buffer kept from commit to commit: a landing meets a visit per path to
        // each changed slot (over a thousand at the bench's), and growing a fresh array to that size
        // on every commit was most of what the commit allocated.
        var met = metScratch
        metScratch = []
        defer {
            met.removeAll(keepingCapacity: true)
            metScratch = met
        }
        for address in commit.changedSlots {
            if let visits = readers[address] { met += visits }
        }
        for ref in commit.deletedRecords {
            if let visits = existenceReaders[ref] { met += visits }
        }
        for ref in commit.createdRecords {
            if let visits = existenceReaders[ref] { met += visits }
        }
        var retyped: [SetVisit] = []
        if !typenameReaders.isEmpty {
            // A deleted record among them keeps its typename, so it retypes nothing.
            for ref in touchedRecords() {
                let typename = store.record(at: ref).typename
                retyped += typenameReaders[ref, default: []].filter { $0.typename != typename }
            }
        }
        guard !met.isEmpty || !retyped.isEmpty else { return false }
        for visit in retyped where visit.isLive {
            guard let parent = visit.parent else {
                rebuildRoot()
                return true
            }
            if parent.isLive { reevaluate(parent, rewalkBelow: true) }
        }
        for visit in met where visit.isLive { reevaluate(visit, rewalkBelow: false) }
        return true
    }

    private func rebuildRoot() {
        detach(root)
        root = makeVisit(operation.root, store.record(at: operation.rootRecord), parent: nil, index: nil)
    }

    /// Reads a visit's slot again, walks afresh below it where what it links to changed (or always,
    /// with `rewalkBelow`), and carries the difference up its path.
    private func reevaluate(_ visit: FieldVisit, rewalkBelow: Bool) {
        let errors = visit.errors
        let throwCount = visit.throwCount
        let origin = visit.origin
        read(visit, rewalkBelow: rewalkBelow)
        settleOwn(visit)
        propagate(from: visit, errors: visit.errors - errors, throws: visit.throwCount - throwCount, originChanged: visit.origin !== origin)
    }

    /// Carries a visit's change up to the root: counts by difference at every step, and the bubbling
    /// null by recomputing each object's first null while it changes.
    ///
    /// Once the null has stopped changing, what is left to carry is the same difference at every step
    /// (a count changes no field's null), so the rest of the path is walked adding it, with no
    /// re-decision of any field's part.
    private func propagate(from visit: FieldVisit, errors: Int, throws throwCount: Int, originChanged: Bool) {
        var visit = visit
        var errors = errors
        var throwCount = throwCount
        var originChanged = originChanged
        while originChanged {
            let set = visit.owner
            set.errors += errors
            set.throwCount += throwCount
            let nulled = set.firstNulled()
            originChanged = nulled !== set.nulled
            set.nulled = nulled
            // A null list item stays a null item: nothing of an item's null reaches the list field.
            if set.index != nil { originChanged = false }
            guard let parent = set.parent else { return }
            let (oldErrors, oldThrows, oldOrigin) = (parent.errors, parent.throwCount, parent.origin)
            parent.belowErrors += errors
            parent.belowThrows += throwCount
            settleOwn(parent)
            errors = parent.errors - oldErrors
            throwCount = parent.throwCount - oldThrows
            originChanged = originChanged || parent.origin !== oldOrigin
            visit = parent
        }
        // Unretained references up the rest of the path: every visit on it is live, held by its
        // parent, and a retain and release at each step was most of what carrying a count cost.
        guard errors != 0 || throwCount != 0 else { return }
        var set = Unmanaged.passUnretained(visit.owner)
        while true {
            let parent = set._withUnsafeGuaranteedRef { set -> Unmanaged<FieldVisit>? in
                set.errors += errors
                set.throwCount += throwCount
                return set.unretainedParent
            }
            guard let parent else { return }
            set = parent._withUnsafeGuaranteedRef { parent in
                parent.belowErrors += errors
                parent.belowThrows += throwCount
                parent.errors += errors
                parent.throwCount += throwCount
                return Unmanaged.passUnretained(parent.owner)
            }
        }
    }

    // MARK: - Walking

    /// Visits `set` on `record` as the verdict walk does, indexing every slot read.
    private func makeVisit(_ set: PreparedSelectionSet, _ record: Record, parent: FieldVisit?, index: Int?) -> SetVisit {
        let visit = SetVisit(set: set, record: record, parent: parent, index: index)
        addFields(set, record, to: visit)
        if visit.dependsOnTypename { typenameReaders[record.ref, default: []].append(visit) }
        for field in visit.fields {
            read(field, rewalkBelow: true)
            settleOwn(field)
            visit.errors += field.errors
            visit.throwCount += field.throwCount
        }
        visit.nulled = visit.firstNulled()
        return visit
    }

    private func addFields(_ set: PreparedSelectionSet, _ record: Record, to visit: SetVisit) {
        for item in set.items {
            switch item {
            case .field(let field):
                guard field.inVerdictWalk else { continue }
                let fieldVisit = FieldVisit(field: field, owner: visit)
                visit.fields.append(fieldVisit)
                readers[Commit.SlotAddress(record: record.ref, field: field.channel.id), default: []].append(fieldVisit)
            case .inline(let condition, let inner):
                guard inner.hasVerdictWalk else { continue }
                if condition != nil { visit.dependsOnTypename = true }
                guard store.typeCondition(condition, appliesTo: record.typename) else { continue }
                addFields(inner, record, to: visit)
            case .spread:
                continue
            }
        }
    }

    /// Reads the visit's slot and makes what lies below it match: kept when the slot still leads to
    /// the same place, else walked afresh (list items whose record stays are kept and renumbered).
    private func read(_ visit: FieldVisit, rewalkBelow: Bool) {
        let field = visit.field
        slotsRead += 1
        // The slot is looked at in place, as the full walk does: a copy of it would retain and
        // release its value and errors on every visit a commit meets.
        let (isNull, target, walksBelow) = store.unretainedRecord(at: visit.owner.record)._withUnsafeGuaranteedRef { record in
            guard let index = record.index(of: field.channel.id) else {
                if !visit.slotErrors.isEmpty { visit.slotErrors = [] }
                return (true, FieldValue.null, false)
            }
            // The lens's rule: errors count only beside a null (`Slot.hasWeighedErrors`).
            if collectsErrors && record.slots[index].hasWeighedErrors {
                visit.slotErrors = record.slots[index].errors
            } else if !visit.slotErrors.isEmpty {
                visit.slotErrors = []
            }
            let isNull = record.slots[index].value.isNull
            guard !isNull else { return (true, .null, false) }
            if let child = field.selections, child.hasVerdictWalk { return (false, record.slots[index].value, true) }
            if field.required != nil, case .link = record.slots[index].value { return (false, record.slots[index].value, false) }
            return (false, .null, false)
        }
        visit.slotIsNull = isNull
        let old = visit.below
        let new: FieldVisit.Below
        switch (target, old) {
        case (.link(let ref), .object(let child)) where walksBelow && child.record == ref && !rewalkBelow:
            return
        case (.link(let ref), .existence(let existing)) where !walksBelow && existing == ref:
            return
        case (.links(let refs), .items(let items)) where !rewalkBelow:
            if refs.count == items.count && zip(refs, items).allSatisfy({ $0 == $1?.record }) { return }
            new = .items(relist(refs, items, of: visit))
        case (.link(let ref), _):
            detach(old, of: visit)
            if walksBelow, let child = field.selections {
                new = .object(makeVisit(child, store.record(at: ref), parent: visit, index: nil))
            } else {
                existenceReaders[ref, default: []].append(visit)
                new = .existence(ref)
            }
            if case .object = new { existenceReaders[ref, default: []].append(visit) }
        case (.links(let refs), _):
            detach(old, of: visit)
            new = .items(relist(refs, [], of: visit))
        case (_, .none):
            // Nothing below before or now (a leaf, or a null): nothing to forget or to total.
            return
        default:
            detach(old, of: visit)
            new = .none
        }
        visit.below = new
        (visit.belowErrors, visit.belowThrows) = Self.totals(below: new)
    }

    /// The items of a list visit for `refs`, reusing `items` whose record is still in the list.
    private func relist(_ refs: [RecordRef?], _ items: [SetVisit?], of visit: FieldVisit) -> [SetVisit?] {
        var pool: [RecordRef: [SetVisit]] = [:]
        for case let item? in items { pool[item.record, default: []].append(item) }
        var made: [SetVisit?] = []
        made.reserveCapacity(refs.count)
        for (index, ref) in refs.enumerated() {
            guard let ref, let child = visit.field.selections else {
                made.append(nil)
                continue
            }
            if let kept = pool[ref]?.popLast() {
                kept.index = index
                made.append(kept)
            } else {
                made.append(makeVisit(child, store.record(at: ref), parent: visit, index: index))
            }
        }
        for leftovers in pool.values { for item in leftovers { detach(item) } }
        return made
    }

    /// Decides the field's own part of the verdict from its slot and what lies below, as the walk's
    /// `walkField` does, and its totals.
    private func settleOwn(_ visit: FieldVisit) {
        var isNull = visit.slotIsNull
        var fromChild: FieldVisit?
        switch visit.below {
        case .object(let child):
            fromChild = child.nulled
            isNull = fromChild != nil || store.record(at: child.record).isDeleted
        case .existence(let ref):
            isNull = store.record(at: ref).isDeleted
        case .none, .items:
            break
        }
        visit.threw = false
        visit.passed = .nothing
        if isNull, let action = visit.field.required, visit.field.catchTarget == nil {
            switch action {
            case .throw: visit.threw = true
            case .log, .none: visit.passed = fromChild.map { .below($0) } ?? .here
            }
        }
        visit.errors = visit.slotErrors.count + visit.belowErrors
        visit.throwCount = (visit.threw ? 1 : 0) + visit.belowThrows
    }

    private static func totals(below: FieldVisit.Below) -> (errors: Int, throws: Int) {
        switch below {
        case .none, .existence: return (0, 0)
        case .object(let child): return (child.errors, child.throwCount)
        case .items(let items):
            return items.reduce((0, 0)) { ($0.0 + ($1?.errors ?? 0), $0.1 + ($1?.throwCount ?? 0)) }
        }
    }

    // MARK: - Forgetting

    /// Forgets what the walk did below `visit`.
    private func detach(_ below: FieldVisit.Below, of visit: FieldVisit) {
        switch below {
        case .none: break
        case .object(let child):
            remove(visit, from: &existenceReaders, child.record)
            detach(child)
        case .items(let items): for case let item? in items { detach(item) }
        case .existence(let ref): remove(visit, from: &existenceReaders, ref)
        }
    }

    private func detach(_ visit: SetVisit) {
        visit.isLive = false
        if visit.dependsOnTypename, var list = typenameReaders[visit.record] {
            list.removeAll { $0 === visit }
            typenameReaders[visit.record] = list.isEmpty ? nil : list
        }
        for field in visit.fields {
            field.isLive = false
            remove(field, from: &readers, Commit.SlotAddress(record: visit.record, field: field.field.channel.id))
            detach(field.below, of: field)
        }
    }

    private func remove<Key: Hashable>(_ visit: FieldVisit, from index: inout [Key: [FieldVisit]], _ key: Key) {
        guard var list = index[key], let position = list.firstIndex(where: { $0 === visit }) else { return }
        list.swapAt(position, list.count - 1)
        list.removeLast()
        index[key] = list.isEmpty ? nil : list
    }
}
