import BenchKit
import Runtime

extension Suite {
    // MARK: - Frames

    /// The retained handles a frame is measured with: one screen alone, and a screen among others.
    package static let frameHandleCounts = [1, 10]

    /// The frames of `strategy`: for each change that matters and each of `frameHandleCounts`, the
    /// commit and the render pass that re-runs every body it dirtied, over the largest strict operation.
    ///
    /// `commit.*` times the commit alone; under derived the verdict's work happens in the render that
    /// follows, so only a frame compares what a user waits for.
    static func frames(_ subjects: BenchSubjects, _ strategy: Strategy, _ phaseStrategy: any PhaseStrategy) -> [SuiteMeasurement] {
        Frame.Change.allCases.flatMap { change in
            frameHandleCounts.map { handles in
                SuiteMeasurement(frameName(change, handles: handles), strategy: strategy, oneCallPerBatch: change.needsSetUpPerCall) {
                    try Frame(change, subjects: subjects, strategy: phaseStrategy, handles: handles).subject
                }
            }
        }
    }

    /// The stable name of a frame: `frame.field-errors.land(largest-strict, 1 handle)`.
    package static func frameName(_ change: Frame.Change, handles: Int) -> String {
        "frame.\(change.rawValue)(largest-strict, \(handles) handle\(handles == 1 ? "" : "s"))"
    }
}
