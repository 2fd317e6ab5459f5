import Harness

/// One measurement timed at two commits in alternation, in the same rounds: what `bench compare`'s
/// rule says of the second against the first, and the figures it says it from.
struct TimedChange: Sendable, Equatable {
    /// What timing tells of the pair.
    enum Verdict: String, Sendable, Equatable, CaseIterable {
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
        var isMove: Bool { self == .slower || self == .faster }
    }

    /// What timing tells.
    var verdict: Verdict
    /// The later commit's figure over the earlier's, as compare gives it (the forks' medians, one vote each).
    var ratio: Double
    /// The interval of `ratio`, as compare draws it.
    var interval: ConfidenceInterval
    /// The earlier commit's median, nanoseconds per operation.
    var before: Double
    /// The later commit's.
    var after: Double
    /// How many forks each commit was timed in.
    var forks: Int

    /// What timing tells of a comparison compare judged: its time verdict when that is slower or
    /// faster; else `still` when the ratio's interval lies within `1 ± threshold` (two-sided, where
    /// compare's "same" is one-sided: a bisection looks for a step either way), else `cannotTell`.
    ///
    /// A rule that finds no change is not "still": a run too noisy to find one says as much. A
    /// bisection that took it for "no step here" would search the wrong half whenever the step it looks
    /// for hid in the noise.
    static func verdict(time: ComparisonVerdict, interval: ConfidenceInterval?, threshold: Double) -> Verdict {
        switch time {
        case .slower: return .slower
        case .faster: return .faster
        case .same, .cannotTell:
            guard let interval, interval.lower >= 1 - threshold, interval.upper <= 1 + threshold else { return .cannotTell }
            return .still
        }
    }
}
