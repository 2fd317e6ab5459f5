import Observation
import Testing
@testable import Runtime

/// The decision's spike, as tests: what a body that reads only the phase is re-run by, under each
/// strategy. Each positive case has its negative beside it.
struct DerivedPhaseSpikeTests {
    typealias C = Characters

    private func attached(_ strategy: any PhaseStrategy, _ operation: Operation = Characters.strict) throws -> (Environment, Handle, Probe) {
        let environment = C.environment(strategy)
        let handle = try environment.attach(operation, policy: .storeOrNetwork)
        let probe = Probe { _ = handle.phase }
        #expect(handle.phase.name == "ready")
        return (environment, handle, probe)
    }

    // MARK: - Derived

    @Test func derivedIsNotRerunByASlotTheVerdictDidNotRead() throws {
        let (environment, _, probe) = try attached(.derived)
        C.write(environment, "Character:1", "status", .scalar(.string("Dead")))  // not selected
        C.write(environment, "Character:2", "image", .scalar(.string("m.jpeg")))  // friends select id name only
        #expect(!probe.render())
        #expect(probe.reruns == 0)
    }

    @Test func derivedIsRerunOnceByASlotTheVerdictRead() throws {
        let (environment, handle, probe) = try attached(.derived)
        C.write(environment, "Character:2", "name", .scalar(.string("Morty")))
        #expect(probe.render())
        #expect(probe.reruns == 1)
        #expect(handle.phase.name == "ready", "the phase stayed equal; the body re-ran anyway")
    }

    @Test func aFailedRefetchBehindDataRerunsNoPhaseBody() throws {
        for strategy in C.strategies {
            let (environment, handle, probe) = try attached(strategy)
            handle.refetch()
            #expect(handle.isRefreshing)
            try environment.transport.completeNext(with: .failure(Failure(.timeout)))
            #expect(!probe.render(), "\(strategy.name): a refetch behind data must not re-run a phase-only body")
            #expect(handle.phase.name == "ready")
            #expect(handle.fetch == .failed(Failure(.timeout), at: environment.clock.now), "the failure stays readable on fetch")
            #expect(!handle.isRefreshing)
        }
    }

    @Test func aNestedTrackingScopeMergesItsReadsIntoTheOuterOne() throws {
        let environment = C.environment(.derived)
        let handle = try environment.attach(C.strict)
        let probe = Probe {
            // A verdict computed under a scope of its own still leaves the outer body depending on it.
            withObservationTracking({ _ = handle.phase }, onChange: {})
        }
        C.write(environment, "Location:1", "name", .scalar(.string("Earth (C-137)")))
        #expect(probe.isDirty)
    }

    @Test func derivedRootFieldSpreadsIsNotRerunByAFieldInsideTheSpread() throws {
        let (environment, _, probe) = try attached(.derived, C.rootFieldSpreads)
        C.write(environment, "Character:1", "name", .scalar(.string("Rick C-137")))
        #expect(!probe.render(), "the verdict does not walk into spreads")
        C.write(environment, .root, "hero", .link(environment.store.record("Character:2")!.ref))
        #expect(probe.render(), "the root field is the operation's own, and the verdict read it")
    }

    @Test func derivedSpreadsOnlyIsRerunByNothingItsFragmentHolds() throws {
        let (environment, handle, probe) = try attached(.derived, C.spreadsOnly)
        C.write(environment, "Character:1", "name", .scalar(.string("Rick C-137")))
        C.write(environment, .root, "hero", .link(environment.store.record("Character:2")!.ref))
        C.write(environment, "Character:1", "image", .null, errors: [GraphQLError(message: "gone", path: ["hero", "image"])])
        #expect(!probe.render(), "its own selection holds no field: the verdict reads no slot, a field error is the fragment's to weigh")
        #expect(handle.phase.name == "ready")
    }

    // MARK: - Stored, where the two differ

    @Test func storedIsNotRerunByAValueChangeTheVerdictRead() throws {
        let (environment, handle, probe) = try attached(.stored)
        C.write(environment, "Character:2", "name", .scalar(.string("Morty")))
        #expect(!probe.render(), "a scalar change sets no nullsOrErrorsChanged, so nothing is re-evaluated")
        let stored = try #require(handle.source as? StoredPhase)
        #expect(stored.writes == 1, "only the attach wrote the phase")
    }

    @Test func storedReevaluatesOnNullsOrErrorsButWritesOnlyAChangedPhase() throws {
        let (environment, handle, probe) = try attached(.stored)
        let stored = try #require(handle.source as? StoredPhase)
        let reevaluations = stored.evaluations
        C.write(environment, "Character:1", "friends", .links([environment.store.record("Character:3")!.ref]))
        #expect(stored.evaluations == reevaluations + 1, "a list of links changed: the chain re-evaluates")
        #expect(!probe.render(), "ready after ready: settle writes nothing")
        #expect(stored.writes == 1)
    }

    @Test func theSameCommitRerunsTheDerivedBodyOnce() throws {
        let (environment, _, probe) = try attached(.derived)
        C.write(environment, "Character:1", "friends", .links([environment.store.record("Character:3")!.ref]))
        #expect(probe.render(), "derived: the verdict read friends, so its reader re-runs, phase equal")
    }

    @Test(arguments: Characters.strategies.map(\.name))
    func fieldErrorsLandingAndClearingFlipThePhaseOnceEach(_ strategyName: String) throws {
        let strategy = C.strategies.first { $0.name == strategyName }!
        let (environment, handle, probe) = try attached(strategy)
        let error = GraphQLError(message: "image unavailable", path: ["hero", "image"])
        C.write(environment, "Character:1", "image", .null, errors: [error])
        #expect(probe.render())
        #expect(handle.phase.failure == .fieldErrors([FieldError(path: ["hero", "image"], error: error)]))
        C.write(environment, "Character:1", "image", .scalar(.string("rick.jpeg")))
        #expect(probe.render())
        #expect(handle.phase.name == "ready")
        #expect(probe.reruns == 2)
    }

    @Test func storedReevaluatesEveryRetainedHandleWithAWalkAndNoDroppedOne() throws {
        let environment = C.environment(.stored)
        let strict = try environment.attach(C.strict)
        let plain = try environment.attach(C.plain)
        var spreads: Handle? = try environment.attach(C.rootFieldSpreads)
        let before = try [strict, plain, spreads!].map { try #require($0.source as? StoredPhase).evaluations }
        // A commit that touches none of their data, but sets nullsOrErrorsChanged.
        C.write(environment, "Unrelated:1", "value", .null)
        let after = try [strict, plain, spreads!].map { try #require($0.source as? StoredPhase).evaluations }
        #expect(zip(before, after).map { $1 - $0 } == [1, 0, 1], "strict and spreads-only walk; the plain operation has no walk")

        spreads = nil
        #expect(environment.retainedHandleCount == 2, "the environment holds handles weakly")
        let strictBefore = try #require(strict.source as? StoredPhase).evaluations
        C.write(environment, "Unrelated:1", "value", .scalar(.int(1)))
        #expect(try #require(strict.source as? StoredPhase).evaluations == strictBefore + 1)
    }
}
