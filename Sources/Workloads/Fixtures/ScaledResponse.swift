import JSON

/// A recorded response made smaller or larger for the fixture-size curve, as raw JSON before it is
/// normalized: its outermost lists of objects cut to a prefix (scale below 1) or repeated (above 1).
///
/// An outermost list is a list of objects that no other list holds (`characters.results`, not each
/// row's `episode`): scaling it scales what hangs below it with it, so the response grows or shrinks
/// about in proportion instead of by a power of its depth. A list of `n` items at scale `s` keeps
/// `max(1, round(n × s))` items. The `k`-th repeat of the list (`k` ≥ 1) is copy `k` of `FreshIDs`:
/// every `id` beneath it fresh, so a repeated item is a new record, not the same one again, and
/// records shared inside the original are shared the same way inside each copy. A null `id` stays
/// null: the normalizer keys such an object by its path, which the copy's new index makes fresh.
///
/// The response's `errors` follow their items: an error whose path runs through a scaled list is
/// dropped with a cut item and repeated, at the copy's index, with a repeated one; the others are
/// kept once. The result depends only on the response and the scale.
public struct ScaledResponse: Sendable {
    /// Why a response cannot be scaled: one line.
    public struct Unscalable: Error, CustomStringConvertible, Sendable {
        /// Why, in one line: what in the response or the scale stops it.
        public let description: String
    }

    /// One list that was cut or repeated.
    public struct List: Hashable, Sendable {
        /// Its response keys from `data`, joined by `.`: `characters.results`.
        public var path: String
        /// Its length in the response.
        public var from: Int
        /// Its length scaled.
        public var to: Int

        /// The list at `path`, scaled from `from` items to `to`, which is `max(1, round(from × scale))`; tests
        /// write the ones they expect.
        public init(path: String, from: Int, to: Int) {
            self.path = path
            self.from = from
            self.to = to
        }
    }

    /// The scaled response, `{"errors": [...], "data": {...}}` in the original's member order.
    public let value: JSONValue
    /// Each list scaled, in the order the response holds them.
    public let lists: [List]

    /// Scales `response`'s outermost lists of objects by `scale`.
    ///
    /// - Parameters:
    ///   - response: a GraphQL response, `{"data": {...}}`, errors optional.
    ///   - scale: finite and positive; 1 gives the response back unchanged.
    /// - Throws: `Unscalable` when the scale is not finite and positive, the response has no data
    ///   object, or its data holds no list of objects with an item to cut or repeat.
    public init(_ response: JSONValue, scale: Double) throws(Unscalable) {
        guard scale.isFinite, scale > 0 else { throw Unscalable(description: "a scale must be finite and positive, not \(scale)") }
        guard case .object(let data)? = response["data"] else {
            throw Unscalable(description: "the response has no data object to scale")
        }
        var scaler = ListScaling(scale: scale, ids: FreshIDs(for: response))
        let scaledData = scaler.object(data, path: [])
        guard !scaler.lists.isEmpty else {
            throw Unscalable(description: "its data holds no list of objects to cut or repeat")
        }
        lists = scaler.lists.map { List(path: $0.path.joined(separator: "."), from: $0.from, to: $0.to) }
        value = .object((response.members ?? []).map { member in
            switch member.key {
            case "data": return JSONValue.Member("data", .object(scaledData))
            case "errors": return JSONValue.Member("errors", scaler.errors(member.value))
            default: return member
            }
        })
    }
}

/// One scaling walk: finds the outermost lists of objects, scales them, and remembers them so the
/// errors can follow.
private struct ListScaling {
    struct ScaledList {
        var path: [String]
        var from: Int
        var to: Int
    }

    let scale: Double
    let ids: FreshIDs
    private(set) var lists: [ScaledList] = []

    init(scale: Double, ids: FreshIDs) {
        self.scale = scale
        self.ids = ids
    }

    mutating func object(_ members: [JSONValue.Member], path: [String]) -> [JSONValue.Member] {
        members.map { member in
            let memberPath = path + [member.key]
            switch member.value {
            case .object(let inner):
                return JSONValue.Member(member.key, .object(object(inner, path: memberPath)))
            case .array(let elements) where Self.isListOfObjects(elements):
                let count = max(1, Int((Double(elements.count) * scale).rounded()))
                lists.append(ScaledList(path: memberPath, from: elements.count, to: count))
                let scaled = (0..<count).map { index in
                    index < elements.count ? elements[index] : ids.copy(elements[index % elements.count], index / elements.count)
                }
                return JSONValue.Member(member.key, .array(scaled))
            default:
                return member
            }
        }
    }

    /// The response's errors, each dropped, kept or repeated with the item its path runs through.
    func errors(_ value: JSONValue) -> JSONValue {
        guard case .array(let errors) = value else { return value }
        return .array(errors.flatMap { error -> [JSONValue] in
            guard case .array(let path)? = error["path"],
                  let list = lists.first(where: { Self.path(path, runsThrough: $0.path) }),
                  case .int(let index) = path[list.path.count], (0..<list.from).contains(index)
            else { return [error] }
            return stride(from: index, to: list.to, by: list.from).map { newIndex in
                var newPath = path
                newPath[list.path.count] = .int(newIndex)
                return .object((error.members ?? []).map { member in
                    member.key == "path" ? JSONValue.Member("path", .array(newPath)) : member
                })
            }
        })
    }

    /// A list with at least one object and nothing but objects and nulls.
    private static func isListOfObjects(_ elements: [JSONValue]) -> Bool {
        elements.contains { $0.members != nil } && elements.allSatisfy { $0.members != nil || $0 == .null }
    }

    private static func path(_ path: [JSONValue], runsThrough list: [String]) -> Bool {
        path.count > list.count && zip(path, list).allSatisfy { $0 == .string($1) }
    }
}
