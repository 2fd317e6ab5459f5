/// The phase strategy a figure is labelled with.
///
/// `derived`, `root` and `incremental` are the shapes a decision can ship; `stored` is the fallback
/// every shape is compared with. `unshaped` labels figures that no shape changes, such as the floor of
/// a plain `@Observable` read; they are measured once and shown apart from the side-by-side columns,
/// under the same word. Runtime's `PhaseStrategy` is the strategy itself; this is only its name on a
/// figure, as results files write it (`"strategy": "derived"`, `"unshaped"`).
public enum FigureStrategy: String, Sendable, Equatable, Hashable, CaseIterable, Codable, Comparable {
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
    /// No shape changes this figure. Results files of schema 2 and before wrote it `none`.
    case unshaped

    /// Every strategy a run can measure, in column order: all but `unshaped`.
    public static let measured: [FigureStrategy] = allCases.filter { $0 != .unshaped }

    public static func < (lhs: FigureStrategy, rhs: FigureStrategy) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
