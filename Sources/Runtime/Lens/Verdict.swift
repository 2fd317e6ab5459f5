/// What the directives make of an operation's data: the outcome of its verdict walk.
public enum Verdict: Hashable, Sendable {
    /// Nothing the directives weigh went wrong.
    case sound
    /// Under `@throwOnFieldError`: the field errors of the operation's own selection, in walk order,
    /// then the last response's unplaced errors.
    case fieldErrors([FieldError])
    /// A `@required` field was null and failed the whole operation: it bubbled to the root, or it
    /// carries `action: THROW`.
    case requiredFieldMissing(RequiredFieldError)

    /// Whether the verdict lets the data be shown.
    public var isSound: Bool { self == .sound }
}

/// A field error as the verdict reports it: where it landed, and the error.
public struct FieldError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The response path of the field that holds it; nil for an unplaced error, which no field holds.
    public var path: ResponsePath?
    /// The error from the response.
    public var error: GraphQLError

    /// `error` where it landed: `path` is the field holding it, by response keys, which may be a null parent
    /// of the path `error` names; nil for an unplaced error.
    public init(path: ResponsePath?, error: GraphQLError) {
        self.path = path
        self.error = error
    }

    /// The error's message, with where it landed.
    public var description: String {
        "\(error.message) at \(path.map(\.dotted) ?? "(unplaced)")"
    }
}

/// A `@required` field that was null (or held an error) where its action fails the read.
public struct RequiredFieldError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path of the `@required` field whose null started it, relative to what was read.
    public var path: ResponsePath
    /// That field's action.
    public var action: RequiredAction

    /// The error of the `@required` field at `path` (relative to the selection read) whose null failed the
    /// read, with that field's own `action`.
    public init(path: ResponsePath, action: RequiredAction) {
        self.path = path
        self.action = action
    }

    /// One line saying which field.
    public var description: String { "required field \(path.dotted) is null (\(action.rawValue))" }
}

extension PreparedOperation {
    /// The operation's verdict over the data the store holds, through tracked reads.
    ///
    /// Walks the operation's own selection, never into spreads: inside a body's tracking scope the
    /// body comes to depend on exactly the slots walked. An operation with neither
    /// `@throwOnFieldError` nor a `@required` chain to its root has no walk and is sound.
    ///
    /// The sound case walks once, with no path bookkeeping and no allocation of its own; anything else
    /// walks a second time to say where, over the same slots, so what the caller depends on is the same.
    /// - Parameter unplaced: the last response's errors that no field holds; they count under
    ///   `@throwOnFieldError`.
    public func verdict(unplaced: [GraphQLError] = []) -> Verdict {
        guard hasVerdictWalk else { return .sound }
        verdictWalks += 1
        if WalkStalls.isOn { WalkStalls.stall() }
        let rootRecord = store.record(at: self.rootRecord)
        var fast = SelectionWalk(store: store, mode: .verdict(collectsErrors: throwsOnFieldError), sink: OutcomeFlags())
        let nulled = fast.walk(root, rootRecord) != nil
        let unplacedCount = throwsOnFieldError ? unplaced.count : 0
        if !nulled, !fast.sink.sawAnything, unplacedCount == 0 { return .sound }
        return detailedVerdict(rootRecord, unplaced: unplaced)
    }

    /// The verdict without unplaced errors, as `verdict()` makes it, and the records its walk read:
    /// the root record, every record a link led it into (deleted ones too), and every record a
    /// `@required` link walked no further had its existence read on.
    ///
    /// What the verdict depends on lies in those records' slots, existence and type, so while a commit
    /// touches none of them, walking again would find the same verdict. The sound case walks once, as
    /// `verdict()` does, marking each record entered; the detailed second walk reads the same slots, so
    /// the set is the first walk's.
    /// - Parameter reads: refilled with the records read; its storage is reused from the last walk.
    func verdict(recordingReadsInto reads: inout RecordSet) -> Verdict {
        guard hasVerdictWalk else {
            reads.refill(below: 0) { _ in }
            return .sound
        }
        verdictWalks += 1
        if WalkStalls.isOn { WalkStalls.stall() }
        let rootRecord = store.record(at: self.rootRecord)
        let found = reads.refill(below: store.recordCountIncludingDeleted) { writer in
            writer.insert(self.rootRecord)
            var fast = SelectionWalk(store: store, mode: .verdict(collectsErrors: throwsOnFieldError), sink: ReadSetRecorder(into: writer))
            return fast.walk(root, rootRecord) != nil || fast.sink.sawAnything
        }
        return found ? detailedVerdict(rootRecord, unplaced: []) : .sound
    }

    /// The second walk of a verdict that is not plainly sound: it says where, over the same slots.
    @inline(__always)
    private func detailedVerdict(_ rootRecord: Record, unplaced: [GraphQLError]) -> Verdict {
        var detailed = SelectionWalk(store: store, mode: .verdict(collectsErrors: throwsOnFieldError), sink: PathRecorder(log: context.log))
        let origin = detailed.walk(root, rootRecord)
        var errors = detailed.sink.fieldErrors
        if throwsOnFieldError { errors += unplaced.map { FieldError(path: nil, error: $0) } }
        if !errors.isEmpty { return .fieldErrors(errors) }
        if let thrown = detailed.sink.thrown { return .requiredFieldMissing(thrown) }
        if let origin { return .requiredFieldMissing(origin) }
        return .sound
    }

    /// How many slots the verdict walk reads over the data the store holds now, without tracking
    /// them; what the bench reports beside the phase read's cost.
    public func verdictWalkSlotCount() -> Int {
        guard hasVerdictWalk else { return 0 }
        var counter = SelectionWalk(store: store, mode: .verdict(collectsErrors: throwsOnFieldError), sink: SlotCounter(), tracked: false)
        _ = counter.walk(root, store.record(at: rootRecord))
        return counter.sink.slots
    }
}
