import Observation

/// An operation attached to an environment: the facts it stores, and the phase its strategy gives.
///
/// Stored, each on an Observation channel of its own: whether the store held the operation's data (at
/// the last availability check, or at the handle's own commit), the fetch as a value, and the errors
/// of the last response that no field holds; and, on one more channel, what of them a root phase
/// reads (`PhaseFacts`). The phase comes from the environment's strategy. A read
/// from outside any tracking scope (a model, a test) computes what it needs when it asks.
public final class Handle {
    /// The operation, prepared against the environment's store.
    public let operation: PreparedOperation
    /// The policy the handle was attached with.
    public let policy: FetchPolicy
    /// The strategy's per-handle part.
    let source: any PhaseSource
    weak var environment: Environment?
    /// The request in flight, if any; a completion of any other is stale and ignored.
    var requestID: Int?

    private let registrar = ObservationRegistrar()
    private var storedHasData = false
    private var storedFetch = Fetch.idle
    private var storedUnplaced: [GraphQLError] = []
    /// What a root phase reads of the facts, kept on a channel of its own (`PhaseFacts`).
    private var storedPhaseFacts = PhaseFacts.withoutData(.idle)
    /// Whether the strategy has heard of the facts at least once (the attach's first update may change
    /// none of them, and a stored phase must still be settled then).
    private var settledOnce = false

    init(operation: PreparedOperation, policy: FetchPolicy, source: any PhaseSource, environment: Environment) {
        self.operation = operation
        self.policy = policy
        self.source = source
        self.environment = environment
    }

    deinit {
        if let requestID { environment?.transport.cancel(requestID) }
    }

    // MARK: - What a view reads

    /// The phase: loading, ready with the lens, or failed.
    public var phase: Phase { source.phase(of: self) }

    /// Whether the store held the operation's data, at the last availability check or own commit.
    public var hasData: Bool {
        registrar.access(self, keyPath: \.hasData)
        return storedHasData
    }

    /// The fetch: idle, in flight, or failed with its failure and when.
    public var fetch: Fetch {
        registrar.access(self, keyPath: \.fetch)
        return storedFetch
    }

    /// The last response's errors that no field holds.
    public var unplacedErrors: [GraphQLError] {
        registrar.access(self, keyPath: \.unplacedErrors)
        return storedUnplaced
    }

    /// What a phase derived from a root reads of this handle, as one tracked read: changed only when
    /// what it holds for the phase did.
    var phaseFacts: PhaseFacts {
        registrar.access(self, keyPath: \.phaseFacts)
        return storedPhaseFacts
    }

    /// Whether data is present and a fetch is in flight.
    public var isRefreshing: Bool { hasData && fetch.isInFlight }

    /// The facts as they are, read without telling Observation: for the stored strategy's settle.
    var factsUntracked: (hasData: Bool, fetch: Fetch, unplacedErrors: [GraphQLError]) {
        (storedHasData, storedFetch, storedUnplaced)
    }

    // MARK: - What a view does

    /// Sends the operation again; the data, if any, stays shown meanwhile. A store-only handle checks
    /// the store again instead.
    public func refetch() {
        environment?.fetch(self)
    }

    /// Sends the operation again after a failure; does nothing while a request is in flight. With data
    /// behind the failure, the phase stays ready throughout.
    public func retry() {
        guard !factsUntracked.fetch.isInFlight else { return }
        environment?.fetch(self)
    }

    /// Marks the data stale and revalidates it: the data stays shown, and a fetch starts.
    public func invalidate() {
        environment?.fetch(self)
    }

    /// Cancels the request in flight, if any; the fetch then reads failed, with `cancelled`.
    public func cancel() {
        environment?.cancel(self)
    }

    // MARK: - Facts (the environment's side)

    /// Updates the facts; each one notifies its readers only when it changes, `phaseFacts` only when
    /// what it holds changed, and the strategy hears once, when any did.
    func update(hasData: Bool? = nil, fetch: Fetch? = nil, unplacedErrors: [GraphQLError]? = nil) {
        var changed = false
        if let hasData, hasData != storedHasData {
            registrar.withMutation(of: self, keyPath: \.hasData) { storedHasData = hasData }
            changed = true
        }
        if let unplacedErrors, unplacedErrors != storedUnplaced {
            registrar.withMutation(of: self, keyPath: \.unplacedErrors) { storedUnplaced = unplacedErrors }
            changed = true
        }
        if let fetch, fetch != storedFetch {
            registrar.withMutation(of: self, keyPath: \.fetch) { storedFetch = fetch }
            changed = true
        }
        guard changed || !settledOnce else { return }
        let phaseFacts = PhaseFacts(hasData: storedHasData, fetch: storedFetch, unplacedErrors: storedUnplaced, of: operation)
        if phaseFacts != storedPhaseFacts {
            registrar.withMutation(of: self, keyPath: \.phaseFacts) { storedPhaseFacts = phaseFacts }
        }
        settledOnce = true
        source.factsChanged(of: self)
    }
}

extension Handle: Observable {}
