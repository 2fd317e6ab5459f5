/// Where wall time changed between a GOOD commit and a BAD one: the search `bench bisect --time` runs
/// over the commits it builds and times.
///
/// Only a ratio of runs made in alternation, in the same rounds, is robust on a shared machine whose
/// speed drifts, so the search never compares a commit with a figure from another time: every probe
/// times its commits together, afresh. The search is a function of the commits, the rule and what the
/// timing answers: it builds and runs nothing itself, and is tested over made-up answers.
///
/// ## How it searches
///
/// GOOD and BAD are timed together first; each measurement compare's rule calls slower or faster
/// between them is searched. Then, while a run of commits holds a change and commits lie inside it,
/// the commit nearest its middle is timed together with the run's two ends, and each measurement's
/// two halves are judged (`TimedChange.verdict`): a half compare's rule calls slower or faster is
/// searched further; a half whose ratio's interval lies within ±threshold is **still** and dropped.
/// "No change" alone drops nothing, since a run too noisy to see the step says it too. Where a half can
/// be neither moved nor still, the probe is timed again with twice the forks, up to the budget; a half
/// still undecided then, where the run's change must lie, is a step the search **cannot tell** apart,
/// reported with its figures; beside a half that moved, it is a second change **not ruled out**; beside
/// a half that is still, in a run that moved, it holds the run's change **by elimination** and is
/// searched on, the step it ends in saying so, with the run that moved. A run that changed while both
/// its halves are still changed by a little at several commits: **spread**.
///
/// A single step among `n` commits takes about `1 + log2(n)` probes, each of three commits but the
/// first. Each probe's two comparisons rest on compare's rule at its level: a wrong turn needs one
/// half wrongly called moved *and* the other wrongly called still, and a look with more forks asks
/// again only where a half could not be told.
struct TimedBisection: Sendable, Equatable {
    /// How many forks each commit of a probe is timed in: `start` at first, twice that while a half
    /// cannot be told, never more than `most`.
    struct Budget: Sendable, Equatable {
        /// The forks a side a probe starts with.
        var start: Int
        /// The most forks a side a probe may take.
        var most: Int

        /// A budget; `most` is at least `start`, and both at least 2 (compare calls nothing on one
        /// process a side).
        init(start: Int, most: Int) {
            precondition(start >= 2 && most >= start, "a budget times at least two forks a side, and most at least as many as it starts with")
            self.start = start
            self.most = most
        }

        /// 6 forks a side to start, up to 48: on the 2-core machine here about a quarter of
        /// processes run the verdict walk 1.5-1.8x slower than the rest, and compare's bootstrap interval
        /// of a 7 % change still reached 0.675 at 24 forks a side.
        static let standard = Budget(start: 6, most: 48)
    }

    /// Commits timed together, and in how many forks each.
    struct Probe: Sendable, Equatable {
        /// The commits, oldest first.
        var commits: [String]
        /// The forks each took, at the probe's last look.
        var forks: Int
    }

    /// The first-parent commits searched, GOOD first and BAD last.
    var commits: [String]
    /// The relative change within which a pair is still: 0.05 is 5 %.
    var threshold: Double
    /// Each measurement from GOOD to BAD, as the first probe timed them.
    var ends: [TimedMove]
    /// Every place the search ended, oldest first: measurements that ended at the same place, of the
    /// same kind, together.
    var steps: [TimedStep]
    /// Runs beside a step already found where a second change could not be told from the noise in the
    /// most forks (kind `cannotTell`): not culprits, and not ruled out. Oldest first.
    var notRuledOut: [TimedStep]
    /// Every probe, in the order made.
    var probes: [Probe]
    /// The commits that could not be timed, oldest first.
    var skipped: [String]

