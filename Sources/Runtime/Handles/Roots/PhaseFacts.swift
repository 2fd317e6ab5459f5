/// What a phase derived from a root takes from its own handle, as one value on one Observation
/// channel: with data, the unplaced errors the verdict counts; without, the fetch.
///
/// A root phase reads the handle and the root, one tracked read each. The value holds exactly what
/// `Phase.evaluate` reads of the handle in each case and nothing more, so a body that reads the phase
/// is invalidated by the same changes as when it read `hasData`, `unplacedErrors` and `fetch` one by
/// one: a fetch starting behind shown data, or unplaced errors arriving for an operation without
/// `@throwOnFieldError`, leaves the value equal and notifies nobody.
enum PhaseFacts: Equatable {
    /// The store held the data; the unplaced errors are the handle's where the operation's verdict
    /// counts them (`@throwOnFieldError` and a verdict walk), else empty.
    case withData(unplacedErrors: [GraphQLError])
    /// No data; the phase is the fetch's.
    case withoutData(Fetch)

    /// The value `operation`'s phase takes from facts as they are.
    init(hasData: Bool, fetch: Fetch, unplacedErrors: [GraphQLError], of operation: PreparedOperation) {
        guard hasData else {
            self = .withoutData(fetch)
            return
        }
        let counted = operation.hasVerdictWalk && operation.throwsOnFieldError
        self = .withData(unplacedErrors: counted ? unplacedErrors : [])
    }

    /// Whether the store held the data.
    var hasData: Bool {
        if case .withData = self { return true }
        return false
    }

    /// The unplaced errors the verdict counts; empty without data.
    var unplacedErrors: [GraphQLError] {
        if case .withData(let errors) = self { return errors }
        return []
    }

    /// The fetch without data; `idle` with data, where the phase never reads it.
    var fetch: Fetch {
        if case .withoutData(let fetch) = self { return fetch }
        return .idle
    }
}
