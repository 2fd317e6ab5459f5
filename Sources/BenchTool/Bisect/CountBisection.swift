/// Where instruction counts moved between a GOOD commit and a BAD one: the search `bench bisect` runs
/// over the commits it builds and counts.
///
/// The search is a function of the commits, the threshold and what the probe answers: it builds
/// nothing and runs nothing itself, so it is tested over made-up count histories.
///
/// ## How it searches
///
/// GOOD and BAD are counted first. Then, for each measurement in turn, wherever two commits counted
/// next to each other (in the order of the first-parent list, among those counted) differ beyond the
/// threshold and an uncounted commit lies between them, the commit nearest the middle of the two is
/// probed; this repeats until every such pair is adjacent, or has only skipped commits between it.
/// A single step among `n` commits therefore takes about `2 + log2(n)` probes; several steps take that
/// for each, less what they share. Every probe answers for every measurement, and no commit is probed
/// twice, so a later measurement's search starts from every count an earlier one made.
///
/// ## What it cannot see
///
/// It searches only between counts that differ. A count that goes up at one commit and back down at a
/// later one, both between two commits whose counts agree (GOOD and BAD, say), leaves those two
/// agreeing, and the search does not look between them: such a round trip is found only when a probe
/// made for something else lands inside it. When that happens the measurement's course says so
/// (`CountCourse.seenBetweenAgreeingEnds`), since there may be more of the same where no probe landed;
/// a course of `unchanged` means unchanged at the commits probed.
struct CountBisection: Sendable, Equatable {
    /// The first-parent commits searched, GOOD first and BAD last.
    var commits: [String]
    /// The relative change beyond which a count moved: 0.01 is 1 %.
    var threshold: Double
    /// Every place counts moved, oldest first: measurements that moved at the same commits together.
    var steps: [CountStep]
    /// What each measurement did, in the order asked.
    var courses: [CountCourse]
    /// The commits probed, in the order they were probed.
    var probed: [String]
    /// The commits the probe skipped (it answered `nil`: the commit does not build), oldest first.
    var skipped: [String]

    /// Searches `commits` for every commit where a count of `measurements` moved beyond `threshold`.
    ///
    /// - Parameters:
    ///   - commits: The first-parent list from GOOD to BAD, oldest first: at least two, each once.
    ///   - measurements: What to search, in the order the results list them.
    ///   - threshold: The relative change beyond which a count moved; compare's instructions threshold
    ///     by default.
    ///   - probe: Counts one commit: instructions per operation by measurement, a measurement missing
    ///     where the commit does not measure it, or `nil` when the commit cannot be counted at all.
    ///     Called at most once a commit.
    /// - Returns: The steps, each measurement's course, and what was probed.
    /// - Throws: Whatever `probe` throws; the search stops there.
    /// - Complexity: O(log n) probes for each step among n commits, plus one for each skipped commit
    ///   met on the way.
    static func search<Failure: Error>(
        commits: [String], measurements: [MeasurementKey], threshold: Double = ComparisonRule.defaultInstructionsThreshold,
        probe: (String) throws(Failure) -> [MeasurementKey: Double]?
    ) throws(Failure) -> CountBisection {
        precondition(commits.count >= 2, "a bisection needs GOOD and BAD")
        precondition(Set(commits).count == commits.count, "a first-parent list names each commit once")
        var counts = ProbedCounts(commits: commits)
        try counts.count(0, probe)
        try counts.count(commits.count - 1, probe)
        for measurement in measurements {
            while let next = counts.nextToProbe(measurement, threshold: threshold) {
                try counts.count(next, probe)
            }
        }
        let courses = measurements.map { counts.course($0, threshold: threshold) }
        return CountBisection(
            commits: commits, threshold: threshold, steps: grouped(courses, commits: commits), courses: courses,
            probed: counts.order.map { commits[$0] }, skipped: counts.skipped.sorted().map { commits[$0] })
    }

    /// The course of `measurement`.
    func course(_ measurement: MeasurementKey) -> CountCourse? {
        courses.first { $0.measurement == measurement }
    }

    /// The direction of a move from `before` to `after` beyond `threshold`, or `nil` within it.
    static func move(from before: Double, to after: Double, threshold: Double) -> ComparisonVerdict? {
        guard before > 0 else { return after == before ? nil : after > before ? .slower : .faster }
        let (verdict, _) = MeasurementComparison.beyond(ratio: after / before, threshold: threshold)
        return verdict == .same ? nil : verdict
    }

    /// The courses' moves as steps: moves with the same candidates are one step.
    private static func grouped(_ courses: [CountCourse], commits: [String]) -> [CountStep] {
        let position = Dictionary(commits.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var steps: [CountStep] = []
        for move in courses.flatMap(\.moves) {
            let candidates = Array(commits[position[move.since]! + 1...position[move.until]!])
            if let index = steps.firstIndex(where: { $0.candidates == candidates }) {
                steps[index].moves.append(move)
            } else {
                steps.append(CountStep(candidates: candidates, moves: [move]))
            }
        }
        // Candidates are a run of commits, so its first and last say which run it is.
        let span = { (step: CountStep) in (position[step.candidates.first!]!, position[step.candidates.last!]!) }
        return steps.sorted { span($0) < span($1) }
    }
}
