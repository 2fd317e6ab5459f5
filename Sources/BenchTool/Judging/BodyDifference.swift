/// One body's re-runs in a counted scenario under a shape and under stored: what a count limit judged
/// body by body compares.
///
/// Encoded as `{body, derived, stored, difference}` for the derived shape, as every file before
/// version 3 has it, and as `{body, strategy, reruns, stored, difference}` for another shape.
struct BodyDifference: Sendable, Equatable, Codable {
    /// The body's name in the view tree: `phase`, `operation`, `row[3]`.
    var body: String
    /// The shape compared with stored.
    var strategy: FigureStrategy
    /// Its re-runs under `strategy`.
    var reruns: Int
    /// Its re-runs under the stored strategy.
    var stored: Int

    /// A body that re-ran `reruns` times under `strategy` and `stored` times under stored.
    init(body: String, strategy: FigureStrategy, reruns: Int, stored: Int) {
        self.body = body
        self.strategy = strategy
        self.reruns = reruns
        self.stored = stored
    }

    /// The same, for derived: how limits of versions 1 and 2 write it (`{body, derived, stored, difference}`).
    init(body: String, derived: Int, stored: Int) {
        self.init(body: body, strategy: .derived, reruns: derived, stored: stored)
    }

    /// The shape's re-runs minus stored ones: positive where the shape re-ran the body more.
    var difference: Int { reruns - stored }

    /// Every body counted for a scenario under either strategy, in the order the counts list them
    /// (the shape's first); a body one strategy did not count re-ran 0 times there.
    static func between(_ strategy: FigureStrategy, _ shape: [CountRecord], stored: [CountRecord]) -> [BodyDifference] {
        var bodies: [String] = []
        for count in shape + stored where !bodies.contains(count.body) { bodies.append(count.body) }
        func reruns(_ body: String, _ counts: [CountRecord]) -> Int { counts.filter { $0.body == body }.reduce(0) { $0 + $1.reruns } }
        return bodies.map { BodyDifference(body: $0, strategy: strategy, reruns: reruns($0, shape), stored: reruns($0, stored)) }
    }

    /// `phase +1 (derived 1, stored 0)`.
    var text: String {
        "\(body) \(difference > 0 ? "+" : difference < 0 ? "−" : "")\(abs(difference)) (\(strategy.rawValue) \(reruns), stored \(stored))"
    }

    private enum CodingKeys: String, CodingKey {
        case body, derived, strategy, reruns, stored, difference
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        body = try container.decode(String.self, forKey: .body)
        strategy = try container.decodeIfPresent(FigureStrategy.self, forKey: .strategy) ?? .derived
        reruns = try container.decode(Int.self, forKey: container.contains(.strategy) ? .reruns : .derived)
        stored = try container.decode(Int.self, forKey: .stored)
        // `difference` is written for readers of the JSON; it must agree with what it restates.
        guard try container.decode(Int.self, forKey: .difference) == reruns - stored else {
            throw DecodingError.dataCorruptedError(
                forKey: .difference, in: container, debugDescription: "'difference' is not the shape's re-runs minus 'stored'")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(body, forKey: .body)
        if strategy == .derived {
            try container.encode(reruns, forKey: .derived)
        } else {
            try container.encode(strategy, forKey: .strategy)
            try container.encode(reruns, forKey: .reruns)
        }
        try container.encode(stored, forKey: .stored)
        try container.encode(difference, forKey: .difference)
    }
}
