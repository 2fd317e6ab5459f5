/// The shapes a version 3 limits file ranks, and the fallback that ships when none passes.
///
/// Written before any run, beside the limits: `"shapes": {"preference": ["derived", "root",
/// "incremental"], "fallback": "stored"}`. The decision names the first shape of `preference` all of
/// whose limits pass; a results file keeps it (`shapes`) so the decision can be judged again from the
/// file alone.
struct ShapePreference: Sendable, Equatable, Codable {
    /// The shapes in the order they are preferred; each has at least one limit, none is the fallback.
    var preference: [FigureStrategy]
    /// What ships when no shape passes: today's stored phase.
    var fallback: FigureStrategy

    /// What the shape is, in the words a decision line ends with: its `Shape.summary`.
    static func summary(of shape: FigureStrategy) -> String {
        ShapeRegistry.current.summary(of: shape)
    }
}
