import Testing
@testable import Runtime
@testable import Workloads

/// Every scenario's exact re-runs per body under the two root shapes, over the bundled spec, beside
/// stored's (`ScenarioTests` has derived's and stored's).
///
/// What we found: body for body, root and incremental re-run exactly what stored re-runs, in every
/// scenario. Each reads the phase from a stored fact (the root's verdict, as stored reads its stored
/// phase) written only when it changes, so a body that read the phase re-runs only when the phase
/// really changed; other bodies read data, the same under every shape. They differ from stored in
/// the work a commit does, not in bodies: root walks once per root, not once per handle, and not at
/// all when only a handle's fetch changed or the commit touched no record its last walk read;
/// incremental walks nothing whole after the attach, and re-reads only the visits of slots the commit
/// changed.
struct ScenarioShapesTests {
    static let shapes = ["root", "incremental"]

    private func strategy(_ name: String) -> any PhaseStrategy {
        name == "root" ? RootPhaseStrategy() : IncrementalPhaseStrategy()
    }

    /// Runs `scenario` under a shape and under stored: the outcomes, and the shape's root table in a
    /// world of its own (returned too, so its handles, and so its roots, stay alive).
    private func run(_ scenario: Scenario, _ shape: String) throws -> (shape: ScenarioOutcome, stored: ScenarioOutcome, table: RootTable, world: ScenarioWorld) {
        let spec = try ScenarioTests.spec.get()
        let picked = try ScenarioTests.picked(scenario.subject, in: spec)
        let stored = try scenario.run(spec: spec, picked: picked, strategy: .stored)
        let outcome = try scenario.run(spec: spec, picked: picked, strategy: strategy(shape))
        // The same change again in a world of our own, to read the root table's counters across it.
        let world = try ScenarioWorld(spec: spec, picked: picked, strategy: strategy(shape), handleCount: scenario.handleCount)
        let table = try #require(world.environment.roots)
        #expect(table.walks == 0 && table.slotsRewalked == 0, "attaching settles each root as it is made, not at a commit")
        try scenario.change(world)
        world.render()
        return (outcome, stored, table, world)
    }

