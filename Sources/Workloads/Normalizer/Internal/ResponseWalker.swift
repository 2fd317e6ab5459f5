import JSON
import Runtime

/// One normalization: walks a response's data beside the operation's selection, writing records and
/// placing errors as it goes.
///
/// Each response value is visited once, and each object's selection is collected once, so the cost
/// is linear in the response times the width of the selection.
struct ResponseWalker {
    typealias Group = FieldCollector.Group

    let variables: [String: InputValue]
    let schema: Schema?
    let collector: FieldCollector
    let placement: ErrorPlacement
    private(set) var records = RecordAccumulator()
    /// Where the walk is, in response keys and indices: what a mismatch names.
    var path: ResponsePath = []

    init(fragments: [String: Fragment], variables: [String: InputValue], schema: Schema?, placement: ErrorPlacement) {
        self.variables = variables
        self.schema = schema
        self.collector = FieldCollector(fragments: fragments, schema: schema)
        self.placement = placement
    }

    /// Walks the data object into the root record `rootID`, whose schema type is `rootType`.
    mutating func walkRoot(_ members: [JSONValue.Member], rootID: RecordID, rootType: String?, selections: [Selection]) throws(NormalizeError) {
        let concreteType = try typename(of: members) ?? rootType
        let record = records.record(rootID, typename: concreteType)
        try walkObject(
            members, record: record, id: rootID, selectionSets: [selections],
            concreteType: concreteType, staticType: rootType, errors: placement.root)
    }

    // MARK: - Objects

    private mutating func walkObject(
        _ members: [JSONValue.Member], record: Int, id: RecordID, selectionSets: [[Selection]],
        concreteType: String?, staticType: String?, errors node: ErrorPlacement.Node?
    ) throws(NormalizeError) {
        let groups = try collector.collect(selectionSets, concreteType: concreteType, staticType: staticType)
        var answered = [Bool](repeating: false, count: groups.count)
        let owner = concreteType ?? staticType
        // Response order, so records and fields come out in the order the server wrote them.
        for member in members {
            guard let index = groups.firstIndex(where: { $0.responseKey == member.key }) else {
                // Already read as the object's type; a client may add it to every selection unasked.
                if member.key == "__typename" { continue }
                throw .mismatch(path: path + [.key(member.key)], reason: "not selected by the operation")
            }
            answered[index] = true
            path.append(.key(member.key))
            try walkField(member.value, group: groups[index], record: record, id: id, owner: owner, errors: node?.child(.key(member.key)))
            path.removeLast()
        }
        if let missing = groups.indices.first(where: { !answered[$0] && !groups[$0].isConditional }) {
            throw .mismatch(path: path + [.key(groups[missing].responseKey)], reason: "missing from the response")
        }
    }

    private mutating func walkField(
        _ value: JSONValue, group: Group, record: Int, id: RecordID, owner: String?, errors node: ErrorPlacement.Node?
    ) throws(NormalizeError) {
        let field = group.fields[0]
        let storageKey = field.storageKey(variables: variables)
        let type = owner.flatMap { schema?.fieldType(field.name, on: $0) }
        var taken: [Int] = []
        let written: NormalizedResponse.Value
        if case .null = value {
            // Relay's rule: errors beneath a null field have no field of their own; they collect here.
            placement.takeAll(node, into: &taken)
            written = .null
        } else if group.isLeaf {
            // A list of scalars has no fields below it: errors on its elements are the list field's.
            if case .array = value { placement.takeAll(node, into: &taken) } else { placement.takeHere(node, into: &taken) }
            written = .scalar(try leafValue(value, type: type))
        } else {
            placement.takeHere(node, into: &taken)
            written = try compositeValue(value, group: group, type: type, parentID: id, storageKey: storageKey, errors: node, taken: &taken)
        }
        records.write(record, storageKey, written, errors: placement.errors(taken))
    }

