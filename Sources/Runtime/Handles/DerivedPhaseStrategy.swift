/// The decision's shape: a handle stores whether the store held its data and its fetch, and derives the
/// phase when it is read.
///
/// With data, the getter runs the verdict, whose reads are the reader's tracked reads, and does not read
/// the fetch; without data, it reads the fetch. A body that reads the phase is invalidated by what the
/// getter read and by nothing else. Commits cost this strategy nothing per handle.
public struct DerivedPhaseStrategy: PhaseStrategy {
    /// A value with no state, as the phase is computed when read; `.derived` spells it.
    public init() {}

    /// `derived`.
    public var name: String { "derived" }

    /// A source that computes the phase on every read.
    public func makeSource() -> any PhaseSource { DerivedPhase() }

    /// Nothing: the phase is computed when read.
    public func didCommit(_ commit: Commit, in environment: Environment) {}
}

/// A derived phase: nothing stored, all computed in the getter.
final class DerivedPhase: PhaseSource {
    func phase(of handle: Handle) -> Phase {
        let operation = handle.operation
        return Phase.evaluate(
            hasData: handle.hasData,
            verdict: { operation.verdict(unplaced: operation.throwsOnFieldError ? handle.unplacedErrors : []) },
            fetch: { handle.fetch },
            lens: { operation.lens }
        )
    }

    func factsChanged(of handle: Handle) {}
}
