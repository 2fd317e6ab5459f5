/// One body's re-runs in a counted scenario under each strategy: what a count limit judged body by
/// body compares.
public struct BodyDifference: Sendable, Equatable, Codable {
    /// The body's name in the view tree: `phase`, `operation`, `row[3]`.
    public var body: String
    /// Its re-runs under the derived strategy.
    public var derived: Int
    /// Its re-runs under the stored strategy.
    public var stored: Int

    /// Creates a body's difference.
    public init(body: String, derived: Int, stored: Int) {
        self.body = body
        self.derived = derived
        self.stored = stored
    }

    /// Derived re-runs minus stored ones: positive where the derived phase re-ran the body more.
    public var difference: Int { derived - stored }

    /// Every body counted for a scenario under either strategy, in the order the counts list them
    /// (derived's first); a body one strategy did not count re-ran 0 times there.
    public static func between(derived: [CountRecord], stored: [CountRecord]) -> [BodyDifference] {
        var bodies: [String] = []
        for count in derived + stored where !bodies.contains(count.body) { bodies.append(count.body) }
        func reruns(_ body: String, _ counts: [CountRecord]) -> Int { counts.filter { $0.body == body }.reduce(0) { $0 + $1.reruns } }
        return bodies.map { BodyDifference(body: $0, derived: reruns($0, derived), stored: reruns($0, stored)) }
    }

    /// `phase +1 (derived 1, stored 0)`.
    public var text: String {
        "\(body) \(difference > 0 ? "+" : difference < 0 ? "−" : "")\(abs(difference)) (derived \(derived), stored \(stored))"
    }

    private enum CodingKeys: String, CodingKey {
        case body, derived, stored, difference
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        body = try container.decode(String.self, forKey: .body)
        derived = try container.decode(Int.self, forKey: .derived)
        stored = try container.decode(Int.self, forKey: .stored)
        // `difference` is written for readers of the JSON; it must agree with what it restates.
        guard try container.decode(Int.self, forKey: .difference) == derived - stored else {
            throw DecodingError.dataCorruptedError(
                forKey: .difference, in: container, debugDescription: "'difference' is not 'derived' minus 'stored'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(body, forKey: .body)
        try container.encode(derived, forKey: .derived)
        try container.encode(stored, forKey: .stored)
        try container.encode(difference, forKey: .difference)
    }
}
