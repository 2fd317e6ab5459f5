/// The measurements BenchKit gives a part of its own, by name: the read floor's reads and walk, the
/// reads the decision record's figures stand beside, the unit of tracked reads, the model's side of
/// the runtime's published figures, and the history's default columns.
///
/// BenchKit measures nothing and knows no workload: the suite that measures (BenchSuite's
/// `Suite.keyMeasurements`) names them, once, and hands them to whatever reads or renders a results
/// file (`ResultsValidator`, `ResultsMerge`, `Report`, `History`). A results file does not record
/// them: the names are the bench's, the same for every file it reads.
public struct KeyMeasurements: Sendable, Equatable {
    /// A plain `@Observable` property read, untracked, per field of a row of eight: the read floor.
    public var observableUntracked: String
    /// The same read inside a body's tracking scope: the floor of a tracked read, and the unit
    /// figures are given in (`TrackedReadUnit`).
    public var observableTracked: String
    /// The model's field read through a lens, untracked, per field of a row of eight.
    public var fieldUntracked: String
    /// The model's field read inside a body's tracking scope.
    public var fieldTracked: String
    /// The untracked verdict walk over the largest `@throwOnFieldError` operation.
    public var walk: String
    /// The same walk with the fixture's field errors present.
    public var walkWithFieldErrors: String
    /// The role of the subject whose slots that walk reads (`SubjectRecord.role`).
    public var walkSubjectRole: String
    /// The tracked phase read on the largest `@throwOnFieldError` operation: what the first limit judges.
    public var phaseReadTracked: String
    /// The same read outside a tracking scope.
    public var phaseReadUntracked: String
    /// The commit that lands the fixture's field errors with no handle retained.
    public var landWithNoHandle: String
    /// The same commit with one strict handle retained.
    public var landWithOneHandle: String
    /// The commit that clears those errors, the handle retained.
    public var clearWithOneHandle: String
    /// The same clearing commit with no handle retained.
    public var clearWithNoHandle: String
    /// The nulls-or-errors commit over the most retained handles: the stored chain's cost at its largest.
    public var longestChain: String

    public init(
        observableUntracked: String, observableTracked: String, fieldUntracked: String, fieldTracked: String, walk: String,
        walkWithFieldErrors: String, walkSubjectRole: String, phaseReadTracked: String, phaseReadUntracked: String,
        landWithNoHandle: String, landWithOneHandle: String, clearWithOneHandle: String, clearWithNoHandle: String,
        longestChain: String
    ) {
        self.observableUntracked = observableUntracked
        self.observableTracked = observableTracked
        self.fieldUntracked = fieldUntracked
        self.fieldTracked = fieldTracked
        self.walk = walk
        self.walkWithFieldErrors = walkWithFieldErrors
        self.walkSubjectRole = walkSubjectRole
        self.phaseReadTracked = phaseReadTracked
        self.phaseReadUntracked = phaseReadUntracked
        self.landWithNoHandle = landWithNoHandle
        self.landWithOneHandle = landWithOneHandle
        self.clearWithOneHandle = clearWithOneHandle
        self.clearWithNoHandle = clearWithNoHandle
        self.longestChain = longestChain
    }

    /// The same commit as `measurement` (one handle retained) with no handle retained, for the
    /// commits whose handle's share is reported (`HandleShare`); nil for any other measurement.
    public func withNoHandle(_ measurement: String) -> String? {
        switch measurement {
        case landWithOneHandle: landWithNoHandle
        case clearWithOneHandle: clearWithNoHandle
        default: nil
        }
    }

    /// Every measurement the read floor reads (`ReadFloor`).
    public var readFloor: [String] { [observableUntracked, observableTracked, fieldUntracked, fieldTracked, walk] }

    /// The measurements `bench history` shows when no pattern is given: the phase reads the first
    /// limit judges, the field reads the decision's reference figures come from, and the stored
    /// chain's cost at its longest.
    public var history: [String] { [phaseReadTracked, phaseReadUntracked, fieldTracked, fieldUntracked, longestChain] }
}
