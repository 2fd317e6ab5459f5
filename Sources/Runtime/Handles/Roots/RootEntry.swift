import Observation

/// What every handle of one operation and its variables shares under the root strategies: its
/// verdict, a stored observable fact.
///
/// The verdict here leaves out unplaced errors: those belong to the last response a handle received,
/// so each handle adds its own when it reads (`Verdict.adding(unplaced:)`). It is written only when it
/// differs from the stored one, so an equal verdict after a commit notifies nobody. Whether the store
/// holds the data is no fact of the root's: a phase takes it from its own handle's `hasData`
/// (`RootPhase`), so keeping it here would cost an availability walk per root and commit that no
/// phase reads.
final class RootEntry {
    /// The operation the root walks, prepared for the first handle that attached.
    let operation: PreparedOperation
    /// The incremental strategy's record of the last walk; nil under `root`, which walks whole.
    let tracker: IncrementalVerdict?
    /// Under `root`, the records the last walk read: a commit that touches none of them leaves the
    /// verdict as that walk found it. Empty under `incremental`, whose tracker keeps its own reads.
    // Unchecked: the table reads it for every root at every settling commit, always from the store's
    // one isolation domain, and a dynamic exclusivity check was a fifth of what an untouched root cost.
    @exclusivity(unchecked) private var reads = RecordSet()

    private let registrar = ObservationRegistrar()
    private var storedVerdict: Verdict

    /// Creates an entry settled over the store as it is now, by a full walk either way.
    init(operation: PreparedOperation, settling: RootTable.Settling) {
        self.operation = operation
        switch settling {
        case .fullWalk:
            tracker = nil
            var reads = RecordSet()
            storedVerdict = operation.verdict(recordingReadsInto: &reads)
            self.reads = reads
        case .incremental:
            let tracker = IncrementalVerdict(operation)
            self.tracker = tracker
            storedVerdict = tracker.verdict()
        }
    }

    /// The verdict without unplaced errors, as a tracked read.
    var verdict: Verdict {
        registrar.access(self, keyPath: \.verdict)
        return storedVerdict
    }

    /// The verdict as it is, without telling Observation.
    var verdictUntracked: Verdict { storedVerdict }

    /// Whether the last full walk read any of `records`: only then can a commit that touched them
    /// have changed what a walk would find.
    func read(anyOf records: [RecordRef]) -> Bool { reads.containsAny(of: records) }

    /// Walks the verdict whole, as the entry was made, keeping the records the walk read.
    func walk() -> Verdict { operation.verdict(recordingReadsInto: &reads) }

    /// Writes `verdict` if it differs from the stored one; returns whether it was written.
    @discardableResult
    func settle(verdict: Verdict) -> Bool {
        guard verdict != storedVerdict else { return false }
        registrar.withMutation(of: self, keyPath: \.verdict) { storedVerdict = verdict }
        return true
    }
}

extension RootEntry: Observable {}

extension Verdict {
    /// The verdict a handle reads: this root verdict with the handle's unplaced errors added, as the
    /// full walk would have made it.
    ///
    /// Field errors come first and unplaced ones after them; any error at all beats a required path,
    /// so a required path with unplaced errors becomes field errors of the unplaced ones alone.
    func adding(unplaced: [GraphQLError]) -> Verdict {
        guard !unplaced.isEmpty else { return self }
        let extra = unplaced.map { FieldError(path: nil, error: $0) }
        if case .fieldErrors(let errors) = self { return .fieldErrors(errors + extra) }
        return .fieldErrors(extra)
    }
}
