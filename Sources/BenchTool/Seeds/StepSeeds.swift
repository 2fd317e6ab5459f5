import Foundation
import Harness

/// How far the counts a bisection's step moved can be believed: each move counted under other hash
/// seeds by the kept builds of the commit before the step and of the culprit, as `bench compare`
/// counts a count that moved (`SeedsOnDemand`), and judged by the same rule (`InstructionsDecision`).
///
/// The bisection finds where a count moved at the fixed hash seed. A count of hashed work (tracked
/// reads) moves with any change to the build, which lands the hashed values elsewhere, as much as it
/// moves under another seed: such a step may be where hashed values landed, not work the commit added.
/// The lines say which moves are believed. The counts are kept beside the builds, so a second
/// bisection, or a gate comparing the same commits, counts them no more.
enum StepSeeds {
    /// One line for each move of `step`: its spread under other seeds at each side and what the rule
    /// makes of it, or why it could not be counted.
    ///
    /// - Parameters:
    ///   - since: The commit counted before the step.
    ///   - culprit: The step's one commit.
    ///   - say: Says what is being counted, as it starts (standard error).
    static func lines(
        _ step: CountStep, since: String, culprit: String, root: String, rule: ComparisonRule, say: @escaping (String) -> Void
    ) -> [String] {
        guard !step.moves.isEmpty else { return [] }
        let toolchain = MachineEnvironment.capture(sourceDirectory: URL(fileURLWithPath: root)).toolchain
        var seeds: [String: [MeasurementKey: [Double]]] = [:]
        var reasons: [String: String] = [:]
        for (commit, counts) in [(since, step.moves.map { ($0.measurement, $0.before) }), (culprit, step.moves.map { ($0.measurement, $0.after) })] {
            switch count(counts, commit: commit, toolchain: toolchain, root: root, say: say) {
            case .success(let counted): seeds[commit] = counted
            case .failure(let reason): reasons[commit] = reason.description
            }
        }
        let names = (String(since.prefix(7)), String(culprit.prefix(7)))
        var lines = ["  under other hash seeds (each side's kept build; compare's rule):"]
        for move in step.moves {
            let label = move.measurement.label
            guard let before = seeds[since]?[move.measurement], let after = seeds[culprit]?[move.measurement] else {
                let why = reasons[since].map { "\(names.0): \($0)" } ?? reasons[culprit].map { "\(names.1): \($0)" } ?? "not counted"
                lines.append("    \(label): not counted (\(why)); the step is the fixed seed's alone")
                continue
            }
            let spreads = [MeasurementRecord.hashSpread(fixed: move.before, others: before), MeasurementRecord.hashSpread(fixed: move.after, others: after)]
            let spread = spreads.compactMap { $0 }.max()
            let decision = InstructionsDecision(
                ratio: move.ratio, spread: spread, seeds: min(before.count, after.count), rule: rule,
                tooLongToCountAgain: min(move.before, move.after) > MeasurementRecord.longestCountedAgain)
            let widths = spreads.map { $0.map { "±" + FigureText.percent($0) } ?? "none" }
            let seen = "\(widths[0]) at \(names.0), \(widths[1]) at \(names.1), \(min(before.count, after.count)) seeds or more a side"
            lines.append("    \(label): \(seen): " + meaning(decision))
        }
        return lines
    }

    /// What the rule makes of a move.
    static func meaning(_ decision: InstructionsDecision) -> String {
        switch decision {
        case .decides(let verdict, _) where verdict != .same: "believed, \(verdict.rawValue) by instructions"
        case .decides: "within the threshold once its spread is weighed: the same by instructions"
        case .leavesItToWallTime(.countsWander): "the counts wander: the step may be where hashed values landed, not work the commit added"
        case .leavesItToWallTime(.withinTheSpread): "within three times its spread: the counts cannot tell it from where hashed values landed"
        case .leavesItToWallTime(let doubt): doubt.rawValue
        }
    }

    /// `counts` (each measurement's count at the fixed seed, per operation) counted under other seeds
    /// by `commit`'s kept build, through its kept counts first.
    private static func count(
        _ counts: [(MeasurementKey, Double)], commit: String, toolchain: String, root: String, say: (String) -> Void
    ) -> Result<[MeasurementKey: [Double]], SeedsOnDemand.Reason> {
        let kept = KeptSeeds(root: root, toolchain: toolchain, commit: commit, spec: "spec", switches: ["BENCH_AB_EXTRA_WORK": "0"])
        let stored = kept.read()
        var request: [SeedRequest.Measurement] = []
        var result: [MeasurementKey: [Double]] = [:]
        for (key, fixed) in counts where fixed <= MeasurementRecord.longestCountedAgain {
            let have = stored[key.label] ?? []
            if SeedNeeds.needsMore(fixed: fixed, others: have, rule: ComparisonRule()) {
                request.append(SeedRequest.Measurement(key: key, fixedSeed: fixed, otherSeeds: have))
            } else {
                result[key] = have
            }
        }
        guard !request.isEmpty else { return .success(result) }
        let build: SeedsOnDemand.Build
        switch SeedsOnDemand.Build.kept(commit: commit, root: root) {
        case .failure(let reason): return .failure(reason)
        case .success(let found): build = found
        }
        defer { build.cleanUp() }
        say(CommandOutput.said("counting \(request.count) moved count\(request.count == 1 ? "" : "s") under random hash seeds with \(build.description)"))
        do {
            result.merge(try kept.count(request, with: build, environment: ["BENCH_AB_EXTRA_WORK": "0"], besides: stored)) { _, counted in counted }
        } catch {
            return .failure(SeedsOnDemand.Reason("its kept build could not count them (\(error))"))
        }
        return .success(result)
    }
}
