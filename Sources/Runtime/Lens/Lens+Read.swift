extension Lens {
    /// Reads everything the selection selects, as a value: a field error beside a null is null (or
    /// throws under `@throwOnFieldError`), an error beside a value leaves the value, a field the store
    /// does not hold is missing (null, but it throws under `@throwOnFieldError`), a bubbling `@required`
    /// null nulls its parent, a list item is nulled rather than the list, and `@catch` turns what
    /// happens beneath it (field errors, missing data, a `@required` THROW or LOG) into a null or a
    /// result.
    ///
    /// - Throws: `LensError.fieldErrors` (every field error outside `@catch`, under
    ///   `@throwOnFieldError`), `.missingData` (likewise, for missing fields), or
    ///   `.requiredFieldMissing` for a THROW, or a null that bubbled all the way to this lens's root.
    public func read() throws(LensError) -> DataValue {
        var reader = FullRead(store: context.store, log: context.log)
        let entries = try reader.readSet(selections, context.store.record(at: record))
        if throwsOnFieldError, !reader.fieldErrors.isEmpty { throw .fieldErrors(reader.fieldErrors) }
        if throwsOnFieldError, !reader.missing.isEmpty { throw .missingData(reader.missing) }
        guard let entries else { throw .requiredFieldMissing(reader.lastOrigin ?? RequiredFieldError(path: [], action: .none)) }
        return .object(entries)
    }

    /// Whether a `@catch` field of this lens's record caught anything beneath it: what the field-by-field
    /// reads ask before they hand out a caught object or list, so that both paths agree.
    func caughtSomething(_ field: PreparedField) -> Bool {
        var reader = FullRead(store: context.store, log: context.log)
        reader.path = [.key(field.responseKey)]
        guard let (value, _) = try? reader.readField(field, context.store.record(at: record)) else { return true }
        switch value {
        case .null, .result(.failure): return true
        default: return false
        }
    }
}

/// The state of one full read: the path, the field errors and missing fields met outside `@catch`,
/// the first `@required(action: LOG)` null, and where the last bubbling null started.
private struct FullRead {
    let store: Store
    let log: RequiredFieldLog?
    var path: ResponsePath = []
    var fieldErrors: [FieldError] = []
    var missing: [ResponsePath] = []
    /// Relay records a LOG as a field error of its own kind, so a `@catch` above it reads as failed.
    var logged: RequiredFieldError?
    var lastOrigin: RequiredFieldError?

    init(store: Store, log: RequiredFieldLog?) {
        self.store = store
        self.log = log
    }

    /// The entries of an object, or nil when a bubbling `@required` null nulls it.
    mutating func readSet(_ set: PreparedSelectionSet, _ record: Record) throws(LensError) -> [DataValue.Entry]? {
        var entries: [DataValue.Entry] = []
        var nulled = false
        for item in set.items {
            switch item {
            case .field(let field):
                path.append(.key(field.responseKey))
                let (value, nullsParent) = try readField(field, record)
                path.removeLast()
                entries.append(DataValue.Entry(field.responseKey, value))
                nulled = nulled || nullsParent
            case .inline(let condition, let inner):
                guard store.typeCondition(condition, appliesTo: record.typename) else { continue }
                if let more = try readSet(inner, record) { entries += more } else { nulled = true }
            case .spread:
                continue
            }
        }
        return nulled ? nil : entries
    }

    mutating func readField(_ field: PreparedField, _ record: Record) throws(LensError) -> (DataValue, nullsParent: Bool) {
        guard let target = field.catchTarget else { return try readUncaught(field, record) }
        var inner = FullRead(store: store, log: log)
        inner.path = path
        var value = DataValue.null
        var required: RequiredFieldError?
        do {
            let (read, nulls) = try inner.readUncaught(field, record)
            value = read
            if nulls { required = inner.lastOrigin }
        } catch {
            if case .requiredFieldMissing(let thrown) = error { required = thrown }
        }
        let failed = !inner.fieldErrors.isEmpty || required != nil || inner.logged != nil || !inner.missing.isEmpty
        switch target {
        case .null: return (failed ? .null : value, false)
        case .result:
            let failure = CaughtResult.failure(fieldErrors: inner.fieldErrors, required: required ?? inner.logged, missing: inner.missing)
            return (.result(failed ? failure : .ok(value)), false)
        }
    }

    private mutating func readUncaught(_ field: PreparedField, _ record: Record) throws(LensError) -> (DataValue, nullsParent: Bool) {
        let slot = record.read(field.channel)
        var value = DataValue.null
        var fromChild = false
        if let slot {
            if slot.hasWeighedErrors {
                fieldErrors += slot.errors.map { FieldError(path: path, error: $0) }
            } else {
                switch slot.value {
                case .null: break
                case .scalar(let scalar): value = .scalar(scalar)
                case .link(let ref):
                    if let child = field.selections {
                        let target = store.record(at: ref)
                        if let entries = try readSet(child, target) {
                            value = target.isDeleted ? .null : .object(entries)
                        } else {
                            fromChild = true
                        }
                    }
                case .links(let refs):
                    guard let child = field.selections else { break }
                    var items: [DataValue] = []
                    for (index, ref) in refs.enumerated() {
                        guard let ref else { items.append(.null); continue }
                        path.append(.index(index))
                        let target = store.record(at: ref)
                        let entries = try readSet(child, target)
                        path.removeLast()
                        items.append(entries.flatMap { target.isDeleted ? nil : DataValue.object($0) } ?? .null)
                    }
                    value = .list(items)
                }
            }
        } else if record.isMissing(slot) {
            missing.append(path)
        }
        guard value == .null, let action = field.required else { return (value, false) }
        switch action {
        case .throw:
            throw .requiredFieldMissing(RequiredFieldError(path: path, action: .throw))
        case .log, .none:
            if !fromChild {
                lastOrigin = RequiredFieldError(path: path, action: action)
                if action == .log {
                    log?(path)
                    if logged == nil { logged = lastOrigin }
                }
            }
            return (.null, true)
        }
    }
}
