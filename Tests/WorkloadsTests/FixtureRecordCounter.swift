import JSON
@testable import Workloads

/// Counts the records a strict-fixture response normalizes to, by walking its JSON the way the
/// normalizer keys records: an object with an `id` is `Type:id`, an object without one gets a client
/// id from its path, and the root is one record.
///
/// The types come from `spec/schema.graphql`, restated here for the fields the fixture selects, so
/// the count is computed from the response and not from the generator's own arithmetic.
struct FixtureRecordCounter {
    static let fieldTypes: [String: String] = [
        "Query.characters": "Characters",
        "Characters.info": "Info",
        "Characters.results": "Character",
        "Character.origin": "Location",
        "Character.location": "Location",
        "Character.episode": "Episode",
        "Episode.characters": "Character",
    ]

    private(set) var keys: Set<String> = ["client:root"]
    /// Keys per type, for reporting what a count is made of.
    private(set) var countsByType: [String: Int] = [:]
    /// Objects whose `id` is null, each a record of its own keyed by its path.
    private(set) var unknownPlaces = 0

    /// The distinct records, the root included.
    var recordCount: Int { keys.count }

    init(response: JSONValue) {
        if let data = response["data"] { walk(data, type: "Query", key: "client:root") }
    }

    private mutating func walk(_ value: JSONValue, type: String, key: String) {
        guard let members = value.members else { return }
        for member in members {
            guard let childType = Self.fieldTypes["\(type).\(member.key)"] else { continue }
            switch member.value {
            case .object:
                visit(member.value, type: childType, clientKey: "\(key).\(member.key)")
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    visit(element, type: childType, clientKey: "\(key).\(member.key).\(index)")
                }
            default:
                continue
            }
        }
    }

    private mutating func visit(_ value: JSONValue, type: String, clientKey: String) {
        guard value.members != nil else { return }
        let key = value["id"]?.stringValue.map { "\(type):\($0)" } ?? clientKey
        if keys.insert(key).inserted {
            if value["id"] == .null { unknownPlaces += 1 } else { countsByType[type, default: 0] += 1 }
        }
        walk(value, type: type, key: key)
    }
}
