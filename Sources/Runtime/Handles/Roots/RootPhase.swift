/// A handle's phase under the root strategies: derived from its root entry's stored verdict and its
/// own `phaseFacts` (with data, the unplaced errors; without, the fetch), with no walk at read time.
///
/// The phase takes "with data" from the handle's own `hasData`, as derived does, so the root keeps no
/// presence of its own: a handle still waiting for its response stays loading when another handle's
/// response put the same data in the store. The root walks whether or not the data is present, so
/// its verdict is the walk's over whatever the store holds, as derived's getter would see it.
final class RootPhase: PhaseSource {
    private let settling: RootTable.Settling
    private var entry: RootEntry?

    init(settling: RootTable.Settling) { self.settling = settling }

    /// Two tracked reads with data (the handle's `phaseFacts` and the root's verdict), one without.
    func phase(of handle: Handle) -> Phase {
        let operation = handle.operation
        let facts = handle.phaseFacts
        return Phase.evaluate(
            hasData: facts.hasData,
            verdict: { operation.hasVerdictWalk ? root(of: handle).verdict.adding(unplaced: facts.unplacedErrors) : .sound },
            fetch: { facts.fetch },
            lens: { operation.lens }
        )
    }

    /// Binds the handle to its root on the first facts it has (an attach always sets some).
    func factsChanged(of handle: Handle) {
        guard handle.operation.hasVerdictWalk else { return }
        _ = root(of: handle)
    }

    /// The root entry, found or made in the handle's environment; kept alive by this source, so a
    /// root lives as long as one of its handles does.
    func root(of handle: Handle) -> RootEntry {
        if let entry { return entry }
        let made = handle.environment.map { $0.roots(settling).entry(for: handle.operation) }
            // An environment already released commits nothing more: an entry of the handle's own,
            // settled once, says what the store holds.
            ?? RootEntry(operation: handle.operation, settling: settling)
        entry = made
        return made
    }
}
