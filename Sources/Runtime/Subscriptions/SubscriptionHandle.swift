import Observation

/// A subscription attached to an environment: its stream as a value, and its data through a lens.
///
/// Each event commits to the store like a response. A dropped connection waits and reconnects with
/// exponential back-off (1 s, 2 s, 4 s, ... capped at 30 s) until `maxAttempts` consecutive attempts
/// have failed; the environment's scripted clock decides when a wait is over.
public final class SubscriptionHandle {
    /// The operation, prepared against the environment's store.
    public let operation: PreparedOperation
    /// How many consecutive failed attempts end the stream.
    public let maxAttempts: Int
    weak var environment: Environment?
    private var streamID: Int?
    private var attempts = 0
    private var storedStream = StreamState.connecting
    private let registrar = ObservationRegistrar()

    /// How many events the stream delivered.
    public private(set) var eventCount = 0

    init(operation: PreparedOperation, maxAttempts: Int, environment: Environment) {
        self.operation = operation
        self.maxAttempts = maxAttempts
        self.environment = environment
    }

    deinit {
        if let streamID { environment?.transport.closeStream(streamID) }
    }

    /// The stream's state.
    public var stream: StreamState {
        registrar.access(self, keyPath: \.stream)
        return storedStream
    }

    /// The subscription's data, through its own selection.
    public var lens: Lens { operation.lens }

    /// Reconnects when a wait is over by the environment's clock; returns whether it did.
    @discardableResult
    public func reconnectIfDue() -> Bool {
        guard let environment, case .waitingToReconnect(_, let due) = storedStream, environment.clock.now >= due else { return false }
        open()
        return true
    }

    /// Ends the stream from the client's side.
    public func cancel() {
        if let streamID { environment?.transport.closeStream(streamID) }
        streamID = nil
        set(.ended(Failure(.cancelled)))
    }

    func open() {
        guard let environment else { return }
        set(.connecting)
        streamID = environment.transport.openStream(operation) { [weak self] event in self?.receive(event) }
    }

    private func receive(_ event: ScriptedTransport.StreamEvent) {
        guard let environment else { return }
        switch event {
        case .connected:
            attempts = 0
            set(.open)
        case .next(let response):
            eventCount += 1
            environment.store.commit { response.write(into: &$0) }
        case .dropped(let failure):
            streamID = nil
            attempts += 1
            guard attempts < maxAttempts, failure.isRetryable else {
                set(.ended(failure))
                return
            }
            let delay = Duration.seconds(min(30, 1 << min(attempts - 1, 5)))
            set(.waitingToReconnect(attempt: attempts, at: environment.clock.now.advanced(by: delay)))
        case .completed:
            streamID = nil
            set(.ended(nil))
        }
    }

    private func set(_ state: StreamState) {
        guard state != storedStream else { return }
        registrar.withMutation(of: self, keyPath: \.stream) { storedStream = state }
    }
}

extension SubscriptionHandle: Observable {}

extension Environment {
    /// Opens a subscription's stream.
    ///
    /// - Throws: `DocumentError` when the operation cannot be prepared.
    public func subscribe(_ operation: Operation, variables: [String: InputValue] = [:], maxAttempts: Int = 5) throws(DocumentError) -> SubscriptionHandle {
        let prepared = try PreparedOperation(operation, variables: variables, store: store, log: requiredFieldLog)
        let handle = SubscriptionHandle(operation: prepared, maxAttempts: maxAttempts, environment: self)
        handle.open()
        return handle
    }
}
