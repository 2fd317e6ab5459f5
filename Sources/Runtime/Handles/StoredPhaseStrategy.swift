import Observation

/// The fallback, today's chain: the phase is a stored observable property, settled by hand.
///
/// A handle settles its phase when its own facts change. After a commit whose `nullsOrErrorsChanged` is
/// set, the environment re-evaluates every retained handle whose operation has `@throwOnFieldError` or a
/// bubbling root, whether or not the commit touched its data: each walks its selection again and
/// settles, writing the phase only when it differs (ready after ready, equal field errors, an equal
/// required path: no write, no notification).
public struct StoredPhaseStrategy: PhaseStrategy {
    /// A value with no state: each handle's phase lives in its own source (`makeSource()`); `.stored`
    /// spells it.
    public init() {}

    /// `stored`.
    public var name: String { "stored" }

    /// A source holding the stored phase.
    public func makeSource() -> any PhaseSource { StoredPhase() }

    /// The re-evaluation: the decision's `reevaluateIfNeeded` and `Environment.reevaluate`.
    public func didCommit(_ commit: Commit, in environment: Environment) {
        guard commit.nullsOrErrorsChanged else { return }
        environment.forEachRetainedHandle { handle in
            guard handle.operation.hasVerdictWalk, handle.factsUntracked.hasData else { return }
            handle.source.factsChanged(of: handle)
        }
    }
}

/// A stored phase, with its own Observation channel.
final class StoredPhase: PhaseSource {
    private var stored = Phase.loading
    private let registrar = ObservationRegistrar()
    /// How many times `settle` wrote the phase, and how many times the phase was evaluated: what the
    /// tests count.
    private(set) var writes = 0
    private(set) var evaluations = 0

    /// The stored phase, as a tracked read.
    var current: Phase {
        registrar.access(self, keyPath: \.current)
        return stored
    }

    func phase(of handle: Handle) -> Phase { current }

    /// Evaluates the phase from the handle's facts and settles it.
    func factsChanged(of handle: Handle) {
        let facts = handle.factsUntracked
        let operation = handle.operation
        evaluations += 1
        settle(Phase.evaluate(
            hasData: facts.hasData,
            verdict: { operation.verdict(unplaced: operation.throwsOnFieldError ? facts.unplacedErrors : []) },
            fetch: { facts.fetch },
            lens: { operation.lens }
        ))
    }

    /// Writes the phase only when it differs from the stored one.
    func settle(_ phase: Phase) {
        guard !stored.isSame(as: phase) else { return }
        writes += 1
        registrar.withMutation(of: self, keyPath: \.current) { stored = phase }
    }
}

extension StoredPhase: Observable {}
