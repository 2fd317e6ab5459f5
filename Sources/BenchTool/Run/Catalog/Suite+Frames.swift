import Runtime

extension Suite {
    // MARK: - Frames

    /// The retained handles a frame is measured with: one screen alone, and a screen among others.
    static let frameHandleCounts = [1, 10]

    /// The frames of `strategy`: for each change that matters and each of `frameHandleCounts`, the
    /// commit and the render pass that re-runs every body it dirtied, over the largest strict operation.
    ///
    /// `commit.*` times the commit alone; under derived the verdict's work happens in the render that
    /// follows, so only a frame compares what a user waits for.
    ///
    /// The field errors' landing and clearing each need the other's state first: when a run selects
    /// both, they are timed in alternation over one world (`SuiteMeasurement.Alternation`).
    static func frames(_ subjects: BenchSubjects, _ strategy: FigureStrategy, _ phaseStrategy: any PhaseStrategy) -> [SuiteMeasurement] {
        Frame.Change.allCases.flatMap { change in
            frameHandleCounts.map { handles in
                SuiteMeasurement(
                    frameName(change, handles: handles), strategy: strategy, oneCallPerBatch: change.needsSetUpPerCall,
                    alternation: fieldErrorsAlternation(change, subjects, phaseStrategy, handles: handles)
                ) {
                    try Frame(change, subjects: subjects, strategy: phaseStrategy, handles: handles).prepared
                }
            }
        }
    }

    /// The landing frame's partner is the clearing frame of as many handles, and the other way round;
    /// other frames have none.
    private static func fieldErrorsAlternation(
        _ change: Frame.Change, _ subjects: BenchSubjects, _ phaseStrategy: any PhaseStrategy, handles: Int
    ) -> SuiteMeasurement.Alternation? {
        let partner: Frame.Change
        switch change {
        case .fieldErrorsLand: partner = .fieldErrorsClear
        case .fieldErrorsClear: partner = .fieldErrorsLand
        case .nullsOrErrors, .verdictReadValueChanges: return nil
        }
        return SuiteMeasurement.Alternation(partner: frameName(partner, handles: handles)) {
            let pair = try Frame.fieldErrorsPair(subjects: subjects, strategy: phaseStrategy, handles: handles)
            let (own, other) = change == .fieldErrorsLand ? (pair.land, pair.clear) : (pair.clear, pair.land)
            return (own.prepared, other.prepared)
        }
    }

    /// The stable name of a frame: `frame.field-errors.land(largest-strict, 1 handle)`.
    static func frameName(_ change: Frame.Change, handles: Int) -> String {
        "frame.\(change.rawValue)(largest-strict, \(handles) handle\(handles == 1 ? "" : "s"))"
    }

    // MARK: - Frames over distinct roots

    /// The changes framed over distinct roots: a nulls-or-errors commit that touches no root's data,
    /// and the field errors landing on the judged root's page while the other roots are retained.
    static let distinctRootChanges: [Frame.Change] = [.nullsOrErrors, .fieldErrorsLand]

    /// The frames of `strategy` over each of `distinctRootCounts` distinct roots, for each of
    /// `distinctRootChanges`: one curve per change.
    ///
    /// A landing restores the judged root's clean page and renders it in each call's set-up, off the
    /// clock; it has no clearing partner to alternate with.
    static func distinctRootFrames(
        _ roots: DistinctRoots, _ subjects: BenchSubjects, _ strategy: FigureStrategy, _ phaseStrategy: any PhaseStrategy
    ) -> [SuiteMeasurement] {
        distinctRootChanges.flatMap { change in
            distinctRootCounts.map { count in
                SuiteMeasurement(
                    frameName(change, distinctRoots: count), strategy: strategy, oneCallPerBatch: change.needsSetUpPerCall,
                    curve: distinctRootsPoint(distinctRootsFrameCurve(change), count), retainedHandles: count,
                    forkLimit: distinctRootForks
                ) {
                    try Frame(change, roots: roots, count: count, subjects: subjects, strategy: phaseStrategy).prepared
                }
            }
        }
    }

    /// The stable name of a frame over distinct roots: `frame.nulls-or-errors(largest-strict, 10 distinct roots)`.
    static func frameName(_ change: Frame.Change, distinctRoots count: Int) -> String {
        "frame.\(change.rawValue)(largest-strict, \(distinctRootsLabel(count)))"
    }

    /// The curve a change's frames over distinct roots lie on.
    static func distinctRootsFrameCurve(_ change: Frame.Change) -> String {
        "frame.\(change.rawValue)(largest-strict) by distinct roots"
    }
}
