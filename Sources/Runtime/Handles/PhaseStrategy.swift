/// How an environment's handles come by their phase: the seam between the shapes the bench weighs.
///
/// A strategy makes one `PhaseSource` per handle, and may act after each commit of the environment's
/// store. The derived and stored shapes are the two the decision weighs; root and incremental (the
/// verdict settled at the commit and kept on a root entry shared by an operation's handles, the phase
/// derived from it) are two more conformances, with no change to these two.
public protocol PhaseStrategy: Sendable {
    /// A stable name for reports, the name of its shape (`derived`, `stored`, `root`, `incremental`, or a
    /// shape registered beside them): each strategy has its own.
    var name: String { get }
    /// The per-handle part of the strategy.
    func makeSource() -> any PhaseSource
    /// Runs after each commit of the environment's store, once the changed slots are notified.
    func didCommit(_ commit: Commit, in environment: Environment)
}

/// The per-handle part of a strategy: where a handle's `phase` comes from.
public protocol PhaseSource: AnyObject {
    /// The phase, as the handle's getter returns it. Reads made here are the reader's tracked reads.
    func phase(of handle: Handle) -> Phase
    /// The handle's stored facts (whether it has data, its fetch, its unplaced errors) changed.
    func factsChanged(of handle: Handle)
}

extension PhaseStrategy where Self == DerivedPhaseStrategy {
    /// The decision's shape: the phase computed in its getter.
    public static var derived: DerivedPhaseStrategy { DerivedPhaseStrategy() }
}

extension PhaseStrategy where Self == StoredPhaseStrategy {
    /// The fallback, today's chain: the phase stored, and settled after commits.
    public static var stored: StoredPhaseStrategy { StoredPhaseStrategy() }
}
