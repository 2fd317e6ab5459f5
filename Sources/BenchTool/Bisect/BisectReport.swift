import Foundation

/// What `bench bisect` prints of a `CountBisection`: where counts moved, each step's commit and its
/// moves, what moved without a step, and the commits skipped.
///
/// Pure: the commits' descriptions and the reasons for skips are given, so every line is tested over
/// made-up bisections.
struct BisectReport: Sendable {
    /// The search's outcome.
    var bisection: CountBisection
    /// Each commit's line, `abc1234 2026-12-04 Subject`, by full hash.
    var commits: [String: String]
    /// Why each skipped commit was skipped, by full hash.
    var skipped: [String: String]

    private var good: String { bisection.commits.first! }
    private var bad: String { bisection.commits.last! }
    private var threshold: String { String(format: "%g%%", bisection.threshold * 100) }

    /// `abc1234` of a full hash.
    func short(_ commit: String) -> String {
        commits[commit].map { String($0.prefix { $0 != " " }) } ?? String(commit.prefix(7))
    }

    /// A commit's whole line.
    func line(_ commit: String) -> String {
        commits[commit] ?? String(commit.prefix(7))
    }

    /// The first paragraph: the range, what was searched and what was found; where nothing moved, that
    /// the change is not in instructions.
    var summary: String {
        let searched = bisection.courses.filter { $0.kind != .notCounted }.count
        let moved = Set(bisection.steps.flatMap { $0.moves.map(\.measurement) }).count
        var lines = [
            "bisect: \(bisection.commits.count) commits from GOOD \(line(good)) to BAD \(line(bad)), first-parent; "
                + "\(searched) measurement\(searched == 1 ? "" : "s") counted, threshold \(threshold) in instructions per operation"
        ]
        if bisection.steps.isEmpty {
            let drifted = bisection.courses.contains { $0.kind == .drifted }
            lines.append(
                drifted
                    ? "no one commit moved a count beyond \(threshold): what moved between GOOD and BAD drifted over several commits (below)"
                    : "GOOD and BAD count alike for every measurement (within \(threshold)): the change is not in instructions. "
                        + "Wall time is another question, which counts cannot answer: bisect the same range with --time, "
                        + "which times the commits in alternation; bisect does not guess")
        } else {
            let oneCommit = bisection.steps.filter(\.isOneCommit).count
            lines.append(
                "\(moved) measurement\(moved == 1 ? "" : "s") moved at \(bisection.steps.count) step\(bisection.steps.count == 1 ? "" : "s")"
                    + (oneCommit == bisection.steps.count ? ", each at one commit" : ", \(oneCommit) of them at one commit"))
        }
        return lines.joined(separator: "\n")
    }

    /// One step: its commit (or the commits it may be, where skips hide it) and each move's counts.
    func stepLines(_ step: CountStep, number: Int, of count: Int) -> [String] {
        var lines: [String]
        if step.isOneCommit {
            lines = ["step \(number) of \(count): \(line(step.candidates[0]))"]
        } else {
            lines = ["step \(number) of \(count): one of \(step.candidates.count) commits (those before the last were skipped):"]
            lines += step.candidates.map { "  \(line($0))" + (skipped[$0].map { " (skipped: \($0))" } ?? "") }
        }
        let width = step.moves.map(\.measurement.label.count).max() ?? 0
        for move in step.moves {
            let label = move.measurement.label.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append(
                "  \(label)  \(Self.count(move.before)) -> \(Self.count(move.after)) instructions/op  \(Self.change(move.ratio)) "
                    + "(\(move.verdict.rawValue))")
        }
        return lines
    }

    /// The measurements that moved but not at one step of their own: back and forth, drifting, or
    /// seen between agreeing ends; nil when none did.
    var coursesNotStepped: String? {
        var lines: [String] = []
        for course in bisection.courses {
            switch course.kind {
            case .movedBackAndForth:
                let moves = course.moves.map { "\($0.verdict.rawValue) at \(short($0.until)) (\(Self.change($0.ratio)))" }
                lines.append("\(course.measurement.label) moved back and forth: " + moves.joined(separator: ", then "))
            case .drifted:
                lines.append(
                    "\(course.measurement.label) drifted: \(Self.count(course.good ?? 0)) at GOOD, \(Self.count(course.bad ?? 0)) at BAD, "
                        + "and no one commit counted moved it beyond \(threshold)")
            case .notCounted, .unchanged, .stepped:
                break
            }
            if course.seenBetweenAgreeingEnds {
                lines.append(
                    "\(course.measurement.label): GOOD and BAD agree, yet commits counted between them differ; moves that cancel out "
                        + "are found only where a count lands between them, so there may be more")
            }
        }
        let notCounted = bisection.courses.filter { $0.kind == .notCounted }.map(\.measurement.label)
        if !notCounted.isEmpty {
            lines.append("not searched, counted at only one of GOOD and BAD: " + notCounted.joined(separator: ", "))
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The commits skipped, with why; nil when none was.
    var skippedLines: String? {
        guard !bisection.skipped.isEmpty else { return nil }
        return (["skipped, as git bisect skip does:"] + bisection.skipped.map { "  \(line($0)): \(skipped[$0] ?? "skipped")" })
            .joined(separator: "\n")
    }

    /// The last line: how many commits were counted, how many of them now, and in how long.
    func closing(seconds: Double, counted: Int) -> String {
        let probed = bisection.probed.count
        return "counted \(probed) of \(bisection.commits.count) commits (\(counted) now, \(probed - counted) from the cache) in \(Int(seconds.rounded())) s"
    }

    /// A count per operation, to one decimal.
    static func count(_ value: Double) -> String { String(format: "%.1f", value) }

    /// `+5.30 %`.
    static func change(_ ratio: Double) -> String { String(format: "%+.2f %%", (ratio - 1) * 100) }
}
