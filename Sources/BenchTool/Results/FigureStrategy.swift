/// The shape a figure is labelled with: a shape's name (`Shape.label`), or `unshaped`.
///
/// The shapes are those of the registry in force (`ShapeRegistry.current`): in the standard one,
/// `derived`, `root` and `incremental` are the shapes a decision can ship and `stored` is the fallback
/// every shape is compared with. `unshaped` labels figures that no shape changes, such as the floor of
/// a plain `@Observable` read; they are measured once and shown apart from the side-by-side columns,
/// under the same word. Runtime's `PhaseStrategy` is the strategy itself; this is only its name on a
/// figure, as results files write it (`"strategy": "derived"`, `"unshaped"`).
///
/// A name is read only where the registry in force knows it: a results file, a limits file or a
/// `--shape` that names another is refused, as it was when the shapes were a closed list.
struct FigureStrategy: RawRepresentable, Sendable, Hashable, CaseIterable, Codable, Comparable, CustomStringConvertible {
    /// The name, as results files write it.
    let rawValue: String

    /// The label `rawValue`, when the registry in force has a shape of that name or it is `unshaped`.
    init?(rawValue: String) {
        guard rawValue == Self.unshaped.rawValue || ShapeRegistry.current.shapes.contains(where: { $0.label.rawValue == rawValue }) else {
            return nil
        }
        self.rawValue = rawValue
    }

    /// The label of a shape being declared (`Shape`), or of one of the standard names below.
    init(declared name: String) {
        rawValue = name
    }

    /// The decision: the phase is computed when it is read.
    static let derived = FigureStrategy(declared: "derived")
    /// The fallback: the phase is stored and settled after each commit.
    static let stored = FigureStrategy(declared: "stored")
    /// The verdict settled at the commit and kept on a root entry shared by the operation's handles;
    /// the phase is derived from it when read.
    static let root = FigureStrategy(declared: "root")
    /// The same root verdict, kept up to date by work proportional to what a commit changed rather than
    /// to the size of the data.
    static let incremental = FigureStrategy(declared: "incremental")
    /// The registry's fallback (`Shape.Role.fallback`): the shape every ratio is over, and what ships
    /// when none passes. Code that means that role reads it here, not by its name.
    static var fallback: FigureStrategy { ShapeRegistry.current.fallback.label }
    /// No shape changes this figure. Results files of schema 2 and before wrote it `none`.
    static let unshaped = FigureStrategy(declared: "unshaped")

    /// Every label in column order: the registry's shapes, then `unshaped`.
    static var allCases: [FigureStrategy] { ShapeRegistry.current.labels + [.unshaped] }

    /// Every shape a run can measure, in column order: all but `unshaped`.
    static var measured: [FigureStrategy] { ShapeRegistry.current.labels }

    var description: String { rawValue }

    static func < (lhs: FigureStrategy, rhs: FigureStrategy) -> Bool {
        let order = allCases
        switch (order.firstIndex(of: lhs), order.firstIndex(of: rhs)) {
        case (let left?, let right?): return left < right
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return lhs.rawValue < rhs.rawValue
        }
    }

    init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let label = FigureStrategy(rawValue: name) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(name)' is not a shape of this bench (\(ShapeRegistry.list(Self.allCases)))"))
        }
        self = label
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
