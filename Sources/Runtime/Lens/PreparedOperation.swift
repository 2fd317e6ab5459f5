/// An operation prepared against one store with one set of variables: what a handle holds, and what
/// its lens and verdict read through.
///
/// Preparation resolves every storage key, reads the directives, and decides statically what the
/// verdict must walk: everything of the operation's own selection under `@throwOnFieldError`, and the
/// paths of `@required` chains that can reach the root. What lies inside fragment spreads and beneath
/// `@catch` is never part of the operation's verdict.
public final class PreparedOperation {
    /// The operation as written.
    public let operation: Operation
    /// The variables, defaults applied.
    public let variables: [String: InputValue]
    /// The store it reads.
    public let store: Store
    /// The record its root fields are stored on.
    public let rootRecord: RecordRef
    /// Whether the operation carries `@throwOnFieldError`.
    public let throwsOnFieldError: Bool
    /// Whether a `@required` field of its own selection can fail the whole operation: a chain of
    /// `@required` fields from the root down, or any `@required(action: THROW)` outside `@catch`.
    public let requiredReachesRoot: Bool
    /// The fragments of the operation, prepared, by name.
    let fragments: [String: PreparedFragment]
    let root: PreparedSelectionSet
    let context: ReadContext
    /// How many verdict walks this operation has made: what scenarios count beside body re-runs.
    package internal(set) var verdictWalks = 0

    /// Prepares `operation` against `store`.
    ///
    /// - Throws: `DocumentError` when a spread names a fragment the operation does not carry, or
    ///   fragments spread each other in a cycle.
    public init(_ operation: Operation, variables: [String: InputValue] = [:], store: Store, log: RequiredFieldLog? = nil) throws(DocumentError) {
        self.operation = operation
        self.store = store
        let variables = operation.variables(variables)
        self.variables = variables
        let rootID: RecordID
        switch operation.kind {
        case .query: rootID = .root
        case .mutation: rootID = "client:root:mutation"
        case .subscription: rootID = "client:root:subscription"
        }
        if let existing = store.record(rootID) {
            self.rootRecord = existing.ref
        } else {
            self.rootRecord = store.commit { $0.record(rootID, typename: nil) }.createdRecords[0]
        }
        var preparer = SelectionPreparer(store: store, variables: variables, fragments: operation.fragments)
        let prepared = try preparer.prepare(operation.selections, throwsOnFieldError: operation.throwsOnFieldError)
        self.root = prepared.set
        self.requiredReachesRoot = prepared.requiredReachesRoot
        self.throwsOnFieldError = operation.throwsOnFieldError
        self.fragments = preparer.prepared
        self.context = ReadContext(store: store, log: log)
    }

    /// Whether reading the phase walks anything: only an operation with `@throwOnFieldError` or a
    /// `@required` chain that reaches its root has a verdict walk.
    public var hasVerdictWalk: Bool { throwsOnFieldError || requiredReachesRoot }

    /// A lens on the operation's data, reading through the operation's own selection.
    public var lens: Lens {
        Lens(context: context, record: rootRecord, selections: root, throwsOnFieldError: throwsOnFieldError)
    }

    /// Whether the store holds the operation's data: no field of the selection, spreads included, is
    /// missing on any record it reaches (`Record.isMissing(_:)`). Read without tracking: this is the
    /// availability check a handle makes when it attaches and when a response commits.
    ///
    /// Relay's `isMissingData`: a field never fetched, anywhere below the root, makes the operation
    /// unavailable, so a store-or-network handle fetches rather than show partial data. A null, a
    /// deleted record, or a list item that is null are data. Fields under an inline fragment whose
    /// type condition names a type on a record of unknown type are not expected, as the normalizer
    /// applies such a condition without knowing it holds.
    /// - Complexity: O(fields the selection reaches in the store).
    public var isAvailable: Bool {
        allPresent(root, in: store.record(at: rootRecord))
    }

    /// Whether no field of `set`, spreads included, is missing on `record` or on what it links to.
    ///
    /// It iterates the unretained entries and looks at each slot in place (`record.index(of:)`), and
    /// follows links without retaining records (`Store.unretainedRecord(at:)`): copying entries, slots
    /// and records out retained and released each one, most of what attaching a handle cost.
    private func allPresent(_ set: PreparedSelectionSet, in record: Record) -> Bool {
        for position in set.walkItems.indices {
            switch set.walkItems[position] {
            case .field(let field, let child):
                let present = field._withUnsafeGuaranteedRef { field in
                    guard let index = record.index(of: field.channel.id) else { return !record.isMissing(nil) }
                    guard let child else { return true }
                    switch record.slots[index].value {
                    case .link(let ref):
                        return isPresent(child, at: ref)
                    case .links(let refs):
                        for case let ref? in refs where !isPresent(child, at: ref) { return false }
                        return true
                    case .null, .scalar:
                        return true
                    }
                }
                if !present { return false }
            case .inline(let inner, let condition):
                let condition = set.inlineConditions[condition]
                guard condition == nil || record.typename != nil else { continue }
                let present = inner._withUnsafeGuaranteedRef { inner in
                    !store.typeCondition(condition, appliesTo: record.typename) || allPresent(inner, in: record)
                }
                if !present { return false }
            case .spread(let fragment):
                let present = fragment._withUnsafeGuaranteedRef { fragment in
                    !store.typeCondition(fragment.typeCondition, appliesTo: record.typename) || allPresent(fragment.selections, in: record)
                }
                if !present { return false }
            }
        }
        return true
    }

    /// Whether the record at `ref` is deleted (a null, so nothing below it is missing) or holds `set`.
    private func isPresent(_ set: Unmanaged<PreparedSelectionSet>, at ref: RecordRef) -> Bool {
        // Neither is retained: a field holds its selections, and the store keeps every record it made
        // (`Store.unretainedRecord(at:)`).
        set._withUnsafeGuaranteedRef { set in
            store.unretainedRecord(at: ref)._withUnsafeGuaranteedRef { $0.isDeleted || allPresent(set, in: $0) }
        }
    }
}

/// A document that cannot be prepared.
public enum DocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A spread names a fragment the operation does not carry.
    case unknownFragment(String)
    /// Fragments spread each other in a cycle; the names, in order.
    case fragmentCycle([String])

    /// One line saying what is wrong.
    public var description: String {
        switch self {
        case .unknownFragment(let name): return "unknown fragment '\(name)'"
        case .fragmentCycle(let names): return "fragments spread each other in a cycle: \(names.joined(separator: " -> "))"
        }
    }
}

/// What a read needs beside the selection: the store, and where `@required(action: LOG)` reports.
final class ReadContext {
    let store: Store
    let log: RequiredFieldLog?

    init(store: Store, log: RequiredFieldLog?) {
        self.store = store
        self.log = log
    }
}

/// Where `@required(action: LOG)` reports a missing field: the hook a real runtime would send to its
/// logger. Called with the path of the field, relative to what was read (an operation or a fragment).
public final class RequiredFieldLog {
    private let report: (ResponsePath) -> Void

    /// Creates a log that calls `report` for each missing `@required(action: LOG)` field a read meets.
    public init(_ report: @escaping (ResponsePath) -> Void) { self.report = report }

    func callAsFunction(_ path: ResponsePath) { report(path) }
}
