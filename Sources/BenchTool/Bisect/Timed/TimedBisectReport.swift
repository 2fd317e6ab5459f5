import Foundation
import Harness

/// What `bench bisect --time` prints of a `TimedBisection`: what moved from GOOD to BAD, each step's
/// commit (or the run it could not split, and why) with each measurement's medians, ratio and
/// interval, the probes made and the commits skipped.
///
/// Pure: the commits' descriptions and the reasons for skips are given, so every line is tested over
/// made-up bisections.
struct TimedBisectReport: Sendable {
    /// The search's outcome.
    var bisection: TimedBisection
    /// Each commit's line, `abc1234 2026-12-04 Subject`, by full hash.
    var commits: [String: String]
    /// Why each skipped commit was skipped, by full hash.
    var skipped: [String: String]
    /// The forks a probe starts with and may grow to.
    var budget: TimedBisection.Budget

    private var good: String { bisection.commits.first! }
    private var bad: String { bisection.commits.last! }
    private var threshold: String { FigureText.percent(bisection.threshold) }

    /// `abc1234` of a full hash.
    func short(_ commit: String) -> String {
        commits[commit].map { String($0.prefix { $0 != " " }) } ?? String(commit.prefix(7))
    }

    /// A commit's whole line.
    func line(_ commit: String) -> String {
        commits[commit] ?? String(commit.prefix(7))
    }

    /// The first paragraph: the range, the method, and GOOD against BAD measurement by measurement.
    var summary: String {
        var lines = [
            "bisect --time: \(bisection.commits.count) commits from GOOD \(line(good)) to BAD \(line(bad)), first-parent; "
                + "each probe times its commits together, one process each in a new random order every round, "
                + "\(budget.start) forks each to start and up to \(budget.most); compare's rule calls a pair slower or faster "
                + "(time (CPU clock where both runs have it) beyond ±\(threshold)), and a pair whose ratio's interval lies within ±\(threshold) is still"
        ]
        guard !bisection.ends.isEmpty else {
            lines.append("GOOD and BAD could not be timed: \(bisection.skipped.map { "\(short($0)) \(skipped[$0] ?? "skipped")" }.joined(separator: "; "))")
            return lines.joined(separator: "\n")
        }
        let moved = bisection.ends.filter { $0.change.verdict.isMove }
        let forks = bisection.probes.first?.forks ?? budget.start
        lines.append("GOOD -> BAD, \(forks) forks each: \(moved.count) of \(bisection.ends.count) measurement\(bisection.ends.count == 1 ? "" : "s") moved")
        lines += moveLines(bisection.ends)
        if moved.isEmpty {
            let unclear = bisection.ends.contains { $0.change.verdict == .cannotTell }
            lines.append(
                unclear
                    ? "nothing to search: what did not stay still could not be told from the noise in \(forks) forks (below)"
                    : "nothing to search: GOOD and BAD time alike within ±\(threshold) for every measurement")
        } else {
            let oneCommit = bisection.steps.filter(\.isOneCommit).count
            lines.append(
                "\(bisection.steps.count) step\(bisection.steps.count == 1 ? "" : "s")"
                    + (bisection.steps.isEmpty ? "" : oneCommit == bisection.steps.count ? ", each at one commit" : ", \(oneCommit) of them at one commit"))
        }
        return lines.joined(separator: "\n")
    }

    /// One step: its commit, or the run it could not split and why, and each measurement's change.
    func stepLines(_ step: TimedStep, number: Int, of count: Int) -> [String] {
        var lines: [String]
        switch step.kind {
        case .oneCommit:
            lines = ["step \(number) of \(count): \(line(step.candidates[0]))"]
        case .skipped:
            lines = ["step \(number) of \(count): one of \(step.candidates.count) commits (those before the last were skipped):"]
        case .cannotTell:
            lines = [
                "step \(number) of \(count): somewhere in \(step.candidates.count) commit\(step.candidates.count == 1 ? "" : "s") "
                    + "after \(short(step.since)), which \(budget.most) forks each could not tell apart:"
            ]
        case .spread:
            lines = [
                "step \(number) of \(count): spread over \(step.candidates.count) commits after \(short(step.since)): the run moved, "
                    + "yet neither of its halves moved beyond ±\(threshold):"
            ]
        }
        if !step.isOneCommit {
            lines += step.candidates.map { "  \(line($0))" + (skipped[$0].map { " (skipped: \($0))" } ?? "") }
        }
        lines += moveLines(step.moves)
        if let elimination = step.elimination {
            lines.append(
                "  by elimination: \(short(step.since)) -> \(short(step.until)) could not be told apart by itself, but the run from "
                    + "\(short(elimination.since)) to \(short(elimination.until)) moved and the rest of it is still:")
            lines += moveLines(elimination.moves).map { "  " + $0 }
        }
        return lines
    }

    /// Each move: its medians, ratio with interval, and verdict, aligned.
    func moveLines(_ moves: [TimedMove]) -> [String] {
        let width = moves.map(\.measurement.label.count).max() ?? 0
        return moves.map { move in
            let change = move.change
            let label = move.measurement.label.padding(toLength: width, withPad: " ", startingAt: 0)
            return "  \(label)  \(FigureText.duration(change.before)) -> \(FigureText.duration(change.after))  "
                + "\(Self.ratio(change.ratio)) [\(Self.bound(change.interval.lower)), \(Self.bound(change.interval.upper))] "
                + "(\(change.verdict.rawValue))"
        }
    }

    /// The runs beside a step where a second change could not be told from the noise; nil when none.
    var notRuledOutLines: String? {
        guard !bisection.notRuledOut.isEmpty else { return nil }
        var lines = ["not ruled out: beside the steps above, a second change in these runs could not be told from the noise:"]
        for run in bisection.notRuledOut {
            lines.append(
                "  \(run.candidates.count) commit\(run.candidates.count == 1 ? "" : "s") after \(short(run.since)), up to \(short(run.until)), "
                    + "in \(budget.most) forks each:")
            lines += moveLines(run.moves).map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// Every probe, with its forks; and the commits skipped, with why.
    var probeLines: String {
        var lines = ["probes:"]
        lines += bisection.probes.enumerated().map { index, probe in
            "  \(index + 1). \(probe.commits.map(short).joined(separator: ", ")): \(probe.forks) forks each"
        }
        if !bisection.skipped.isEmpty {
            lines.append("skipped, as git bisect skip does:")
            lines += bisection.skipped.map { "  \(line($0)): \(skipped[$0] ?? "skipped")" }
        }
        return lines.joined(separator: "\n")
    }

    /// The last line: the probes, the processes timed, and how long it all took.
    func closing(seconds: Double, processes: Int) -> String {
        let built = Set(bisection.probes.flatMap(\.commits)).count
        return "timed \(built) of \(bisection.commits.count) commits in \(bisection.probes.count) probe\(bisection.probes.count == 1 ? "" : "s"), "
            + "\(processes) processes, in \(Int(seconds.rounded())) s"
    }

    /// `1.102x`.
    static func ratio(_ value: Double) -> String { bound(value) + "x" }

    /// `1.102`: a bound of a ratio's interval.
    static func bound(_ value: Double) -> String { String(format: "%.3f", value) }
}
