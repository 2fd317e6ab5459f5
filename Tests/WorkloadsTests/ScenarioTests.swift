import Testing
import Runtime
@testable import Workloads

/// The ground truth the bench reports: every scenario's exact re-runs per body, under both strategies,
/// over the bundled spec. The view tree over the largest strict operation has a phase body, the
/// operation's body, and 20 rows; over the spreads-only one (`CharactersPageQuery`, whose own selection
/// is one spread on the root), a phase body, the operation's body, the root fragment's body and 20 rows
/// reading the row fragment; over the root-field-spreads one, a phase body, the operation's body, two
/// fragment bodies and 20 rows.
struct ScenarioTests {
    static let spec = Result { try LoadedFixtureDirectory.load(Fixture.bundledSpecDirectory) }

    static func picked(_ subject: Scenario.Subject, in spec: LoadedFixtureDirectory) throws -> PickedOperation {
        switch subject {
        case .largestStrict: try spec.largestStrictOperation()
        case .spreadsOnly: try #require(try spec.spreadsOnlyOperation())
        case .rootFieldSpreads: try #require(try spec.rootFieldSpreadsOperation())
        }
    }

    private func run(_ scenario: Scenario, _ strategy: any PhaseStrategy) throws -> ScenarioOutcome {
        let spec = try Self.spec.get()
        return try scenario.run(spec: spec, picked: Self.picked(scenario.subject, in: spec), strategy: strategy)
    }

