/// The shapes a version 3 limits file ranks, and the fallback that ships when none passes.
///
/// Written before any run, beside the limits: `"shapes": {"preference": ["derived", "root",
/// "incremental"], "fallback": "stored"}`. The decision names the first shape of `preference` all of
/// whose limits pass; a results file keeps it (`shapes`) so the decision can be judged again from the
/// file alone.
public struct ShapePreference: Sendable, Equatable, Codable {
    /// The shapes in the order they are preferred; each has at least one limit, none is the fallback.
    public var preference: [FigureStrategy]
    /// What ships when no shape passes: today's stored phase.
    public var fallback: FigureStrategy

    /// Creates a preference; `LimitsFile` checks a file's preference before making one.
    public init(preference: [FigureStrategy], fallback: FigureStrategy) {
        self.preference = preference
        self.fallback = fallback
    }

    /// What the shape is, in the words a decision line ends with.
    public static func summary(of shape: FigureStrategy) -> String {
        switch shape {
        case .derived: "the phase is derived when it is read"
        case .stored: "the phase is stored and settled after each commit"
        case .root: "the verdict is kept on the root, the phase derived from it"
        case .incremental: "the verdict is kept on the root and updated by what a commit changed, the phase derived from it"
        case .unshaped: "no shape changes the figure"
        }
    }
}
