/// The measurements BenchKit gives a part of its own, by name: the read floor's reads and walk, the
/// reads the decision record's figures stand beside, the unit of tracked reads, the model's side of
/// the runtime's published figures, and the history's default columns.
///
/// BenchKit measures nothing and knows no workload: the suite that measures (BenchSuite's
/// `Suite.keyMeasurements`) names them, once, and hands them to whatever reads or renders a results
/// file (`ResultsValidator`, `ResultsMerge`, `Report`, `History`). A results file does not record
/// them: the names are the bench's, the same for every file it reads.
struct KeyMeasurements: Sendable, Equatable {
    /// A plain `@Observable` property read, untracked, per field of a row of eight: the read floor.
    var observableUntracked: String
    /// The same read inside a body's tracking scope: the floor of a tracked read, and the unit
    /// figures are given in (`TrackedReadUnit`).
    var observableTracked: String
    /// The model's field read through a lens, untracked, per field of a row of eight.
    var fieldUntracked: String
    /// The model's field read inside a body's tracking scope.
    var fieldTracked: String
    /// The untracked verdict walk over the largest `@throwOnFieldError` operation.
    var walk: String
    /// The same walk with the fixture's field errors present.
    var walkWithFieldErrors: String
    /// The role of the subject whose slots that walk reads (`SubjectRecord.role`).
    var walkSubjectRole: String
    /// The tracked phase read on the largest `@throwOnFieldError` operation: what the first limit judges.
    var phaseReadTracked: String
    /// The same read outside a tracking scope.
    var phaseReadUntracked: String
    /// The commit that lands the fixture's field errors with no handle retained.
    var landWithNoHandle: String
    /// The same commit with one strict handle retained.
    var landWithOneHandle: String
    /// The commit that clears those errors, the handle retained.
    var clearWithOneHandle: String
    /// The same clearing commit with no handle retained.
    var clearWithNoHandle: String
    /// The nulls-or-errors commit over the most retained handles: the stored chain's cost at its largest.
    var longestChain: String

    /// The same commit as `measurement` (one handle retained) with no handle retained, for the
    /// commits whose handle's share is reported (`HandleShare`); nil for any other measurement.
    func withNoHandle(_ measurement: String) -> String? {
        switch measurement {
        case landWithOneHandle: landWithNoHandle
        case clearWithOneHandle: clearWithNoHandle
        default: nil
        }
    }

    /// Every measurement the read floor reads (`ReadFloor`).
    var readFloor: [String] { [observableUntracked, observableTracked, fieldUntracked, fieldTracked, walk] }

    /// The measurements `bench history` shows when no pattern is given: the phase reads the first
    /// limit judges, the field reads the decision's reference figures come from, and the stored
    /// chain's cost at its longest.
    var history: [String] { [phaseReadTracked, phaseReadUntracked, fieldTracked, fieldUntracked, longestChain] }
}
