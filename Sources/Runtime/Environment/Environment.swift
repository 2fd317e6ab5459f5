/// Owns the store and the transport, holds handles weakly, runs fetches, and lets its strategy act
/// after every commit.
///
/// Not thread-safe, like the runtime it models: use an environment from one isolation domain.
public final class Environment {
    /// The store every response is committed to and every handle of the environment reads.
    public let store: Store
    /// The scripted transport requests go through.
    public let transport: ScriptedTransport
    /// The clock fetches and streams read.
    public let clock: ScriptedClock
    /// How handles come by their phase.
    public let strategy: any PhaseStrategy
    /// Where `@required(action: LOG)` reports.
    public let requiredFieldLog: RequiredFieldLog?

    private var handles: [WeakHandle] = []
    /// The root strategies' table of root entries: state of this environment, since a strategy is a
    /// value shared by any number of environments. Made on first use (`roots(_:)`).
    var rootTable: RootTable?

    /// Creates an environment with a strategy and, by default, an empty store, a fresh transport and a
    /// clock at zero.
    public init(
        strategy: any PhaseStrategy,
        store: Store = Store(),
        transport: ScriptedTransport = ScriptedTransport(),
        clock: ScriptedClock = ScriptedClock(),
        requiredFieldLog: RequiredFieldLog? = nil
    ) {
        self.store = store
        self.transport = transport
        self.clock = clock
        self.strategy = strategy
        self.requiredFieldLog = requiredFieldLog
        store.addCommitObserver { [weak self] commit in
            guard let self else { return }
            self.strategy.didCommit(commit, in: self)
        }
    }

    // MARK: - Handles

    /// Attaches an operation with variables under a fetch policy, checking the store for its data and
    /// sending a request when the policy says so.
    ///
    /// - Throws: `DocumentError` when the operation cannot be prepared.
    public func attach(_ operation: Operation, variables: [String: InputValue] = [:], policy: FetchPolicy = .storeOrNetwork) throws(DocumentError) -> Handle {
        let prepared = try PreparedOperation(operation, variables: variables, store: store, log: requiredFieldLog)
        let handle = Handle(operation: prepared, policy: policy, source: strategy.makeSource(), environment: self)
        handles.append(WeakHandle(handle))
        let available = policy != .networkOnly && prepared.isAvailable
        switch policy {
        case .storeOnly:
            let fetch: Fetch = available ? .idle : .failed(Failure(.missingFromStore), at: clock.now)
            handle.update(hasData: available, fetch: fetch)
        case .storeOrNetwork:
            handle.update(hasData: available)
            if !available { send(handle) }
        case .storeAndNetwork, .networkOnly:
            handle.update(hasData: available)
            send(handle)
        }
        return handle
    }

    /// How many attached handles are still retained by someone.
    public var retainedHandleCount: Int {
        handles.reduce(0) { $0 + ($1.handle == nil ? 0 : 1) }
    }

    /// Calls `body` with every retained handle, dropping the entries of released ones.
    public func forEachRetainedHandle(_ body: (Handle) -> Void) {
        var index = 0
        while index < handles.count {
            if let handle = handles[index].handle {
                body(handle)
                index += 1
            } else {
                handles.swapAt(index, handles.count - 1)
                handles.removeLast()
            }
        }
    }

    // MARK: - Commits

    /// Commits a transaction to the store; the strategy acts once the changed slots are notified.
    @discardableResult
    public func commit(_ writes: (inout Transaction) throws -> Void) rethrows -> Commit {
        try store.commit(writes)
    }

    // MARK: - Fetches

    /// Starts a fetch for a handle, or for a store-only one checks the store again.
    func fetch(_ handle: Handle) {
        guard handle.policy != .storeOnly else {
            let available = handle.operation.isAvailable
            let fetch: Fetch = available ? .idle : .failed(Failure(.missingFromStore), at: clock.now)
            handle.update(hasData: available, fetch: fetch)
            return
        }
        send(handle)
    }

    func cancel(_ handle: Handle) {
        guard let id = handle.requestID else { return }
        transport.cancel(id)
        handle.requestID = nil
        handle.update(fetch: .failed(Failure(.cancelled), at: clock.now))
    }

    private func send(_ handle: Handle) {
        if let previous = handle.requestID { transport.cancel(previous) }
        let id = transport.send(handle.operation) { [weak self, weak handle] outcome in
            guard let self, let handle else { return }
            self.complete(handle, outcome)
        }
        handle.requestID = id
        handle.update(fetch: .inFlight(since: clock.now))
    }

    private func complete(_ handle: Handle, _ outcome: ScriptedTransport.Outcome) {
        handle.requestID = nil
        switch outcome {
        case .response(let response):
            store.commit { response.write(into: &$0) }
            handle.update(hasData: handle.operation.isAvailable, fetch: .idle, unplacedErrors: response.unplacedErrors)
        case .failure(let failure):
            handle.update(fetch: .failed(failure, at: clock.now))
        }
    }
}

/// A weak reference to a handle: the environment never keeps one alive.
private struct WeakHandle {
    weak var handle: Handle?
    init(_ handle: Handle) { self.handle = handle }
}
