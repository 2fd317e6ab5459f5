import Workloads

/// The measurements the bench gives a part of its own, by name: the read floor's reads and walk, the
/// reads the decision record's figures stand beside, the unit of tracked reads, the model's side of
/// the runtime's published figures, and the history's default columns.
///
/// Spelled here once: the catalog (`Suite+Catalog.swift`) names those measurements from here, and
/// whatever reads or renders a results file (`ResultsValidator`, `ResultsMerge`, `Report`, `History`)
/// finds them here. A results file does not record them: the names are the bench's, the same for
/// every file it reads.
enum KeyMeasurements {
    /// A plain `@Observable` property read, untracked, per field of a row of eight: the read floor.
    static let observableUntracked = "observable.read.untracked(row-of-8)"
    /// The same read inside a body's tracking scope: the floor of a tracked read, and the unit
    /// figures are given in (`TrackedReadUnit`).
    static let observableTracked = "observable.read.tracked(row-of-8)"
    /// The model's field read through a lens, untracked, per field of a row of eight.
    static let fieldUntracked = "field.read.untracked(row-of-8)"
    /// The model's field read inside a body's tracking scope.
    static let fieldTracked = "field.read.tracked(row-of-8)"
    /// The untracked verdict walk over the largest `@throwOnFieldError` operation.
    static let walk = "verdict.walk(largest-strict)"
    /// The same walk with the fixture's field errors present.
    static let walkWithFieldErrors = "verdict.walk(largest-strict, field errors)"
    /// The role of the subject whose slots that walk reads (`SubjectRecord.role`).
    static let walkSubjectRole = Scenario.Subject.largestStrict.rawValue
    /// The tracked phase read on the largest `@throwOnFieldError` operation: what the first limit judges.
    static let phaseReadTracked = "phase.read.tracked(largest-strict)"
    /// The same read outside a tracking scope.
    static let phaseReadUntracked = "phase.read.untracked(largest-strict)"
    /// The commit that lands the fixture's field errors with no handle retained.
    static let landWithNoHandle = "commit.field-errors.land(largest-strict, no handle)"
    /// The same commit with one strict handle retained.
    static let landWithOneHandle = "commit.field-errors.land(largest-strict, 1 handle)"
    /// The commit that clears those errors, the handle retained.
    static let clearWithOneHandle = "commit.field-errors.clear(largest-strict, 1 handle)"
    /// The same clearing commit with no handle retained.
    static let clearWithNoHandle = "commit.field-errors.clear(largest-strict, no handle)"
    /// The nulls-or-errors commit over the most retained handles: the stored chain's cost at its largest.
    static let longestChain = retainedHandlesCommit(Scenario.handleCounts.max()!)

    /// The nulls-or-errors commit with `count` handles of the largest strict operation retained.
    static func retainedHandlesCommit(_ count: Int) -> String {
        "commit.nulls-or-errors(largest-strict, \(count) handle\(count == 1 ? "" : "s"))"
    }

    /// The same commit as `measurement` (one handle retained) with no handle retained, for the
    /// commits whose handle's share is reported (`HandleShare`); nil for any other measurement.
    static func withNoHandle(_ measurement: String) -> String? {
        switch measurement {
        case landWithOneHandle: landWithNoHandle
        case clearWithOneHandle: clearWithNoHandle
        default: nil
        }
    }

    /// Every measurement the read floor reads (`ReadFloor`).
    static var readFloor: [String] { [observableUntracked, observableTracked, fieldUntracked, fieldTracked, walk] }

    /// The measurements `bench history` shows when no pattern is given: the phase reads the first
    /// limit judges, the field reads the decision's reference figures come from, and the stored
    /// chain's cost at its longest.
    static var history: [String] { [phaseReadTracked, phaseReadUntracked, fieldTracked, fieldUntracked, longestChain] }
}