    private mutating func compositeValue(
        _ value: JSONValue, group: Group, type: TypeReference?, parentID: RecordID, storageKey: String,
        errors node: ErrorPlacement.Node?, taken: inout [Int]
    ) throws(NormalizeError) -> NormalizedResponse.Value {
        let selectionSets = group.fields.map(\.selections)
        switch value {
        case .object(let members):
            if type?.listElement != nil { throw mismatch("a list", found: value) }
            let id = try walkChild(members, type: type, selectionSets: selectionSets, parentID: parentID, storageKey: storageKey, index: nil, errors: node)
            return .link(id)
        case .array(let elements):
            if let type, type.listElement == nil { throw mismatch("an object", found: value) }
            let elementType = type?.listElement
            if elementType?.listElement != nil {
                throw .mismatch(path: path, reason: "a list of lists of objects; a record field holds one level of links")
            }
            var ids: [RecordID?] = []
            ids.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                let elementNode = node?.child(.index(index))
                path.append(.index(index))
                switch element {
                case .null:
                    // A null element has no field of its own: its errors are the list field's.
                    placement.takeAll(elementNode, into: &taken)
                    ids.append(nil)
                case .object(let members):
                    placement.takeHere(elementNode, into: &taken)
                    ids.append(try walkChild(
                        members, type: elementType, selectionSets: selectionSets, parentID: parentID,
                        storageKey: storageKey, index: index, errors: elementNode))
                default:
                    throw mismatch("an object", found: element)
                }
                path.removeLast()
            }
            return .links(ids)
        default:
            throw mismatch(type?.listElement != nil ? "a list" : "an object", found: value)
        }
    }

    /// Normalizes an object reached through a field (and, in a list, an index) into its record.
    private mutating func walkChild(
        _ members: [JSONValue.Member], type: TypeReference?, selectionSets: [[Selection]], parentID: RecordID,
        storageKey: String, index: Int?, errors node: ErrorPlacement.Node?
    ) throws(NormalizeError) -> RecordID {
        let definition = type.flatMap { schema?.type(named: $0.namedType) }
        let concreteType = try typename(of: members) ?? (definition?.kind == .object ? definition?.name : nil)
        let id = Self.recordID(members, type: concreteType, parentID: parentID, storageKey: storageKey, index: index)
        let record = records.record(id, typename: concreteType)
        try walkObject(
            members, record: record, id: id, selectionSets: selectionSets,
            concreteType: concreteType, staticType: definition?.name, errors: node)
        return id
    }

    // MARK: - Identity

    /// `<Type>:<id>` for an object with an `id` whose type is known; otherwise Relay's client id,
    /// the parent's id, the storage key and the list index joined by `:`, under `client:`.
    ///
    /// An object with an `id` whose type is unknown (an abstract field type, no `__typename`) gets a
    /// client id too: ids are unique only per type, so `id` alone could merge two records.
    static func recordID(_ members: [JSONValue.Member], type: String?, parentID: RecordID, storageKey: String, index: Int?) -> RecordID {
        if let type, let member = members.first(where: { $0.key == "id" }) {
            switch member.value {
            case .string(let id): return RecordID(type + ":" + id)
            case .int(let id): return RecordID(type + ":" + String(id))
            default: break
            }
        }
        var key = parentID.rawValue + ":" + storageKey
        if let index { key += ":" + String(index) }
        return RecordID(key.hasPrefix("client:") ? key : "client:" + key)
    }

    /// The object's `__typename`, when the response carries one.
    private func typename(of members: [JSONValue.Member]) throws(NormalizeError) -> String? {
        guard let member = members.first(where: { $0.key == "__typename" }) else { return nil }
        guard case .string(let name) = member.value else {
            throw .mismatch(path: path + ["__typename"], reason: "expected a string, found \(Self.describe(member.value))")
        }
        return name
    }

    func mismatch(_ expected: String, found value: JSONValue) -> NormalizeError {
        .mismatch(path: path, reason: "expected \(expected), found \(Self.describe(value))")
    }

    /// A JSON value's kind, as a mismatch names it.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
