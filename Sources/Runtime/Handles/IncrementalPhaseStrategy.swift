/// The root strategy's stored facts and derived phase, with the verdict kept up to date by work
/// proportional to what a commit changed rather than by a walk of the whole selection.
///
/// Each root keeps the tree of what its last walk read (see `IncrementalVerdict`): every slot under
/// its verdict, indexed once by address however many paths reach it, with each visit's share of the
/// verdict. A commit re-evaluates only the visits of slots it changed and of records it deleted or
/// brought back, re-walks only below a link or list whose content changed, and carries the difference
/// up to the root. The phase a handle reads is the same as under `root`; only the commit differs.
public struct IncrementalPhaseStrategy: PhaseStrategy {
    /// A value with no state (each root's read tree lives in its environment's root table), so one serves
    /// every environment; `.incremental` spells it.
    public init() {}

    /// `incremental`.
    public var name: String { "incremental" }

    /// A source that reads its root entry's stored verdict.
    public func makeSource() -> any PhaseSource { RootPhase(settling: .incremental) }

    /// Brings each root whose read set the commit met up to date.
    public func didCommit(_ commit: Commit, in environment: Environment) {
        environment.rootTable?.settle(after: commit)
    }
}

extension PhaseStrategy where Self == IncrementalPhaseStrategy {
    /// The root verdict, kept up to date by work proportional to each commit's change.
    public static var incremental: IncrementalPhaseStrategy { IncrementalPhaseStrategy() }
}