    private func nonzero(_ outcome: ScenarioOutcome) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: outcome.reruns.filter { $0.reruns != 0 }.map { ($0.body, $0.reruns) })
    }

    @Test(arguments: shapes)
    func aValueTheVerdictReadChangesInTheLargestStrictOperation(_ shape: String) throws {
        let (outcome, stored, table, _) = try run(.verdictReadValueChanges(.largestStrict), shape)
        // A scalar over a scalar cannot change a verdict: no root settles, only the row showing the name.
        #expect(nonzero(outcome) == ["row[0]": 1])
        #expect(outcome.reruns == stored.reruns)
        #expect(outcome.verdictWalks == 0 && table.settlingCommits == 0 && table.slotsRewalked == 0)
        #expect(outcome.phaseAfter == "ready")
    }

    @Test(arguments: shapes)
    func aValueTheVerdictReadChangesInTheSpreadsOnlyOperation(_ shape: String) throws {
        let (outcome, stored, table, _) = try run(.verdictReadValueChanges(.spreadsOnly), shape)
        // The root fragment's body reads the repointed link and re-runs; the verdict reads no slot, so
        // the phase and operation bodies do not. Root walks (a link moved) and finds sound again;
        // incremental's read set is empty, so the commit meets nothing.
        #expect(nonzero(outcome) == ["fragment(CharactersPage_query)": 1])
        #expect(outcome.reruns == stored.reruns)
        if shape == "root" {
            #expect(outcome.verdictWalks == 1 && table.walks == 1)
        } else {
            #expect(outcome.verdictWalks == 0 && table.rootsReevaluated == 0 && table.slotsRewalked == 0)
        }
        #expect(table.verdictWrites == 0)
    }

    @Test(arguments: shapes)
    func aValueTheVerdictReadChangesInTheRootFieldSpreadsOperation(_ shape: String) throws {
        let (outcome, stored, table, _) = try run(.verdictReadValueChanges(.rootFieldSpreads), shape)
        // The operation's body reads the root field to hand the fragments their object, and re-runs
        // under every shape; the phase stays sound, nothing is written, so the phase body does not.
        #expect(nonzero(outcome) == ["operation": 1])
        #expect(outcome.reruns == stored.reruns)
        if shape == "root" {
            #expect(outcome.verdictWalks == 1 && table.walks == 1)
        } else {
            // The root field is the one slot its verdict reads; nothing of the verdict lies below it.
            #expect(table.rootsReevaluated == 1 && table.slotsRewalked == 1)
        }
        #expect(table.verdictWrites == 0)
    }

    @Test(arguments: shapes)
    func aValueTheVerdictDidNotReadChanges(_ shape: String) throws {
        for subject in Scenario.Subject.allCases {
            let (outcome, stored, table, _) = try run(.unreadValueChanges(subject), shape)
            #expect(outcome.reruns == stored.reruns, "\(subject): the same bodies as stored")
            #expect(outcome.verdictWalks == 0 && table.settlingCommits == 0, "\(subject): a scalar change settles nothing")
        }
        #expect(try run(.unreadValueChanges(.largestStrict), shape).shape.totalReruns == 0)
    }

    @Test(arguments: shapes)
    func aRefetchThatFailsBehindDataRerunsNothing(_ shape: String) throws {
        let (outcome, stored, table, _) = try run(.refetchFailsBehindData, shape)
        #expect(outcome.totalReruns == 0 && stored.totalReruns == 0, "no body here reads the fetch")
        // Stored settles the handle when the fetch starts and when it fails (2 walks); a root shape's
        // fetch is the handle's own fact, and no commit happened, so nothing walks.
        #expect(outcome.verdictWalks == 0 && table.walks == 0 && table.slotsRewalked == 0)
        #expect(stored.verdictWalks > 0)
        #expect(outcome.phaseAfter == "ready")
    }

    @Test(arguments: shapes)
    func fieldErrorsLandAndClearFlippingThePhaseTwice(_ shape: String) throws {
        let (outcome, stored, table, _) = try run(.fieldErrorsLandThenClear, shape)
        // Each commit flips the root's verdict (sound, field errors, sound): the phase body and the
        // operation's body re-run on each, every row on each (each reads image).
        var expected = ["phase": 2, "operation": 2]
        for row in 0..<20 { expected["row[\(row)]"] = 2 }
        #expect(nonzero(outcome) == expected)
        #expect(outcome.reruns == stored.reruns)
        #expect(table.verdictWrites == 2)
        if shape == "root" {
            #expect(outcome.verdictWalks == 2, "one walk per commit for the one root, as stored's one handle")
        } else {
            // Only the visits of the changed image slots are read again: fewer than one walk's slots.
            let world = try ScenarioWorld(spec: ScenarioTests.spec.get(), picked: ScenarioTests.picked(.largestStrict, in: ScenarioTests.spec.get()), strategy: .derived)
            let walk = world.handle.operation.verdictWalkSlotCount()
            #expect(outcome.verdictWalks == 0)
            #expect(table.slotsRewalked > 0 && table.slotsRewalked < walk, "\(table.slotsRewalked) slots re-read over two commits; a walk reads \(walk)")
        }
    }

    @Test(arguments: shapes.flatMap { shape in Scenario.handleCounts.map { (shape, $0) } })
    func aNullsOrErrorsCommitCostsOneRootNotEveryHandle(_ shape: String, _ count: Int) throws {
        let (outcome, stored, table, world) = try run(.nullsOrErrorsWithRetainedHandles(count), shape)
        #expect(outcome.totalReruns == 0 && stored.totalReruns == 0, "the commit touched no data of theirs")
        #expect(stored.verdictWalks == count)
        #expect(table.liveRootCount == 1 && world.handles.count == count, "\(count) handles of one operation and variables share one root")
        if shape == "root" {
            // The commit sets nullsOrErrorsChanged, so the table settles; the root's last walk read no
            // record of another screen's, so it keeps its verdict and walks nothing.
            #expect(table.settlingCommits == 1, "the commit set nullsOrErrorsChanged: the table settles")
            #expect(outcome.verdictWalks == 0 && table.walks == 0, "the commit touched no record the root's walk read")
        } else {
            #expect(outcome.verdictWalks == 0 && table.rootsReevaluated == 0 && table.slotsRewalked == 0, "the commit met nothing the verdict read")
        }
    }
}
