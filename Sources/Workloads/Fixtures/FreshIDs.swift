import JSON

/// Fresh record ids for copies of a response's data: what makes a copy's objects new records rather
/// than the same records again.
///
/// The `k`-th copy (`k` ≥ 1) has every `id` beneath it made fresh, the same way throughout that copy:
/// a string id `x` becomes `x-copyk`, an integer id is moved past the largest integer id of the
/// response, `k` times. So records shared inside the original (a row that is also in an episode's
/// cast) are shared the same way inside each copy, and no two copies share one. A null `id` stays
/// null: the normalizer keys such an object by its path, which a copy must make fresh on its own (a
/// repeated list item's index, another page's root field arguments).
///
/// `ScaledResponse` repeats list items with it; the distinct-root measurements give each page but
/// the judged one a copy of the judged response.
public struct FreshIDs: Sendable {
    /// How far a copy moves an integer id: one past the largest integer id of the response.
    private let integerStride: Int

    /// The fresh ids of copies of `response`'s data.
    public init(for response: JSONValue) {
        integerStride = Self.largestIntegerID(in: response) + 1
    }

    /// `value`, part of the response, with every `id` beneath it made fresh for copy `copy`.
    ///
    /// - Parameter copy: 1 or more; copy 0 is the original, and gives `value` back.
    public func copy(_ value: JSONValue, _ copy: Int) -> JSONValue {
        guard copy != 0 else { return value }
        switch value {
        case .object(let members):
            return .object(members.map { member in
                guard member.key == "id" else { return JSONValue.Member(member.key, self.copy(member.value, copy)) }
                switch member.value {
                case .string(let id): return JSONValue.Member("id", .string("\(id)-copy\(copy)"))
                case .int(let id): return JSONValue.Member("id", .int(id + copy * integerStride))
                default: return member
                }
            })
        case .array(let elements):
            return .array(elements.map { self.copy($0, copy) })
        default:
            return value
        }
    }

    /// `response` whole, its `data` a copy with fresh ids; its `errors` as they are, since their
    /// paths name response keys and list indexes, which the copy keeps.
    ///
    /// - Parameter ids: The fresh ids of `response` (`FreshIDs(for: response)`), when a caller making
    ///   many copies has them already; nil finds them.
    public static func copy(ofResponse response: JSONValue, _ copy: Int, ids: FreshIDs? = nil) -> JSONValue {
        let ids = ids ?? FreshIDs(for: response)
        guard let members = response.members else { return response }
        return .object(members.map { $0.key == "data" ? JSONValue.Member("data", ids.copy($0.value, copy)) : $0 })
    }

    private static func largestIntegerID(in value: JSONValue) -> Int {
        switch value {
        case .object(let members):
            return members.reduce(0) { largest, member in
                if member.key == "id", case .int(let id) = member.value { return max(largest, id) }
                return max(largest, largestIntegerID(in: member.value))
            }
        case .array(let elements):
            return elements.reduce(0) { max($0, largestIntegerID(in: $1)) }
        default:
            return 0
        }
    }
}
