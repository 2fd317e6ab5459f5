import Harness

/// One measurement timed at two commits in alternation, in the same rounds: what `bench compare`'s
/// rule says of the second against the first, and the figures it says it from.
public struct TimedChange: Sendable, Equatable {
    /// What timing tells of the pair.
    public enum Verdict: String, Sendable, Equatable, CaseIterable {
        /// Compare's rule calls the later commit slower by time.
        case slower
        /// Compare's rule calls it faster.
        case faster
        /// Compare's rule calls no change and the ratio's interval lies within ±threshold: there is no
        /// step of the threshold's size between the two commits, either way.
        case still
        /// Neither: the interval reaches past the threshold without compare's rule calling a change.
        /// More forks may tell.
        case cannotTell = "cannot tell"

        /// Whether the pair holds a step.
        public var isMove: Bool { self == .slower || self == .faster }
    }

    /// What timing tells.
    public var verdict: Verdict
    /// The later commit's figure over the earlier's, as compare gives it (the forks' medians, one vote each).
    public var ratio: Double
    /// The interval of `ratio`, as compare draws it.
    public var interval: ConfidenceInterval
    /// The earlier commit's median, nanoseconds per operation.
    public var before: Double
    /// The later commit's.
    public var after: Double
    /// How many forks each commit was timed in.
    public var forks: Int

    /// A change with every figure given.
    public init(verdict: Verdict, ratio: Double, interval: ConfidenceInterval, before: Double, after: Double, forks: Int) {
        self.verdict = verdict
        self.ratio = ratio
        self.interval = interval
        self.before = before
        self.after = after
        self.forks = forks
    }

    /// What timing tells of a comparison compare judged: its time verdict when that is slower or
    /// faster; else `still` when the ratio's interval lies within `1 ± threshold` (two-sided, where
    /// compare's "same" is one-sided: a bisection looks for a step either way), else `cannotTell`.
    ///
    /// A rule that finds no change is not "still": a run too noisy to find one says as much. A
    /// bisection that took it for "no step here" would search the wrong half whenever the step it looks
    /// for hid in the noise.
    public static func verdict(time: ComparisonVerdict, interval: ConfidenceInterval?, threshold: Double) -> Verdict {
        switch time {
        case .slower: return .slower
        case .faster: return .faster
        case .same, .cannotTell:
            guard let interval, interval.lower >= 1 - threshold, interval.upper <= 1 + threshold else { return .cannotTell }
            return .still
        }
    }
}
