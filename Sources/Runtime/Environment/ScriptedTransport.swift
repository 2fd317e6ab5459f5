/// The in-memory transport: requests wait until a test or a workload completes them.
///
/// Nothing depends on a network or on timing: each request is completed, by id or in order, with a
/// response or a failure of a given kind; a stream is driven event by event.
public final class ScriptedTransport {
    /// A request the environment sent.
    public struct Request: Hashable, Sendable {
        /// The request's id, counting from 1.
        public let id: Int
        /// The operation's name, when it has one.
        public let operationName: String?
        /// The operation's kind.
        public let kind: Operation.Kind
        /// The variables it was sent with.
        public let variables: [String: InputValue]
    }

    /// How a request ends.
    public enum Outcome: Hashable, Sendable {
        /// A response with data.
        case response(NormalizedResponse)
        /// A failure of a given kind.
        case failure(Failure)
    }

    /// What a stream does next.
    public enum StreamEvent: Hashable, Sendable {
        /// The stream is connected.
        case connected
        /// An event's payload.
        case next(NormalizedResponse)
        /// The connection dropped; the environment schedules a reconnect.
        case dropped(Failure)
        /// The server ended the stream.
        case completed
    }

    /// A completion for a request the transport holds no longer, or never held.
    public struct UnknownRequest: Error, Hashable, Sendable, CustomStringConvertible {
        /// The id asked for.
        public let id: Int
        public var description: String { "no pending request with id \(id)" }
    }

    private var requestCompletions: [Int: (Outcome) -> Void] = [:]
    private var streamHandlers: [Int: (StreamEvent) -> Void] = [:]
    private var nextID = 1

    /// The requests sent and not yet completed or cancelled, oldest first.
    public private(set) var pending: [Request] = []
    /// Every request sent, in order.
    public private(set) var sent: [Request] = []
    /// The ids of requests the environment cancelled.
    public private(set) var cancelled: [Int] = []
    /// The ids of open streams.
    public var openStreams: [Int] { streamHandlers.keys.sorted() }

    /// Creates a transport with nothing in flight.
    public init() {}

    // MARK: - The environment's side

    func send(_ operation: PreparedOperation, completion: @escaping (Outcome) -> Void) -> Int {
        let request = Request(id: nextID, operationName: operation.operation.name, kind: operation.operation.kind, variables: operation.variables)
        nextID += 1
        pending.append(request)
        sent.append(request)
        requestCompletions[request.id] = completion
        return request.id
    }

    func cancel(_ id: Int) {
        guard requestCompletions.removeValue(forKey: id) != nil else { return }
        pending.removeAll { $0.id == id }
        cancelled.append(id)
    }

    func openStream(_ operation: PreparedOperation, handler: @escaping (StreamEvent) -> Void) -> Int {
        let id = nextID
        nextID += 1
        sent.append(Request(id: id, operationName: operation.operation.name, kind: operation.operation.kind, variables: operation.variables))
        streamHandlers[id] = handler
        return id
    }

    func closeStream(_ id: Int) {
        streamHandlers[id] = nil
    }

    // MARK: - The script's side

    /// Completes the request with `id`.
    /// - Throws: `UnknownRequest` when no such request is pending.
    public func complete(_ id: Int, with outcome: Outcome) throws(UnknownRequest) {
        guard let completion = requestCompletions.removeValue(forKey: id) else { throw UnknownRequest(id: id) }
        pending.removeAll { $0.id == id }
        completion(outcome)
    }

    /// Completes the oldest pending request.
    /// - Throws: `UnknownRequest` (id 0) when nothing is pending.
    public func completeNext(with outcome: Outcome) throws(UnknownRequest) {
        guard let first = pending.first else { throw UnknownRequest(id: 0) }
        try complete(first.id, with: outcome)
    }

    /// Delivers an event to the stream with `id`.
    /// - Throws: `UnknownRequest` when no such stream is open.
    public func emit(_ event: StreamEvent, on id: Int) throws(UnknownRequest) {
        guard let handler = streamHandlers[id] else { throw UnknownRequest(id: id) }
        if case .completed = event { streamHandlers[id] = nil }
        if case .dropped = event { streamHandlers[id] = nil }
        handler(event)
    }
}
