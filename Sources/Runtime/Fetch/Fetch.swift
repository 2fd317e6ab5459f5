/// A handle's fetch, as a value a view reads as it is.
public enum Fetch: Hashable, Sendable {
    /// No request is in flight, and the last one (if any) did not fail.
    case idle
    /// A request is in flight, sent at `since`.
    case inFlight(since: Moment)
    /// The last request failed.
    case failed(Failure, at: Moment)

    /// Whether a request is in flight.
    public var isInFlight: Bool {
        if case .inFlight = self { return true }
        return false
    }

    /// The failure of the last request, if it failed.
    public var failure: Failure? {
        if case .failed(let failure, _) = self { return failure }
        return nil
    }
}

/// Whether a handle reads the store, the network, or both, when it attaches.
public enum FetchPolicy: String, Hashable, Sendable, CaseIterable {
    /// Only the store; no request is ever made by attaching.
    case storeOnly
    /// The store when it holds the data; else the network.
    case storeOrNetwork
    /// The store's data at once when it holds it, and a request in any case.
    case storeAndNetwork
    /// A request; the store's data is shown only once the response commits.
    case networkOnly
}
