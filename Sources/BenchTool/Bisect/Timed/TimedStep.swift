/// A place a timed bisection ended: a commit that changed the selected measurements' wall time, or a
/// run of commits it could not split, with why.
struct TimedStep: Sendable, Equatable {
    /// Why the step holds more than one commit, or that it does not.
    enum Kind: String, Sendable, Equatable {
        /// One commit: the commit before it and it were timed together, and they differ.
        case oneCommit = "one commit"
        /// Every commit between was skipped (it did not build, or its bench could not time the
        /// selection), so any of them may have made the change.
        case skipped
        /// The forks the budget allows could not tell whether a half of the run holds the change.
        case cannotTell = "cannot tell"
        /// The run changed, but neither half of it changed by the threshold: the change is spread over
        /// several commits, each too small to tell.
        case spread
    }

    /// Why the step is what it is.
    var kind: Kind
    /// The commits one of which (or several together) made the change, oldest first: those after the
    /// last commit timed before it, up to and including the first timed after it.
    var candidates: [String]
    /// The commit timed just before the candidates.
    var since: String
    /// The commit timed just after: the last candidate.
    var until: String { candidates.last! }
    /// Each measurement's change over the step, as the two commits around it were timed together, in
    /// the order the measurements were asked for.
    var moves: [TimedMove]

    /// Where the step was found by elimination: a run around it moved and the rest of that run is
    /// still, while the forks could not tell the step's own commits apart by themselves.
    struct Elimination: Sendable, Equatable {
        /// The commit before the run that moved.
        var since: String
        /// The run's last commit.
        var until: String
        /// Each measurement's change over the run, as its ends were timed together.
        var moves: [TimedMove]
    }

    /// The run that places the step, when the step's own commits could not be told apart; nil when
    /// they were.
    var elimination: Elimination?

    /// Whether the step is narrowed to one commit.
    var isOneCommit: Bool { kind == .oneCommit }
}
