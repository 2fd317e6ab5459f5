/// Which phase strategies a run measures: any non-empty set of them, written as on the command line.
///
/// `--shape` takes `all` (every strategy, the default), `both` (derived and stored: what `all`
/// meant when there were two), one name, or a comma-separated list (`derived,root`). A results file
/// records the selection as it was written (`options.strategy`), so files of two-strategy runs,
/// which say `both`, read and print as they did.
struct StrategySelection: Sendable, Equatable, Hashable, Codable, RawRepresentable {
    /// The strategies selected, in `FigureStrategy` order; never `unshaped`, never empty. For `all`,
    /// every shape of the registry in force (`ShapeRegistry.current`).
    var strategies: [FigureStrategy] { chosen ?? FigureStrategy.measured }
    /// The selection as written: `all`, `both`, or the names joined by commas in `FigureStrategy` order.
    let rawValue: String
    /// The strategies named; nil for `all`.
    private let chosen: [FigureStrategy]?

    /// Every strategy.
    static let all = StrategySelection(strategies: nil, rawValue: "all")
    /// Derived and stored, interleaved: the selection of every run before there were four.
    static let both = StrategySelection(strategies: [.derived, .stored], rawValue: "both")
    /// The derived phase only.
    static let derived = StrategySelection(strategies: [.derived], rawValue: "derived")
    /// The stored phase only.
    static let stored = StrategySelection(strategies: [.stored], rawValue: "stored")

    /// The words `--shape` accepts besides the strategies' own names.
    static let keywords = ["all", "both"]

    private init(strategies: [FigureStrategy]?, rawValue: String) {
        self.chosen = strategies
        self.rawValue = rawValue
    }

    /// Reads a selection as `--shape` and results files write it; nil when any part is not one.
    init?(rawValue: String) {
        guard case .success(let selection) = Self.parse(rawValue) else { return nil }
        self = selection
    }

    /// The strategies of `text`, or one sentence saying what in it is not a strategy.
    ///
    /// - Parameter text: `all`, `both`, or names separated by commas, each at most once.
    static func parse(_ text: String) -> Result<StrategySelection, BenchError> {
        if text == all.rawValue { return .success(all) }
        if text == both.rawValue { return .success(both) }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var chosen: [FigureStrategy] = []
        for name in names {
            guard let strategy = FigureStrategy(rawValue: name), strategy != .unshaped else {
                let known = (keywords + FigureStrategy.measured.map(\.rawValue)).joined(separator: ", ")
                return .failure(BenchError("'\(name)' is not a shape (expected \(known), or names joined by commas)"))
            }
            guard !chosen.contains(strategy) else {
                return .failure(BenchError("'\(name)' is named twice"))
            }
            chosen.append(strategy)
        }
        chosen.sort()
        return .success(StrategySelection(strategies: chosen, rawValue: chosen.map(\.rawValue).joined(separator: ",")))
    }

    /// Whether measurements of `strategy` run under this selection; strategy-free ones always do.
    func includes(_ strategy: FigureStrategy) -> Bool {
        strategy == .unshaped || strategies.contains(strategy)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        switch Self.parse(text) {
        case .success(let selection): self = selection
        case .failure(let error): throw DecodingError.dataCorruptedError(in: container, debugDescription: error.line)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