    /// Searches `commits` for the commits that changed the wall time of `measurements`.
    ///
    /// - Parameters:
    ///   - commits: The first-parent list from GOOD to BAD, oldest first: at least two, each once.
    ///   - measurements: What to search, in the order the results list them.
    ///   - threshold: Compare's wall-time threshold: a half is still only within it.
    ///   - budget: The forks a side each probe starts with and may grow to.
    ///   - time: Times the commits given (oldest first) together, in `forks` forks each (a later call
    ///     for the same commits asks for more and may keep the forks already made), and answers, for
    ///     each pair of neighbours among them, each measurement's change; or `nil` when one of them
    ///     cannot be timed (it does not build, or its bench lacks a measurement asked for).
    /// - Returns: The steps, the ends' figures, and what was probed.
    /// - Throws: Whatever `time` throws; the search stops there.
    static func search<Failure: Error>(
        commits: [String], measurements: [MeasurementKey], threshold: Double = ComparisonRule.defaultThreshold, budget: Budget = .standard,
        time: (_ commits: [String], _ forks: Int) throws(Failure) -> [[MeasurementKey: TimedChange]]?
    ) throws(Failure) -> TimedBisection {
        precondition(commits.count >= 2, "a bisection needs GOOD and BAD")
        precondition(Set(commits).count == commits.count, "a first-parent list names each commit once")
        var search = TimedBisection(commits: commits, threshold: threshold, ends: [], steps: [], notRuledOut: [], probes: [], skipped: [])
        let last = commits.count - 1
        guard let ends = try search.probe([0, last], asking: measurements, budget: budget, time: time)?.first else {
            search.skipped = [commits[0], commits[last]]
            return search
        }
        search.ends = measurements.compactMap { key in ends[key].map { TimedMove(measurement: key, change: $0) } }
        let unclear = search.ends.filter { $0.change.verdict == .cannotTell }
        if !unclear.isEmpty { search.add(.cannotTell, from: 0, to: last, unclear) }
        var runs: [Run] = []
        let moved = search.ends.filter { $0.change.verdict.isMove }
        if !moved.isEmpty { runs.append(Run(from: 0, to: last, moves: moved, elimination: nil)) }
        var skipped: Set<Int> = []
        while let run = runs.popLast() {
            if run.to == run.from + 1 {
                search.add(.oneCommit, from: run.from, to: run.to, run.moves, elimination: run.elimination)
                continue
            }
            let middle = Double(run.from + run.to) / 2
            let inside = (run.from + 1..<run.to).filter { !skipped.contains($0) }.sorted { abs(Double($0) - middle) < abs(Double($1) - middle) }
            var split = false
            for probed in inside {
                guard let halves = try search.probe([run.from, probed, run.to], asking: run.moves.map(\.measurement), budget: budget, time: time)
                else {
                    skipped.insert(probed)
                    continue
                }
                runs += search.split(run, at: probed, halves: halves)
                split = true
                break
            }
            if !split { search.add(.skipped, from: run.from, to: run.to, run.moves) }
        }
        search.skipped = skipped.sorted().map { commits[$0] }
        let position = Dictionary(uniqueKeysWithValues: commits.enumerated().map { ($1, $0) })
        let order = { (a: TimedStep, b: TimedStep) in (position[a.since]!, position[a.until]!) < (position[b.since]!, position[b.until]!) }
        search.steps.sort(by: order)
        search.notRuledOut.sort(by: order)
        return search
    }

    /// A run of commits left to split: the commits after `from` up to `to`, the measurements that
    /// changed across it, and, for a run found by elimination, the run that moved around it.
    private struct Run {
        var from: Int
        var to: Int
        var moves: [TimedMove]
        var elimination: TimedStep.Elimination?
    }

