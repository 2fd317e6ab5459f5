/// The verdict settled at the end of a commit and kept on a root entry shared by every handle of an
/// operation and its variables; the phase derived from that entry's stored facts.
///
/// After a commit that set `nullsOrErrorsChanged` (or brought a deleted record back), the environment's
/// root table walks again, by the walk a derived handle runs in its getter, each live root whose last
/// walk read a record the commit touched, and writes its `verdict` only where it differs; a root whose
/// read set (one bit per record, `RecordSet`) the commit left untouched keeps its verdict unwalked.
/// A handle's getter then makes two O(1) tracked reads, one per object whose change must reach the
/// body: its own `phaseFacts` (with data, its unplaced errors; without, its fetch) and, with data, the
/// root's `verdict`. No walk runs at read time, and a commit costs at most one walk per root it
/// touched, not one per handle, and a bit test per touched record for the others.
public struct RootPhaseStrategy: PhaseStrategy {
    /// A value with no state (the root entries live in each environment's root table), so one serves every
    /// environment; `.root` spells it.
    public init() {}

    /// `root`.
    public var name: String { "root" }

    /// A source that reads its root entry's stored verdict.
    public func makeSource() -> any PhaseSource { RootPhase(settling: .fullWalk) }

    /// Walks once each live root whose verdict the commit can have changed.
    public func didCommit(_ commit: Commit, in environment: Environment) {
        // A table is made by the first handle that binds to a root; before that there is nothing to settle.
        environment.rootTable?.settle(after: commit)
    }
}

extension PhaseStrategy where Self == RootPhaseStrategy {
    /// The verdict settled once per root at the commit, the phase derived from it.
    public static var root: RootPhaseStrategy { RootPhaseStrategy() }
}
