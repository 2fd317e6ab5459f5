/// When a run looks at its timing limits again, with more forks, and at what level each look judges:
/// declared in the limits file (version 4) before any run, so that looking more than once cannot buy a
/// pass.
///
/// Written `"looks": {"forks": [8, 16, 32], "level": 0.95}`. A run of `forks[0]` forks whose decision
/// waits on an undecided limit measures more forks of only the measurements those limits read, up to
/// the next count of the schedule, and judges again on all of them; a run of another count looks once.
/// Every look judges its timing limits on intervals at `lookLevel`, `1 - (1 - level) / forks.count`:
/// by Bonferroni's inequality the chance that any of the looks' intervals misses the true figure is at
/// most `1 - level`, however the looks' figures depend on each other, so a limit the truth misses
/// passes in at most `(1 - level) / 2` of runs over all looks. `SequentialLooksTests` shows it on
/// synthetic forks.
public struct LookSchedule: Sendable, Equatable, Codable {
    /// The fork counts of the looks, rising; the first is the run's own.
    public var forks: [Int]
    /// The confidence over all looks together.
    public var level: Double

    /// Creates a schedule; `LimitsFile` checks a file's schedule before making one.
    public init(forks: [Int], level: Double) {
        self.forks = forks
        self.level = level
    }

    /// The level every look's intervals are taken at: the overall level's error shared out evenly.
    public var lookLevel: Double { 1 - (1 - level) / Double(forks.count) }

    /// The fork count of the look after one made at `forks`; nil when `forks` is not a look of the
    /// schedule, or is its last.
    public func forks(after forks: Int) -> Int? {
        guard let index = self.forks.firstIndex(of: forks), index + 1 < self.forks.count else { return nil }
        return self.forks[index + 1]
    }

    /// The rule in words, for reports and the help.
    public var description: String {
        "looks at \(forks.map(String.init).joined(separator: ", ")) forks, each judged at "
            + "\(FigureText.perOperation(lookLevel * 100))% so that all together hold \(FigureText.perOperation(level * 100))%"
    }
}
