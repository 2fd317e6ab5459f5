import BenchKit
import Harness

// How each process samples: the run's policy, what slow measurements and those needing a set-up per
// batch are allowed instead, and the rule in words for the results file.
extension SuiteRunner {
    /// The sampling policy of one process: the full run's, or `--quick`'s few samples.
    ///
    /// A fork of a run in several samples until its median is known to ±1 % (95 % order-statistic
    /// interval), at least 6 rounds and at most 40, within a share of the single process's time: what
    /// decides a comparison across runs is how much one process differs from the next, which only more
    /// processes show, so a fork whose samples already agree gains nothing from more of them, and the
    /// time goes to the measurements whose samples do not. The budget is 50 ms a group in a run of 8
    /// forks: one fork's error at that budget is still under the spread between forks, so the
    /// comparison rests on the differences between processes (the run that showed it is in
    /// docs/sampling-in-forks.md). Warm-up is 5 ms a measurement: the code is
    /// compiled ahead of time, so warming fills caches and predictors, which takes microseconds to a
    /// few milliseconds here. `StoppingRule` states the rule; the results file's `method` quotes it.
    ///
    /// - Parameters:
    ///   - quick: Whether the run is `--quick`.
    ///   - forks: How many processes the run measures in.
    public static func policy(quick: Bool, forks: Int = 1) -> SamplingPolicy {
        var policy = SamplingPolicy()
        if quick {
            policy.warmUp = .duration(nanoseconds: 5_000_000)
            policy.minimumSamples = 5
            policy.maximumSamples = 200
            policy.timeBudgetNanoseconds = 30_000_000
            policy.bootstrapResamples = 500
        } else if forks == 1 {
            policy.warmUp = .duration(nanoseconds: 50_000_000)
            policy.minimumSamples = 20
            policy.timeBudgetNanoseconds = 800_000_000
        } else {
            policy.warmUp = .duration(nanoseconds: 5_000_000)
            policy.minimumSamples = 6
            policy.maximumSamples = 40
            policy.targetRelativeHalfWidth = 0.01
            policy.timeBudgetNanoseconds = max(50_000_000, 400_000_000 / UInt64(forks))
        }
        // A derived commit of a microsecond beside a stored one of a second: without more batches a
        // round, the short one is timed only just after the long one evicted its data.
        policy.maximumBatchesPerRound = 16
        return policy
    }

    /// The fewest samples of a measurement whose one call takes `slowCallNanoseconds` or more.
    static func slowMinimumSamples(quick: Bool, forks: Int) -> Int {
        quick ? 2 : forks == 1 ? 6 : 3
    }

    /// The fewest rounds of a group of scaling-curve points in a run of several forks, given the
    /// fewest its kind would take otherwise: half of them, rounded up, and at least 2.
    ///
    /// Every fork still takes every point, and a curve's fit and its headroom rest on all its points
    /// across all the forks that took them (a two-stage bootstrap: forks, then each fork's samples),
    /// so a point's precision within one fork counts for less than one limit's measurement does: in
    /// the figures of record the fork medians of a curve point lie 3 % to 90 % of its median apart,
    /// against a target of ±1 % within a fork. The rounds taken past the time budget are where the
    /// minutes of a run go: every frame over a hundred roots pays a set-up, and the stored chain's
    /// commit over a thousand handles takes a quarter of a second. No limit reads a curve point.
    static func curvePointMinimumSamples(_ minimum: Int, quick: Bool, forks: Int) -> Int {
        quick || forks == 1 ? minimum : max(2, (minimum + 1) / 2)
    }

    /// The most batches a round of a `--quick` run takes of a measurement whose every batch needs its
    /// own set-up.
    static let quickSetUpBatchesPerRound = 4

    /// The fewest rounds of a group whose every batch needs its own set-up, in a `--quick` run or a run
    /// of several forks.
    static func setUpMinimumSamples(quick: Bool, forks: Int) -> Int {
        quick || forks > 1 ? 3 : Int.max
    }

    /// The sampling rule of a run, in words, for the results file's `method`.
    public static func samplingDescription(quick: Bool, forks: Int) -> String {
        let policy = Self.policy(quick: quick, forks: forks)
        let warmUp: String
        switch policy.warmUp {
        case .duration(let nanoseconds): warmUp = "warm-up \(nanoseconds / 1_000_000) ms a measurement"
        case .iterations(let count): warmUp = "warm-up \(count) calls a measurement"
        }
        let slow = FigureText.duration(slowCallNanoseconds)
        return "\(forks > 1 ? "in each fork, " : "")\(warmUp); " + StoppingRule(policy: policy).description
            + "; measurements sampled together with one whose single call takes \(slow) or more: that call, timed "
            + "once before sampling, is their warm-up and the slow one's calibration, and they take at least "
            + "\(slowMinimumSamples(quick: quick, forks: forks)) rounds"
            + (quick || forks > 1
                ? "; measurements whose every batch needs its own set-up take at least "
                    + "\(setUpMinimumSamples(quick: quick, forks: forks)) rounds"
                    + (quick ? " of at most \(quickSetUpBatchesPerRound) batches; measurements retaining more than "
                        + "\(quickHandleLimit) handles are left out" : "")
                : "")
            + (forks > 1 && !quick
                ? "; a group of points of a scaling curve takes at least half the rounds its kind takes otherwise, "
                    + "rounded up, and at least 2 (\(curvePointMinimumSamples(policy.minimumSamples, quick: quick, forks: forks)) "
                    + "where the others take \(policy.minimumSamples))"
                : "")
            + "; two such measurements whose calls each put the other's state in place (the field errors' landing and "
            + "clearing frames) are sampled in alternation over one world, each call timed and the set-up of the next"
    }

    /// A call at least this long makes a measurement slow: fewer samples, and no allocation pass in
    /// a `--quick` run.
    static let slowCallNanoseconds: Double = 50_000_000
}
