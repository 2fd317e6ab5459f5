/// What `bench compare` concludes about one measurement: NEW against OLD.
public enum ComparisonVerdict: String, Sendable, Equatable, Codable, CaseIterable {
    /// NEW takes less time (or fewer instructions), by the rule.
    case faster
    /// NEW takes more: a regression, which `--fail-on-regression` fails on.
    case slower
    /// Inside the noise or under the threshold.
    case noChange = "no change"
    /// A wall-time difference where either file measured the measurement in one process: its samples
    /// show how that one process's samples spread, not how much the next process differs, which on
    /// this kind of machine is more than any change worth finding. Neither slower nor faster, and never
    /// a regression; where instruction counts decide, they decide instead.
    case cannotTell = "cannot tell"
}

/// Which figure a verdict was reached on.
public enum ComparisonBasis: String, Sendable, Equatable, Codable {
    /// The wall-time samples: bootstrap interval, rank test and threshold.
    case wallTime = "wall time"
    /// Instructions per operation, counted in both files.
    case instructions
}

/// Why a verdict is "no change", or that it is not.
public enum ComparisonReason: String, Sendable, Equatable, Codable {
    /// The change passed every test and the threshold.
    case changed
    /// The interval includes 1 or the rank test is not significant.
    case insideTheNoise = "inside the noise"
    /// Significant (or, by instructions, any change), but not beyond the threshold.
    case underTheThreshold = "under the threshold"
    /// A median is not positive, so a ratio means nothing; nothing is concluded.
    case noRatio = "no ratio: a median is not positive"
    /// Wall time passed every test and the threshold, but a side was measured in one process: the
    /// reason of `ComparisonVerdict.cannotTell`.
    case oneProcessASide = "one process a side"
}

/// What a comparison's rank test ranked.
public enum RankedUnit: String, Sendable, Equatable, Codable {
    /// Each fork's median: one observation per process, both files measured in forks.
    case forkMedians = "fork medians"
    /// Every sample: a file measured in one process, whose samples hide how processes differ.
    case samples
}
