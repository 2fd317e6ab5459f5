import Testing
@testable import Runtime

struct SubscriptionTests {
    typealias C = Characters
    let operation = Operation(.subscription, name: "HeroUpdated", selections: [C.field("hero", [], C.heroFields)])

    @Test func aStreamConnectsDeliversDropsWaitsAndReconnects() throws {
        let environment = Environment(strategy: .derived)
        let subscription = try environment.subscribe(operation)
        var states: [StreamState] = []
        let probe = Probe { states.append(subscription.stream) }
        let first = try #require(environment.transport.openStreams.first)

        try environment.transport.emit(.connected, on: first)
        probe.render()
        var event = C.response()
        event.records[0].id = "client:root:subscription"
        try environment.transport.emit(.next(event), on: first)
        #expect(subscription.eventCount == 1)
        #expect(try subscription.lens.object("hero")?.scalar("name") == .string("Rick Sanchez"), "an event commits to the store")

        try environment.transport.emit(.dropped(Failure(.connectionLost)), on: first)
        probe.render()
        #expect(!subscription.reconnectIfDue(), "the wait is not over")
        environment.clock.advance(by: .seconds(1))
        #expect(subscription.reconnectIfDue())
        probe.render()
        let second = try #require(environment.transport.openStreams.first)
        #expect(second != first)
        try environment.transport.emit(.connected, on: second)
        probe.render()
        #expect(states == [.connecting, .open, .waitingToReconnect(attempt: 1, at: Moment(nanoseconds: 1_000_000_000)), .connecting, .open])
    }

    @Test func aStreamEndsOnCompletionOnAFailureNotWorthRetryingAndAfterMaxAttempts() throws {
        let environment = Environment(strategy: .derived)
        let completed = try environment.subscribe(operation)
        try environment.transport.emit(.completed, on: environment.transport.openStreams.last!)
        #expect(completed.stream == .ended(nil))

        let refused = try environment.subscribe(operation)
        try environment.transport.emit(.dropped(Failure(.httpStatus(403))), on: environment.transport.openStreams.last!)
        #expect(refused.stream == .ended(Failure(.httpStatus(403))), "a 403 is not worth retrying")

        let flaky = try environment.subscribe(operation, maxAttempts: 2)
        try environment.transport.emit(.dropped(Failure(.timeout)), on: environment.transport.openStreams.last!)
        environment.clock.advance(by: .seconds(1))
        flaky.reconnectIfDue()
        try environment.transport.emit(.dropped(Failure(.timeout)), on: environment.transport.openStreams.last!)
        #expect(flaky.stream == .ended(Failure(.timeout)), "two failed attempts in a row end the stream")

        let cancelled = try environment.subscribe(operation)
        cancelled.cancel()
        #expect(cancelled.stream == .ended(Failure(.cancelled)))
    }
}
