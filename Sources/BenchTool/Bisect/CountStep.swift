/// A commit, or a run of commits, where one or more counts moved: every measurement that moved at the
/// same place, together.
///
/// The culprit is one of `candidates`. There is one when the search counted the commit before it and
/// the commit itself; there are several when commits between the last counted before the move and the
/// first counted after it were skipped (they did not build, or lack the measurement), since any of them
/// may have made the move. The last candidate is the first commit counted after it.
struct CountStep: Sendable, Equatable {
    /// The commits one of which made every move of the step, oldest first.
    var candidates: [String]
    /// Each measurement's move, in the order the measurements were asked for.
    var moves: [CountMove]

    /// Whether the step is narrowed to one commit.
    var isOneCommit: Bool { candidates.count == 1 }
}
