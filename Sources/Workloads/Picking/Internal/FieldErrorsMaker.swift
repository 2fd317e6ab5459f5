import JSON
import Runtime

/// Makes a field-errors response from a clean one: chosen leaves of an operation's own selection set
/// to null, each with an error at its path.
///
/// Only the operation's own selection is walked (fields and inline fragments, never a fragment
/// spread), because `@throwOnFieldError` weighs only errors there. A leaf is eligible when the response
/// holds it, it is not `id` or `__typename` (which key records: nulling them would move rows rather
/// than fail them), it carries no `@required` (whose null bubbles, a different failure), and the
/// schema, when there is one, lets it be null.
///
/// A record the response reaches again elsewhere (a character listed as a result and again inside an
/// episode) has the same leaf nulled at every place, with the one error at the chosen path: a store
/// keeps a field's later value, and Relay's rule keeps errors only beside a null, so a value written
/// after the null would leave no field error at all.
///
/// Leaves are spread evenly over the items of the first list of objects the own selection reaches
/// (depth first): each item's first eligible leaf, then each item's second, and so on, taking evenly
/// spaced items of a round when the round has more than are still wanted. Without such a list, the
/// own selection's leaves outside lists are taken in order.
struct FieldErrorsMaker {
    /// The leaves made null, as response paths (keys and indices).
    let paths: [[JSONValue]]
    /// The response, with those leaves null and an error for each appended to `errors`.
    let response: JSONValue
    /// The first list's path, dotted, when the leaves were spread over one.
    let listPath: String?
    /// How many items that list has.
    let listItems: Int

    /// Chooses `count` leaves of `operation`'s own selection in `response` and nulls them.
    ///
    /// - Returns: nil when the response has no data object or no eligible leaf.
    init?(response: JSONValue, operation: Operation, schema: Schema?, count: Int) {
        guard count > 0, case .object(let data)? = response["data"] else { return nil }
        let walk = Walk(schema: schema)
        let rootType = schema?.rootType(for: operation.kind)
        let rounds: [[[JSONValue]]]
        if let list = walk.firstList(data, operation.selections, type: rootType, path: []) {
            listPath = list.path.map { $0.stringValue ?? "\($0.intValue ?? 0)" }.joined(separator: ".")
            listItems = list.items.count
            let perItem = list.items.enumerated().map { index, item in
                item.members.map { walk.leaves($0, list.selections, type: list.type, path: list.path + [.int(index)]) } ?? []
            }
            let depth = perItem.map(\.count).max() ?? 0
            rounds = (0..<depth).map { round in perItem.compactMap { round < $0.count ? $0[round] : nil } }
        } else {
            listPath = nil
            listItems = 0
            rounds = walk.leaves(data, operation.selections, type: rootType, path: []).map { [$0] }
        }
        var chosen: [[JSONValue]] = []
        for round in rounds where chosen.count < count {
            let wanted = count - chosen.count
            chosen += round.count <= wanted ? round : (0..<wanted).map { round[$0 * round.count / wanted] }
        }
        guard !chosen.isEmpty else { return nil }
        var made = response
        for path in chosen {
            made = Self.setting(.null, at: path[...], in: made, under: "data")
            if let data = made["data"], let record = Self.recordIdentity(at: path.dropLast(), in: data),
               let key = path.last?.stringValue {
                made = Self.setting(Self.nulling(key, of: record, in: data), member: "data", in: made)
            }
        }
        let added = chosen.map { path in
            JSONValue.object([
                "message": .string("field error made by the bench: \(path.map { $0.stringValue ?? "\($0.intValue ?? 0)" }.joined(separator: "."))"),
                "path": .array(path),
            ])
        }
        let errors = (response["errors"]?.elements ?? []) + added
        made = Self.setting(.array(errors), member: "errors", in: made)
        paths = chosen
        self.response = made
    }

    /// `json` with the value at `path` below its member `key` replaced.
    private static func setting(_ value: JSONValue, at path: ArraySlice<JSONValue>, in json: JSONValue, under key: String) -> JSONValue {
        guard let inner = json[key] else { return json }
        return setting(setting(value, at: path, in: inner), member: key, in: json)
    }

    private static func setting(_ value: JSONValue, at path: ArraySlice<JSONValue>, in json: JSONValue) -> JSONValue {
        guard let step = path.first else { return value }
        switch (step, json) {
        case (.string(let key), .object):
            guard let inner = json[key] else { return json }
            return setting(setting(value, at: path.dropFirst(), in: inner), member: key, in: json)
        case (.int(let index), .array(var elements)) where elements.indices.contains(index):
            elements[index] = setting(value, at: path.dropFirst(), in: elements[index])
            return .array(elements)
        default:
            return json
        }
    }

