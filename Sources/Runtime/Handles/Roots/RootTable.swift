/// An environment's root entries under the root strategies: one per operation and variables, shared
/// by that operation's handles, settled at the end of commits.
///
/// The table holds entries weakly; each handle's source holds its entry, so an entry goes when the
/// last of its handles does, and the table forgets it at the next commit. The counters say what the
/// settling cost, for the tests and the bench.
package final class RootTable {
    /// How the table brings its roots' verdicts up to date after a commit.
    enum Settling {
        /// A full verdict walk per root: the `root` strategy.
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

    /// Full verdict walks made at commits (`root`), one per live root per settling commit.
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
    /// changes none.
    func settle(after commit: Commit) {
        guard commit.nullsOrErrorsChanged || !commit.createdRecords.isEmpty else { return }
        settlingCommits += 1
        var released: [Key] = []
        for (key, weak) in entries {
            guard let entry = weak.entry else {
                released.append(key)
                continue
            }
            switch settling {
            case .fullWalk:
                walks += 1
                if entry.settle(verdict: entry.operation.verdict()) { verdictWrites += 1 }
            case .incremental:
                settleIncrementally(entry, after: commit)
            }
        }
        for key in released { entries[key] = nil }
        if settling == .fullWalk { ExtraRootCommitWork.spend() }
    }

    private func settleIncrementally(_ entry: RootEntry, after commit: Commit) {
        guard let tracker = entry.tracker else { return }
        let before = tracker.slotsRead
        let met = tracker.apply(commit)
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
