import Observation
import Testing
@testable import Runtime

/// The decision's spike, for the two root shapes: a body that reads only the phase, and what re-runs
/// it. The phase is read from the root's stored verdict, so a commit that leaves the verdict equal
/// re-runs nothing, as under stored, while one that flips it re-runs the body once. Each positive case
/// has its negative beside it.
struct RootPhaseSpikeTests {
    typealias C = Characters
    static let shapes: [any PhaseStrategy] = [RootPhaseStrategy(), IncrementalPhaseStrategy()]
    static let names = shapes.map(\.name)

    private func strategy(_ name: String) -> any PhaseStrategy { Self.shapes.first { $0.name == name }! }

    private func attached(_ name: String, _ operation: Operation = Characters.strict) throws -> (Environment, Handle, Probe) {
        let environment = C.environment(strategy(name))
        let handle = try environment.attach(operation, policy: .storeOrNetwork)
        let probe = Probe { _ = handle.phase }
        #expect(handle.phase.name == "ready")
        return (environment, handle, probe)
    }

    private func roots(_ environment: Environment) throws -> RootTable { try #require(environment.roots) }

    // MARK: - A slot the verdict read, and one it did not

    @Test(arguments: names)
    func aValueTheVerdictReadChangingWithThePhaseEqualRerunsNothing(_ name: String) throws {
        let (environment, _, probe) = try attached(name)
        let table = try roots(environment)
        C.write(environment, "Character:2", "name", .scalar(.string("Morty")))
        #expect(!probe.render(), "a scalar over a scalar cannot change a verdict: nothing settles")
        #expect(table.settlingCommits == 0 && table.walks == 0 && table.slotsRewalked == 0)
        C.write(environment, "Character:1", "friends", .links([environment.store.record("Character:3")!.ref]))
        #expect(!probe.render(), "the verdict read friends and stays sound: an equal verdict is not written")
        #expect(table.verdictWrites == 0)
        if name == "root" {
            #expect(table.walks == 1, "one walk for the one root")
        } else {
            #expect(table.rootsReevaluated == 1, "the list the verdict read changed: the root is met")
            #expect(table.slotsRewalked == 1, "friends re-read; Character:3 is kept in the list, not walked again")
        }
    }

    @Test(arguments: names)
    func aFieldErrorOnASlotTheVerdictReadRerunsThePhaseBodyOnce(_ name: String) throws {
        let (environment, handle, probe) = try attached(name)
        let error = GraphQLError(message: "image unavailable", path: ["hero", "image"])
        C.write(environment, "Character:1", "image", .null, errors: [error])
        #expect(probe.render())
        #expect(probe.reruns == 1)
        #expect(handle.phase.failure == .fieldErrors([FieldError(path: ["hero", "image"], error: error)]))
        C.write(environment, "Character:1", "image", .scalar(.string("rick.jpeg")))
        #expect(probe.render())
        #expect(handle.phase.name == "ready")
        #expect(try roots(environment).verdictWrites == 2)
    }

    @Test(arguments: names)
    func aFieldErrorOnASlotTheVerdictDidNotReadRerunsNothing(_ name: String) throws {
        let (environment, handle, probe) = try attached(name)
        // The friends' selection is `id name`: Character:2's image is another screen's.
        C.write(environment, "Character:2", "image", .null, errors: [GraphQLError(message: "gone", path: ["x"])])
        #expect(!probe.render())
        #expect(handle.phase.name == "ready")
        let table = try roots(environment)
        if name == "root" {
            // Root's read set is by record: its walk entered Character:2 for the friend's name, so a
            // change to any slot of that record walks again (and finds the verdict it had).
            #expect(table.walks == 1, "Character:2 is a record root's walk read, though not its image")
            #expect(table.verdictWrites == 0)
        } else {
            #expect(table.rootsReevaluated == 0 && table.slotsRewalked == 0, "the commit met nothing the verdict read")
        }
    }

    @Test(arguments: names)
    func anErrorInsideASpreadIsNotTheRootFieldSpreadsOperations(_ name: String) throws {
        let (environment, _, probe) = try attached(name, C.rootFieldSpreads)
        C.write(environment, "Character:1", "image", .null, errors: [GraphQLError(message: "gone", path: ["hero", "image"])])
        #expect(!probe.render(), "the verdict does not walk into spreads")
        C.write(environment, .root, "hero", .null)
        #expect(!probe.render(), "the root field the verdict read went null with no error: sound still, nothing written")
        let error = GraphQLError(message: "hero unavailable", path: ["hero"])
        C.write(environment, .root, "hero", .null, errors: [error])
        #expect(probe.render(), "an error on the operation's own root field fails it")
    }

    // MARK: - The fetch

    @Test(arguments: names)
    func aFailedRefetchBehindDataRerunsNoPhaseBody(_ name: String) throws {
        let (environment, handle, probe) = try attached(name)
        handle.refetch()
        #expect(handle.isRefreshing)
        try environment.transport.completeNext(with: .failure(Failure(.timeout)))
        #expect(!probe.render(), "a refetch behind data must not re-run a phase-only body")
        #expect(handle.phase.name == "ready")
        #expect(handle.fetch == .failed(Failure(.timeout), at: environment.clock.now), "the failure stays readable on fetch")
        #expect(try roots(environment).walks == 0, "a fetch is no commit: nothing walks")
    }

    @Test(arguments: names)
    func aFailedFetchWithoutDataRerunsThePhaseBody(_ name: String) throws {
        let environment = Environment(strategy: strategy(name))
        let handle = try environment.attach(C.strict, policy: .storeOrNetwork)
        let probe = Probe { _ = handle.phase }
        #expect(handle.phase.name == "loading")
        try environment.transport.completeNext(with: .failure(Failure(.timeout)))
        #expect(probe.render(), "without data the phase reads the fetch")
        #expect(handle.phase.failure == .fetch(Failure(.timeout)))
    }

    @Test(arguments: names)
    func aHandleStillWaitingStaysLoadingWhenAnotherHandlesResponseLands(_ name: String) throws {
        let environment = Environment(strategy: strategy(name))
        let waiting = try environment.attach(C.strict, policy: .storeOrNetwork)
        let other = try environment.attach(C.strict, policy: .networkOnly)
        try environment.transport.complete(environment.transport.pending[1].id, with: .response(C.response()))
        #expect(other.phase.name == "ready")
        #expect(try roots(environment).liveRootCount == 1)
        #expect(waiting.phase.name == "loading", "its own hasData decides, as under derived, not the root's present")
    }

    // MARK: - Scopes and sharing

    @Test(arguments: names)
    func aNestedTrackingScopeMergesItsReadsIntoTheOuterOne(_ name: String) throws {
        let environment = C.environment(strategy(name))
        let handle = try environment.attach(C.strict)
        let probe = Probe {
            withObservationTracking({ _ = handle.phase }, onChange: {})
        }
        C.write(environment, "Location:1", "name", .scalar(.string("Earth (C-137)")))
        #expect(!probe.isDirty, "a scalar the verdict read changed and the verdict is equal: the outer body does not depend on it")
        C.write(environment, "Location:1", "name", .null, errors: [GraphQLError(message: "gone", path: ["hero", "origin", "name"])])
        #expect(probe.isDirty, "the verdict read under the inner scope still leaves the outer body depending on it")
    }

    @Test(arguments: names)
    func handlesOfOneOperationShareOneRootThatGoesWithThem(_ name: String) throws {
        let environment = C.environment(strategy(name))
        var first: Handle? = try environment.attach(C.strict)
        var second: Handle? = try environment.attach(C.strict)
        let plain = try environment.attach(C.plain)
        let table = try roots(environment)
        #expect(table.liveRootCount == 1, "one root for Hero's two handles; the plain operation has no walk and no root")
        C.write(environment, "Unrelated:1", "value", .null)
        if name == "root" { #expect(table.walks == 0, "a record no walk read: the root keeps its verdict") }
        C.write(environment, "Character:1", "friends", .links([environment.store.record("Character:3")!.ref]))
        if name == "root" { #expect(table.walks == 1, "one walk per root, not per handle") }
        first = nil
        #expect(table.liveRootCount == 1, "the second handle keeps it")
        second = nil
        #expect(table.liveRootCount == 0)
        #expect(first == nil && second == nil && plain.phase.name == "ready")
    }

    @Test(arguments: names)
    func unplacedErrorsAreTheHandlesOwnAndComeAfterFieldErrors(_ name: String) throws {
        let environment = Environment(strategy: strategy(name))
        let derivedEnvironment = Environment(strategy: .derived)
        let unplaced = GraphQLError(message: "rate limited")
        let imageError = GraphQLError(message: "image unavailable", path: ["hero", "image"])
        var phases: [Phase] = []
        for env in [environment, derivedEnvironment] {
            let handle = try env.attach(C.strict, policy: .networkOnly)
            try env.transport.completeNext(with: .response(C.response(imageError: imageError, unplaced: [unplaced])))
            phases.append(handle.phase)
        }
        #expect(phases[0].failure == .fieldErrors([FieldError(path: ["hero", "image"], error: imageError), FieldError(path: nil, error: unplaced)]))
        #expect(phases[0].isSame(as: phases[1]))
    }
}
