/// The phase strategy a figure belongs to.
///
/// `none` marks figures that no strategy shapes, such as the floor of a plain `@Observable` read; they
/// are measured once and shown apart from the side-by-side columns.
public enum Strategy: String, Sendable, Equatable, Hashable, CaseIterable, Codable, Comparable {
    /// The decision: the phase is computed when it is read.
    case derived
    /// The fallback: the phase is stored and settled after each commit.
    case stored
    /// Not a strategy's figure.
    case none

    public static func < (lhs: Strategy, rhs: Strategy) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
