/// A place a timed bisection ended: a commit that changed the selected measurements' wall time, or a
/// run of commits it could not split, with why.
public struct TimedStep: Sendable, Equatable {
    /// Why the step holds more than one commit, or that it does not.
    public enum Kind: String, Sendable, Equatable {
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
    public var kind: Kind
    /// The commits one of which (or several together) made the change, oldest first: those after the
    /// last commit timed before it, up to and including the first timed after it.
    public var candidates: [String]
    /// The commit timed just before the candidates.
    public var since: String
    /// The commit timed just after: the last candidate.
    public var until: String { candidates.last! }
    /// Each measurement's change over the step, as the two commits around it were timed together, in
    /// the order the measurements were asked for.
    public var moves: [TimedMove]

    /// Where the step was found by elimination: a run around it moved and the rest of that run is
    /// still, while the forks could not tell the step's own commits apart by themselves.
    public struct Elimination: Sendable, Equatable {
        /// The commit before the run that moved.
        public var since: String
        /// The run's last commit.
        public var until: String
        /// Each measurement's change over the run, as its ends were timed together.
        public var moves: [TimedMove]
    }

    /// The run that places the step, when the step's own commits could not be told apart; nil when
    /// they were.
    public var elimination: Elimination?

    /// Whether the step is narrowed to one commit.
    public var isOneCommit: Bool { kind == .oneCommit }
}
