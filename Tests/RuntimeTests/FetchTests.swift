import Testing
@testable import Runtime

/// The fetch as a value, the policies, and the phase without data, under both strategies.
struct FetchTests {
    typealias C = Characters

    static let kinds: [Failure.Kind] = [
        .offline, .timeout, .connectionLost, .cannotReachHost, .insecureConnection, .httpStatus(503),
        .rateLimited(retryAfter: .seconds(30)), .decoding("expected an object at characters"),
        .graphQLErrors([GraphQLError(message: "Cannot query field")]), .persistedQueryNotFound, .cancelled,
    ]

    @Test(arguments: kinds)
    func everyFailureKindReachesFetchAndFailsAPhaseWithoutData(_ kind: Failure.Kind) throws {
        for strategy in C.strategies {
            let environment = Environment(strategy: strategy)
            let handle = try environment.attach(C.strict, policy: .networkOnly)
            environment.clock.advance(by: .seconds(2))
            try environment.transport.completeNext(with: .failure(Failure(kind)))
            #expect(handle.fetch == .failed(Failure(kind), at: Moment(nanoseconds: 2_000_000_000)), "\(strategy.name)")
            #expect(handle.phase.failure == .fetch(Failure(kind)), "\(strategy.name): without data, the fetch fails the phase")
        }
    }

    @Test(arguments: Characters.strategies.map(\.name))
    func withoutDataThePhaseFollowsTheFetch(_ name: String) throws {
        let environment = Environment(strategy: C.strategies.first { $0.name == name }!)
        let handle = try environment.attach(C.strict, policy: .storeOrNetwork)
        var seen: [String] = []
        let probe = Probe { seen.append(handle.phase.name) }
        #expect(environment.transport.pending.count == 1, "no data in the store: a request is sent")
        try environment.transport.completeNext(with: .failure(Failure(.offline)))
        probe.render()
        handle.retry()
        probe.render()
        try environment.transport.completeNext(with: .response(C.response()))
        probe.render()
        #expect(seen == ["loading", "failed", "loading", "ready"], "without data, a retry passes through loading")
        #expect(handle.fetch == .idle)
    }

    @Test(arguments: Characters.strategies.map(\.name))
    func aRetryWithDataBehindAFailureNeverPassesThroughLoading(_ name: String) throws {
        let environment = C.environment(C.strategies.first { $0.name == name }!)
        let handle = try environment.attach(C.strict, policy: .storeAndNetwork)
        var seen: [String] = []
        let probe = Probe { seen.append(handle.phase.name) }
        try environment.transport.completeNext(with: .failure(Failure(.timeout)))
        probe.render()
        handle.retry()
        #expect(handle.isRefreshing)
        probe.render()
        try environment.transport.completeNext(with: .response(C.response(name: "Rick C-137")))
        probe.render()
        #expect(!seen.contains("loading"), "phases seen: \(seen)")
        #expect(seen.first == "ready")
        #expect(try handle.phase.lens?.object("hero")?.scalar("name") == .string("Rick C-137"))
    }

    @Test func storeOnlyNeverSends() throws {
        let withData = C.environment(.derived)
        let ready = try withData.attach(C.strict, policy: .storeOnly)
        #expect(ready.phase.name == "ready")
        ready.refetch()
        #expect(withData.transport.sent.isEmpty, "store-only checks the store again instead of sending")

        let empty = Environment(strategy: .derived)
        let missing = try empty.attach(C.strict, policy: .storeOnly)
        #expect(empty.transport.sent.isEmpty)
        #expect(missing.phase.failure == .fetch(Failure(.missingFromStore)))
        empty.commit { C.response().write(into: &$0) }
        missing.refetch()
        #expect(missing.phase.name == "ready", "a later check finds the data")
    }

    @Test func storeOrNetworkSendsOnlyWithoutData() throws {
        let withData = C.environment(.derived)
        _ = try withData.attach(C.strict, policy: .storeOrNetwork)
        #expect(withData.transport.sent.isEmpty)
        let empty = Environment(strategy: .derived)
        _ = try empty.attach(C.strict, policy: .storeOrNetwork)
        #expect(empty.transport.sent.count == 1)
    }

    @Test func storeAndNetworkShowsTheStoreAndRefreshes() throws {
        let environment = C.environment(.derived)
        let handle = try environment.attach(C.strict, policy: .storeAndNetwork)
        #expect(handle.phase.name == "ready")
        #expect(handle.isRefreshing)
        #expect(environment.transport.pending.count == 1)
    }

    @Test func networkOnlyWaitsForTheResponseEvenWithDataInTheStore() throws {
        let environment = C.environment(.stored)
        let handle = try environment.attach(C.strict, policy: .networkOnly)
        #expect(!handle.hasData)
        #expect(handle.phase.name == "loading")
        #expect(!handle.isRefreshing, "refreshing means data present and a fetch in flight")
        try environment.transport.completeNext(with: .response(C.response()))
        #expect(handle.phase.name == "ready")
    }

    @Test func invalidateKeepsTheDataAndRevalidates() throws {
        let environment = C.environment(.derived)
        let handle = try environment.attach(C.strict, policy: .storeOrNetwork)
        handle.invalidate()
        #expect(handle.phase.name == "ready")
        #expect(handle.isRefreshing)
        #expect(environment.transport.pending.count == 1)
    }

    @Test func cancelFailsTheFetchWithCancelledAndTellsTheTransport() throws {
        let environment = Environment(strategy: .derived)
        let handle = try environment.attach(C.strict, policy: .networkOnly)
        let id = try #require(environment.transport.pending.first?.id)
        handle.cancel()
        #expect(handle.fetch.failure == Failure(.cancelled))
        #expect(environment.transport.cancelled == [id])
        #expect(throws: ScriptedTransport.UnknownRequest(id: id)) {
            try environment.transport.complete(id, with: .response(C.response()))
        }
    }

    @Test func aNewFetchSupersedesTheOneInFlight() throws {
        let environment = Environment(strategy: .derived)
        let handle = try environment.attach(C.strict, policy: .networkOnly)
        handle.refetch()
        #expect(environment.transport.cancelled.count == 1)
        #expect(environment.transport.pending.count == 1)
    }

    @Test func aDroppedHandleIsReleasedAndItsRequestCancelled() throws {
        let environment = Environment(strategy: .stored)
        var handle: Handle? = try environment.attach(C.strict, policy: .networkOnly)
        let id = try #require(environment.transport.pending.first?.id)
        #expect(environment.retainedHandleCount == 1)
        #expect(handle != nil)
        handle = nil
        #expect(environment.retainedHandleCount == 0, "the environment holds its handles weakly")
        #expect(environment.transport.cancelled == [id])
    }

    @Test func unplacedErrorsOfAResponseFailAStrictPhase() throws {
        for strategy in C.strategies {
            let environment = Environment(strategy: strategy)
            let handle = try environment.attach(C.strict, policy: .networkOnly)
            let unplaced = GraphQLError(message: "partial outage")
            try environment.transport.completeNext(with: .response(C.response(unplaced: [unplaced])))
            #expect(handle.unplacedErrors == [unplaced])
            #expect(handle.phase.failure == .fieldErrors([FieldError(path: nil, error: unplaced)]), "\(strategy.name)")
        }
    }
}