    /// Judges each measurement of `run` on its two halves at `probed` (`halves`: the earlier pair's
    /// changes, then the later pair's), records the steps that ends there, and returns the halves
    /// left to search.
    private mutating func split(_ run: Run, at probed: Int, halves: [[MeasurementKey: TimedChange]]) -> [Run] {
        var left: [TimedMove] = []
        var right: [TimedMove] = []
        // Halves that hold the run's change by elimination: the run moved, the other half is still.
        var leftByElimination: [TimedMove] = []
        var rightByElimination: [TimedMove] = []
        var evidence: [TimedMove] = []
        for whole in run.moves {
            guard let early = halves[0][whole.measurement], let late = halves[1][whole.measurement] else {
                add(.cannotTell, from: run.from, to: run.to, [whole])
                continue
            }
            let (a, b) = (TimedMove(measurement: whole.measurement, change: early), TimedMove(measurement: whole.measurement, change: late))
            if early.verdict.isMove { left.append(a) }
            if late.verdict.isMove { right.append(b) }
            switch (early.verdict, late.verdict) {
            case (.still, .still): add(.spread, from: run.from, to: run.to, [whole])
            case (.cannotTell, .cannotTell): add(.cannotTell, from: run.from, to: run.to, [whole])
            // Every run searched moved, or holds a move by elimination; so where one half is
            // still the change lies in the other, which the forks could not tell by itself: it
            // is searched by elimination, and says so.
            case (.cannotTell, .still):
                leftByElimination.append(a)
                evidence.append(whole)
            case (.still, .cannotTell):
                rightByElimination.append(b)
                evidence.append(whole)
            // The other half moved, and is searched: a second change here is not ruled out.
            case (.cannotTell, _): add(.cannotTell, from: run.from, to: probed, [a], notRuledOut: true)
            case (_, .cannotTell): add(.cannotTell, from: probed, to: run.to, [b], notRuledOut: true)
            default: break
            }
        }
        let elimination = run.elimination
            ?? TimedStep.Elimination(since: commits[run.from], until: commits[run.to], moves: evidence)
        // The later half first onto the stack, so the earlier is split first.
        return [
            Run(from: probed, to: run.to, moves: rightByElimination, elimination: elimination),
            Run(from: probed, to: run.to, moves: right, elimination: nil),
            Run(from: run.from, to: probed, moves: leftByElimination, elimination: elimination),
            Run(from: run.from, to: probed, moves: left, elimination: nil),
        ].filter { !$0.moves.isEmpty }
    }

    /// Times the commits at `positions` together, with more forks while a measurement of `asking` is
    /// undecided in a pair and the budget allows; records the probe. Nil when one cannot be timed.
    private mutating func probe<Failure: Error>(
        _ positions: [Int], asking: [MeasurementKey], budget: Budget,
        time: ([String], Int) throws(Failure) -> [[MeasurementKey: TimedChange]]?
    ) throws(Failure) -> [[MeasurementKey: TimedChange]]? {
        let timed = positions.map { commits[$0] }
        var forks = budget.start
        while true {
            guard let pairs = try time(timed, forks) else { return nil }
            let undecided = asking.contains { key in pairs.contains { $0[key].map { $0.verdict == .cannotTell } ?? true } }
            if !undecided || forks >= budget.most {
                probes.append(Probe(commits: timed, forks: forks))
                return pairs
            }
            forks = min(budget.most, forks * 2)
        }
    }

    /// Adds `moves` to the step of `kind` over the commits after `from` up to `to`, making it if new;
    /// to `notRuledOut` rather than `steps` when asked.
    private mutating func add(
        _ kind: TimedStep.Kind, from: Int, to: Int, _ moves: [TimedMove], notRuledOut doubt: Bool = false, elimination: TimedStep.Elimination? = nil
    ) {
        let candidates = Array(commits[from + 1...to])
        func added(to list: inout [TimedStep]) {
            if let index = list.firstIndex(where: {
                $0.kind == kind && $0.since == commits[from] && $0.candidates == candidates && $0.elimination == elimination
            }) {
                list[index].moves += moves
            } else {
                list.append(TimedStep(kind: kind, candidates: candidates, since: commits[from], moves: moves, elimination: elimination))
            }
        }
        if doubt { added(to: &notRuledOut) } else { added(to: &steps) }
    }
}