    /// The `id` and `__typename` of the object at `path`, when it has an `id`: what makes it a record
    /// that the response may reach again.
    private static func recordIdentity(at path: ArraySlice<JSONValue>, in json: JSONValue) -> (id: JSONValue, typename: JSONValue?)? {
        var node = json
        for step in path {
            if let key = step.stringValue, let inner = node[key] {
                node = inner
            } else if let index = step.intValue, let inner = node[index] {
                node = inner
            } else {
                return nil
            }
        }
        guard let id = node["id"], id != .null else { return nil }
        return (id, node["__typename"])
    }

    /// `json` with member `key` nulled on every object that is the record `record`.
    private static func nulling(_ key: String, of record: (id: JSONValue, typename: JSONValue?), in json: JSONValue) -> JSONValue {
        switch json {
        case .object(var members):
            let isRecord = json["id"] == record.id && (record.typename == nil || json["__typename"] == record.typename)
            for index in members.indices {
                if isRecord, members[index].key == key {
                    members[index].value = .null
                } else {
                    members[index].value = nulling(key, of: record, in: members[index].value)
                }
            }
            return .object(members)
        case .array(let elements):
            return .array(elements.map { nulling(key, of: record, in: $0) })
        default:
            return json
        }
    }

    /// `json` with its member `key` set to `value`, appended when absent.
    private static func setting(_ value: JSONValue, member key: String, in json: JSONValue) -> JSONValue {
        guard case .object(var members) = json else { return json }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONValue.Member(key, value))
        }
        return .object(members)
    }
}

extension FieldErrorsMaker {
    /// The walk beside the own selection: which fields apply to an object, and where its leaves are.
    struct Walk {
        let schema: Schema?

        /// The first field of the own selection holding a list of objects, depth first through objects.
        func firstList(
            _ members: [JSONValue.Member], _ selections: [Selection], type: String?, path: [JSONValue]
        ) -> (path: [JSONValue], items: [JSONValue], selections: [Selection], type: String?)? {
            for (field, value, fieldType) in applied(members, selections, type: type) where !field.selections.isEmpty {
                let fieldPath = path + [.string(field.responseKey)]
                switch value {
                case .array(let items) where items.contains(where: { $0.members != nil }):
                    return (fieldPath, items, field.selections, fieldType)
                case .object(let inner):
                    if let found = firstList(inner, field.selections, type: fieldType, path: fieldPath) { return found }
                default:
                    continue
                }
            }
            return nil
        }

        /// The eligible leaves below an object, in selection order, through objects but not lists.
        func leaves(_ members: [JSONValue.Member], _ selections: [Selection], type: String?, path: [JSONValue]) -> [[JSONValue]] {
            var found: [[JSONValue]] = []
            let owner = concreteType(members) ?? type
            for (field, value, fieldType) in applied(members, selections, type: type) {
                let fieldPath = path + [.string(field.responseKey)]
                if field.selections.isEmpty {
                    guard !["id", "__typename"].contains(field.name), field.required == nil else { continue }
                    if let owner, case .nonNull? = schema?.fieldType(field.name, on: owner) { continue }
                    found.append(fieldPath)
                } else if case .object(let inner) = value {
                    found += leaves(inner, field.selections, type: fieldType, path: fieldPath)
                }
            }
            return found
        }

        /// The fields of `selections` that apply to the object and that it holds, once per response
        /// key, with each one's value and schema type.
        private func applied(
            _ members: [JSONValue.Member], _ selections: [Selection], type: String?
        ) -> [(Field, JSONValue, String?)] {
            let owner = concreteType(members) ?? type
            var seen: Set<String> = []
            var result: [(Field, JSONValue, String?)] = []
            func visit(_ selections: [Selection]) {
                for selection in selections {
                    switch selection {
                    case .field(let field):
                        guard seen.insert(field.responseKey).inserted,
                              let value = members.first(where: { $0.key == field.responseKey })?.value else { continue }
                        let fieldType = owner.flatMap { schema?.fieldType(field.name, on: $0)?.namedType }
                        result.append((field, value, fieldType))
                    case .inlineFragment(let fragment):
                        if applies(fragment.typeCondition, to: owner) { visit(fragment.selections) }
                    case .fragmentSpread:
                        continue
                    }
                }
            }
            visit(selections)
            return result
        }

        /// Whether a type condition holds; one that cannot be decided is taken to hold, as the
        /// normalizer does.
        private func applies(_ condition: String?, to owner: String?) -> Bool {
            guard let condition, let owner else { return true }
            guard let schema else { return condition == owner }
            return schema.isAbstract(owner) || schema.objectType(owner, meets: condition)
        }

        private func concreteType(_ members: [JSONValue.Member]) -> String? {
            members.first { $0.key == "__typename" }?.value.stringValue
        }
    }
}
