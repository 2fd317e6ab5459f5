/// An environment's root entries under the root strategies: one per operation and variables, shared
/// by that operation's handles, settled at the end of commits.
///
/// The table holds entries weakly; each handle's source holds its entry, so an entry goes when the
/// last of its handles does, and the table forgets it at the next commit. The counters say what the
/// settling cost, for the tests and the bench.
package final class RootTable {
    /// How the table brings its roots' verdicts up to date after a commit.
    enum Settling {
        /// A full verdict walk per root whose last walk read a record the commit touched: the `root`
        /// strategy.
        case fullWalk
        /// Only what the commit met of each root's last walk: the `incremental` strategy.
        case incremental
    }

    /// What identifies a root: the operation and its variables, defaults applied.
    private struct Key: Hashable {
        var operation: Operation
        var variables: [String: InputValue]
    }

    private struct WeakEntry {
        weak var entry: RootEntry?
    }

    let settling: Settling
    private var entries: [Key: WeakEntry] = [:]

    /// Full verdict walks made at commits (`root`): one per live root whose last walk read a record
    /// the settling commit touched. A root the commit left untouched keeps its verdict unwalked.
    package private(set) var walks = 0
    /// Roots a commit met and re-evaluated (`incremental`).
    package private(set) var rootsReevaluated = 0
    /// Slots read again at commits by incremental re-evaluation: re-read where they changed, and
    /// walked afresh below a link or list whose content changed.
    package private(set) var slotsRewalked = 0
    /// Commits after which the table settled anything.
    package private(set) var settlingCommits = 0
    /// Verdicts written at commits: how often a settle changed a root's verdict (an equal one is not
    /// written, and notifies nobody).
    package private(set) var verdictWrites = 0

    /// The records the commit being settled touched, each once; kept between commits for its storage.
    /// Made for every settling commit under `root`, and under `incremental` only when a root's tree
    /// has fields chosen by a type (`touchedRecords(of:)`).
    private var touched: [RecordRef] = []
    /// The sequence of the commit `touched` was made for; 0 before any.
    private var touchedSequence = 0
    /// The records in `touched`, while it is made; empty between commits.
    private var touchedMarks = RecordSet()

    init(settling: Settling) { self.settling = settling }

    /// How many roots are still held by a handle.
    package var liveRootCount: Int { entries.values.reduce(0) { $0 + ($1.entry == nil ? 0 : 1) } }


    /// The root of `operation`'s operation and variables, made (and settled) if there is none.
    func entry(for operation: PreparedOperation) -> RootEntry {
        let key = Key(operation: operation.operation, variables: operation.variables)
        if let entry = entries[key]?.entry { return entry }
        let entry = RootEntry(operation: operation, settling: settling)
        entries[key] = WeakEntry(entry: entry)
        return entry
    }

    /// Brings every live root up to date after `commit`, forgetting the released ones.
    ///
    /// Only a commit that set `nullsOrErrorsChanged` can change a verdict, or one that brought a deleted
    /// record back (which sets no flag when nothing is written to it); a scalar written over a scalar
    /// changes none. Under `root`, a root walks again only when the commit touched a record its last
    /// walk read (`noteTouched(by:)` says why that is exact); the others keep their verdicts.
    func settle(after commit: Commit) {
        guard commit.nullsOrErrorsChanged || !commit.createdRecords.isEmpty else { return }
        settlingCommits += 1
        if settling == .fullWalk { noteTouched(by: commit) }
        // Over the values alone: a key is an operation and a dictionary of variables, and copying it
        // out for every root cost most of what an untouched root costs a commit.
        var sawReleased = false
        for weak in entries.values {
            guard let entry = weak.entry else {
                sawReleased = true
                continue
            }
            switch settling {
            case .fullWalk:
                guard entry.read(anyOf: touched) else { continue }
                walks += 1
                if entry.settle(verdict: entry.walk()) { verdictWrites += 1 }
            case .incremental:
                settleIncrementally(entry, after: commit)
            }
        }
        if sawReleased { entries = entries.filter { $0.value.entry != nil } }
        if settling == .fullWalk { ExtraRootCommitWork.spend() }
    }

    /// Makes `touched` the records `commit` touched, each once: those with a changed slot, those
    /// deleted, made or brought back, and those given their first typename.
    ///
    /// A walk is a function of what it reads: the slots, the existence and the type of the records it
    /// enters. When none of those records is touched, it would retrace its last path to the verdict
    /// the root holds, so the root need not walk. Every other record it could come to read lies off
    /// that path, reached only through a slot of a record on it, which would then have changed: so a
    /// record made by this commit, beyond every root's set, is rightly not found there. A record
    /// brought back keeps its ref, and is found where a walk entered it while deleted.
    private func noteTouched(by commit: Commit) {
        touchedSequence = commit.sequence
        touched.removeAll(keepingCapacity: true)
        // A transaction writes a record's fields one after another, so most repeats are the last one.
        var last: RecordRef?
        for address in commit.changedSlots where address.record != last {
            last = address.record
            if touchedMarks.insert(address.record) { touched.append(address.record) }
        }
        for ref in commit.deletedRecords where touchedMarks.insert(ref) { touched.append(ref) }
        for ref in commit.createdRecords where touchedMarks.insert(ref) { touched.append(ref) }
        for ref in commit.retypedRecords where touchedMarks.insert(ref) { touched.append(ref) }
        for ref in touched { touchedMarks.remove(ref) }
    }

    /// The records `commit` touched (`noteTouched(by:)`), made at most once per commit.
    private func touchedRecords(of commit: Commit) -> [RecordRef] {
        if touchedSequence != commit.sequence { noteTouched(by: commit) }
        return touched
    }

    private func settleIncrementally(_ entry: RootEntry, after commit: Commit) {
        guard let tracker = entry.tracker else { return }
        let before = tracker.slotsRead
        let met = tracker.apply(commit, touchedRecords: { touchedRecords(of: commit) })
        slotsRewalked += tracker.slotsRead - before
        if met { rootsReevaluated += 1 }
        if met, entry.settle(verdict: tracker.verdict()) { verdictWrites += 1 }
    }
}

extension Environment {
    /// The root table of the root strategies, made on first use.
    func roots(_ settling: RootTable.Settling) -> RootTable {
        if let table = rootTable { return table }
        let table = RootTable(settling: settling)
        rootTable = table
        return table
    }

    /// The root table, if a root strategy made one: its counters, for the tests and the bench.
    package var roots: RootTable? { rootTable }
}
