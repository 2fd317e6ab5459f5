/// The phase strategy a figure belongs to.
///
/// `derived`, `root` and `incremental` are the shapes a decision can ship; `stored` is the fallback
/// every shape is compared with. `none` marks figures that no strategy shapes, such as the floor of a
/// plain `@Observable` read; they are measured once and shown apart from the side-by-side columns.
public enum Strategy: String, Sendable, Equatable, Hashable, CaseIterable, Codable, Comparable {
    /// The decision: the phase is computed when it is read.
    case derived
    /// The fallback: the phase is stored and settled after each commit.
    case stored
    /// The verdict settled at the commit and kept on a root entry shared by the operation's handles;
    /// the phase is derived from it when read.
    case root
    /// The same root verdict, kept up to date by work proportional to what a commit changed rather than
    /// to the size of the data.
    case incremental
    /// Not a strategy's figure.
    case none

    /// Every strategy a run can measure, in column order: all but `none`.
    public static let measured: [Strategy] = allCases.filter { $0 != .none }

    public static func < (lhs: Strategy, rhs: Strategy) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