    private func nonzero(_ outcome: ScenarioOutcome) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: outcome.reruns.filter { $0.reruns != 0 }.map { ($0.body, $0.reruns) })
    }

    @Test func theViewTreesHaveTheBodiesDescribed() throws {
        let spec = try Self.spec.get()
        let strict = try ScenarioWorld(spec: spec, picked: spec.largestStrictOperation(), strategy: .derived)
        #expect(strict.bodies.map(\.name) == ["phase", "operation"] + (0..<20).map { "row[\($0)]" })
        let rows = (0..<20).map { "row[\($0)]" }
        let spreads = try ScenarioWorld(spec: spec, picked: Self.picked(.spreadsOnly, in: spec), strategy: .derived)
        #expect(spreads.bodies.map(\.name) == ["phase", "operation", "fragment(CharactersPage_query)"] + rows)
        let rootField = try ScenarioWorld(spec: spec, picked: Self.picked(.rootFieldSpreads, in: spec), strategy: .derived)
        #expect(rootField.bodies.map(\.name) == ["phase", "operation", "fragment(CharactersPageInfo)", "fragment(CharactersPageResults)"] + rows)
    }

    @Test func aSpreadsOnlyRowReadsItsOwnFragmentsEightLeaves() throws {
        let spec = try Self.spec.get()
        let world = try ScenarioWorld(spec: spec, picked: Self.picked(.spreadsOnly, in: spec), strategy: .derived)
        let row = try #require(world.bodies.first { $0.name == "row[0]" })
        // The row holds the lens of `CharactersPage_character` on the first result: a change to that
        // result's name re-runs it, a change to the second's does not.
        let first = try world.listItem(0)
        let second = try world.listItem(1)
        world.environment.commit { $0.set(second, "name", .scalar(.string("Morty Smith (C-137)"))) }
        #expect(!row.isDirty, "the second result's name is no business of row[0]")
        world.environment.commit { $0.set(first, "name", .scalar(.string("Rick Sanchez (C-137)"))) }
        #expect(row.isDirty, "row[0] read its result's name through the row fragment")
    }

    @Test func aValueTheVerdictReadChangesInTheLargestStrictOperation() throws {
        let derived = try run(.verdictReadValueChanges(.largestStrict), .derived)
        let stored = try run(.verdictReadValueChanges(.largestStrict), .stored)
        // The row that shows the name re-runs under both. Derived: the phase getter walked the name, so
        // the phase body and the operation's body (which reads the phase) re-run too, and each re-run
        // walks once. Stored: a scalar change sets no nullsOrErrorsChanged, so nothing re-evaluates.
        #expect(nonzero(derived) == ["phase": 1, "operation": 1, "row[0]": 1])
        #expect(derived.verdictWalks == 2)
        #expect(nonzero(stored) == ["row[0]": 1])
        #expect(stored.verdictWalks == 0)
        #expect(derived.phaseAfter == "ready" && stored.phaseAfter == "ready")
    }

    @Test func aValueTheVerdictReadChangesInTheSpreadsOnlyOperation() throws {
        let derived = try run(.verdictReadValueChanges(.spreadsOnly), .derived)
        let stored = try run(.verdictReadValueChanges(.spreadsOnly), .stored)
        // The operation's own selection holds no field, so its verdict reads no slot: the phase-only
        // body and the operation's body (the phase, and the root record's fragment, which reads
        // nothing until the fragment's body reads it) depend on nothing the repointed link changed.
        // Only the root fragment's body, which reads `characters`, re-runs, under both. Stored
        // re-evaluates (a link moved: nullsOrErrorsChanged), walks nothing, and writes nothing.
        #expect(nonzero(derived) == ["fragment(CharactersPage_query)": 1])
        #expect(nonzero(stored) == ["fragment(CharactersPage_query)": 1])
        #expect(stored.verdictWalks == 1)
        #expect(derived.verdictWalks == 0)
        #expect(derived.phaseAfter == "ready" && stored.phaseAfter == "ready")
    }

    @Test func aValueTheVerdictReadChangesInTheRootFieldSpreadsOperation() throws {
        let derived = try run(.verdictReadValueChanges(.rootFieldSpreads), .derived)
        let stored = try run(.verdictReadValueChanges(.rootFieldSpreads), .stored)
        // The verdict reads only the root field. The operation's body reads it too, to hand the
        // fragments their object, so it re-runs under both. Derived: the phase-only body read that link
        // through the getter and re-runs as well: one body beyond stored, which re-evaluates (the link
        // moved: nullsOrErrorsChanged), finds ready again, and writes nothing.
        #expect(nonzero(derived) == ["phase": 1, "operation": 1])
        #expect(nonzero(stored) == ["operation": 1])
        #expect(stored.verdictWalks == 1)
        #expect(derived.verdictWalks == 2)
    }

    @Test func aValueTheVerdictDidNotReadChanges() throws {
        for strategy in [any PhaseStrategy](arrayLiteral: DerivedPhaseStrategy(), StoredPhaseStrategy()) {
            let other = try run(.unreadValueChanges(.largestStrict), strategy)
            #expect(other.totalReruns == 0, "\(strategy.name): another screen's value re-runs nothing here")
            #expect(other.verdictWalks == 0)
            let insideSpread = try run(.unreadValueChanges(.rootFieldSpreads), strategy)
            // Only what shows the name re-runs: its row and the fragment body that reads the results.
            #expect(nonzero(insideSpread) == ["fragment(CharactersPageResults)": 1, "row[0]": 1], "\(strategy.name)")
            #expect(insideSpread.verdictWalks == 0, "\(strategy.name): a scalar inside a spread is no business of the verdict")
            let insideRowFragment = try run(.unreadValueChanges(.spreadsOnly), strategy)
            // The root fragment reads the results' links, not their names: only the row re-runs.
            #expect(nonzero(insideRowFragment) == ["row[0]": 1], "\(strategy.name)")
            #expect(insideRowFragment.verdictWalks == 0, "\(strategy.name)")
        }
    }

    @Test func aRefetchThatFailsBehindDataRerunsNothing() throws {
        let derived = try run(.refetchFailsBehindData, .derived)
        let stored = try run(.refetchFailsBehindData, .stored)
        #expect(derived.totalReruns == 0 && stored.totalReruns == 0, "no body here reads the fetch")
        #expect(derived.phaseAfter == "ready" && stored.phaseAfter == "ready")
        #expect(derived.verdictWalks == 0, "derived: nothing the getter read changed, so nothing walks")
        #expect(stored.verdictWalks == 2, "stored: the handle settles when the fetch starts and when it fails")
    }

    @Test func fieldErrorsLandAndClearFlippingThePhaseTwice() throws {
        for strategy in [any PhaseStrategy](arrayLiteral: DerivedPhaseStrategy(), StoredPhaseStrategy()) {
            let outcome = try run(.fieldErrorsLandThenClear, strategy)
            // Each commit flips the phase (ready > failed > ready), so the phase body and the operation's
            // body re-run on each; every row reads image, which goes null and back.
            var expected = ["phase": 2, "operation": 2]
            for row in 0..<20 { expected["row[\(row)]"] = 2 }
            #expect(nonzero(outcome) == expected, "\(strategy.name)")
            #expect(outcome.totalReruns == 44)
        }
        // Derived walks where bodies re-run (phase and operation, twice each); stored walks once per
        // commit, at the commit.
        #expect(try run(.fieldErrorsLandThenClear, .derived).verdictWalks == 4)
        #expect(try run(.fieldErrorsLandThenClear, .stored).verdictWalks == 2)
    }

    @Test(arguments: Scenario.handleCounts)
    func aNullsOrErrorsCommitWalksEveryRetainedStoredHandleAndNoDerivedOne(_ count: Int) throws {
        let derived = try run(.nullsOrErrorsWithRetainedHandles(count), .derived)
        let stored = try run(.nullsOrErrorsWithRetainedHandles(count), .stored)
        #expect(derived.totalReruns == 0 && stored.totalReruns == 0, "the commit touched no data of theirs")
        #expect(derived.verdictWalks == 0)
        #expect(stored.verdictWalks == count, "the chain walks every retained strict handle, whether or not the commit touched it")
    }

    @Test func everyScenarioHasAUniqueName() {
        #expect(Set(Scenario.all.map(\.name)).count == Scenario.all.count)
    }
}
