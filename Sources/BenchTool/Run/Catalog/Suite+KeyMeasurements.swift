import Workloads

extension Suite {
    /// The names of the measurements BenchKit gives a part of its own (the read floor, the reference
    /// and runtime figures, the unit of tracked reads, the history's columns), spelled here once:
    /// the catalog (`Suite+Catalog.swift`) names those measurements from this value, and every
    /// command hands it to BenchKit.
    static let keyMeasurements = KeyMeasurements(
        observableUntracked: "observable.read.untracked(row-of-8)",
        observableTracked: "observable.read.tracked(row-of-8)",
        fieldUntracked: "field.read.untracked(row-of-8)",
        fieldTracked: "field.read.tracked(row-of-8)",
        walk: "verdict.walk(largest-strict)",
        walkWithFieldErrors: "verdict.walk(largest-strict, field errors)",
        walkSubjectRole: Scenario.Subject.largestStrict.rawValue,
        phaseReadTracked: "phase.read.tracked(largest-strict)",
        phaseReadUntracked: "phase.read.untracked(largest-strict)",
        landWithNoHandle: "commit.field-errors.land(largest-strict, no handle)",
        landWithOneHandle: "commit.field-errors.land(largest-strict, 1 handle)",
        clearWithOneHandle: "commit.field-errors.clear(largest-strict, 1 handle)",
        clearWithNoHandle: "commit.field-errors.clear(largest-strict, no handle)",
        longestChain: retainedHandlesCommit(Scenario.handleCounts.max()!))

    /// The nulls-or-errors commit with `count` handles of the largest strict operation retained.
    static func retainedHandlesCommit(_ count: Int) -> String {
        "commit.nulls-or-errors(largest-strict, \(count) handle\(count == 1 ? "" : "s"))"
    }
}
