/// What a view shows for an operation: three cases, as the runtime has always had them.
public enum Phase {
    /// No data yet, and no failure to show.
    case loading
    /// Data to show, through the operation's lens.
    case ready(Lens)
    /// Nothing to show but a failure.
    case failed(PhaseFailure)

    /// The phase a handle's facts make: with data, the verdict's; without, the fetch's.
    ///
    /// Both strategies compute the phase with this one function; they differ in when (in the getter, or
    /// in `settle` after a commit) and so in what a reader comes to depend on.
    static func evaluate(hasData: Bool, verdict: () -> Verdict, fetch: () -> Fetch, lens: () -> Lens) -> Phase {
        if hasData {
            switch verdict() {
            case .sound: return .ready(lens())
            case .fieldErrors(let errors): return .failed(.fieldErrors(errors))
            case .requiredFieldMissing(let error): return .failed(.requiredFieldMissing(error))
            }
        }
        if case .failed(let failure, _) = fetch() { return .failed(.fetch(failure)) }
        return .loading
    }

    /// Whether two phases show the same thing: what `settle` compares before it writes. Ready is
    /// ready (a handle's lens is always its operation's root); failures compare by value.
    public func isSame(as other: Phase) -> Bool {
        switch (self, other) {
        case (.loading, .loading): return true
        case (.ready(let a), .ready(let b)): return a.record == b.record && a.selections === b.selections
        case (.failed(let a), .failed(let b)): return a == b
        default: return false
        }
    }

    /// The lens, when ready.
    public var lens: Lens? {
        if case .ready(let lens) = self { return lens }
        return nil
    }

    /// The failure, when failed.
    public var failure: PhaseFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    /// `loading`, `ready` or `failed`, for counts and messages.
    public var name: String {
        switch self {
        case .loading: return "loading"
        case .ready: return "ready"
        case .failed: return "failed"
        }
    }
}

/// Why a phase is failed: one closed set, so no reader casts an `Error` to find out.
public enum PhaseFailure: Error, Hashable, Sendable {
    /// A fetch failed and there is no data to show.
    case fetch(Failure)
    /// Field errors under `@throwOnFieldError`.
    case fieldErrors([FieldError])
    /// A `@required` field failed the operation.
    case requiredFieldMissing(RequiredFieldError)
}
