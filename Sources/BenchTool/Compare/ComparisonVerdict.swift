/// What `bench compare` concludes about one measurement: NEW against OLD.
///
/// Three outcomes, and each is shown, never assumed: a change (slower or faster), the same (shown by an
/// interval that reaches no higher than the threshold), or cannot tell (nothing shown either way).
enum ComparisonVerdict: String, Sendable, Equatable, Codable, CaseIterable {
    /// NEW takes less time (or fewer instructions), by the rule.
    case faster
    /// NEW takes more: a regression, which `--fail-on-regression` fails on.
    case slower
    /// No slowdown past the threshold is shown: the ratio's interval reaches no higher than
    /// `1 + threshold` (by time), or the counts did not move past it and the time says the same.
    case same
    /// Neither a change nor the same is shown: the interval reaches past the threshold without the
    /// rule calling a change, a side was measured in one process, or too few forks reach the level.
    /// More forks may tell; `--fail-on-regression` does not pass on it.
    case cannotTell = "cannot tell"
}

/// Which figure a verdict was reached on.
enum ComparisonBasis: String, Sendable, Equatable, Codable {
    /// The monotonic clock's samples, each fork's median one vote.
    case wallTime = "wall time"
    /// The measuring thread's CPU time, each fork's median one vote: what load on the machine cannot
    /// stretch, where both files recorded it.
    case threadCPU = "CPU time"
    /// Instructions per operation, counted in both files.
    case instructions

    /// The basis of a verdict reached on `clock`.
    init(_ clock: TimingClock) {
        self = clock == .wall ? .wallTime : .threadCPU
    }
}

/// Why a verdict is what it is.
enum ComparisonReason: String, Sendable, Equatable, Codable {
    /// The change passed every test and the threshold.
    case changed
    /// Slower in time beyond the threshold by its own tests, while the instruction counts did not move
    /// (or fell): the cost is in what counting instructions cannot see.
    case slowerInTimeAlone = "slower in time, instructions unmoved: memory, kernel or waiting"
    /// The interval reaches past the threshold, and the rule calls no change: nothing is shown.
    case reachesPastTheThreshold = "the interval reaches past the threshold"
    /// The interval reaches no higher than the threshold (by time), or the count moved less (by
    /// instructions).
    case withinTheThreshold = "within the threshold"
    /// A median is not positive, so a ratio means nothing; nothing is concluded.
    case noRatio = "no ratio: a median is not positive"
    /// A side was measured in one process, whose samples cannot tell the code's change from how much
    /// the next process differs.
    case oneProcessASide = "one process a side"
    /// Too few forks a side for the ratio's interval to reach the rule's level.
    case tooFewForks = "too few forks for the interval's level"
    /// The core ran slow (`SlowCoreForks`) in all but one fork of a side, or in all: what is left
    /// cannot tell the code from the machine.
    case slowCore = "the core ran slow in nearly every fork of a side"
}

/// What a comparison's rank test ranked.
enum RankedUnit: String, Sendable, Equatable, Codable {
    /// Each fork's median: one observation per process, both files measured in forks.
    case forkMedians = "fork medians"
    /// Every sample: a file measured in one process, whose samples hide how processes differ.
    case samples
}
