/// What a fork is told of the run around it, for its progress line: how far the forks before it
/// took the run, its own share, and how long it and the forks after it should take.
///
/// The forks of a run time the same measurements alike, so the parent predicts each fork from the
/// ones that have ended (`ForkEstimate.forRun(counts:seconds:)`). Before any has, the first fork
/// predicts the rest from its own pace, scaled by how many measurements each later fork times.
struct ForkEstimate: Sendable, Equatable {
    /// The share of the run's timed measurements the forks before this one timed, 0 to 1.
    var doneBefore: Double
    /// This fork's share of them.
    var share: Double
    /// How long this fork should take, in seconds: what the last fork that timed as many measurements
    /// took; nil before one has ended.
    var forkSeconds: Double?
    /// How long the forks after this one should take, in seconds; nil before any fork has ended.
    var afterSeconds: Double?
    /// The measurements the forks after this one time, over this one's: the rest of the run in forks
    /// of this one's length, when no fork has ended to say.
    var restWeight: Double

    /// Creates an estimate; the fractions are clamped to 0...1 and the weight to 0 or more.
    init(doneBefore: Double, share: Double, forkSeconds: Double?, afterSeconds: Double?, restWeight: Double) {
        self.doneBefore = min(max(doneBefore, 0), 1)
        self.share = min(max(share, 0), 1)
        self.forkSeconds = forkSeconds
        self.afterSeconds = afterSeconds
        self.restWeight = max(restWeight, 0)
    }

    /// The estimate of each of a run's forks, in order, for forks that time `counts[k]` measurements
    /// and of which the first `seconds.count` have ended, taking `seconds[k]` each.
    ///
    /// A fork that has not ended is expected to take what the last ended fork of as many
    /// measurements took, or else what the last ended fork took, scaled by the counts.
    static func forRun(counts: [Int], seconds: [Double]) -> [ForkEstimate] {
        let total = Double(counts.reduce(0, +))
        func expected(_ fork: Int) -> Double? {
            if fork < seconds.count { return seconds[fork] }
            if let alike = seconds.indices.last(where: { counts[$0] == counts[fork] }) { return seconds[alike] }
            guard let last = seconds.indices.last, counts[last] > 0 else { return nil }
            return seconds[last] * Double(counts[fork]) / Double(counts[last])
        }
        return counts.indices.map { fork in
            let before = counts[..<fork].reduce(0, +)
            let after = counts[(fork + 1)...].reduce(0, +)
            let afterSeconds = seconds.isEmpty ? nil : counts.indices.dropFirst(fork + 1).reduce(0) { $0 + (expected($1) ?? 0) }
            return ForkEstimate(
                doneBefore: total > 0 ? Double(before) / total : 0, share: total > 0 ? Double(counts[fork]) / total : 0,
                forkSeconds: seconds.isEmpty ? nil : expected(fork), afterSeconds: afterSeconds,
                restWeight: counts[fork] > 0 ? Double(after) / Double(counts[fork]) : 0)
        }
    }

    /// How far the run has got once this fork is `forkFraction` (0 to 1) of the way through.
    func runFraction(forkFraction: Double) -> Double {
        min(max(doneBefore + share * min(max(forkFraction, 0), 1), 0), 1)
    }

    /// The seconds left in the run, `elapsed` seconds into this fork and `forkFraction` of the way
    /// through it; nil while too little of a first fork has passed to tell its pace.
    func secondsLeft(elapsed: Double, forkFraction: Double) -> Double? {
        let forkTotal: Double
        if let forkSeconds {
            forkTotal = forkSeconds
        } else if forkFraction >= Self.fewestFractionToTell, elapsed > 0 {
            forkTotal = elapsed / forkFraction
        } else {
            return nil
        }
        return max(0, forkTotal - elapsed) + (afterSeconds ?? forkTotal * restWeight)
    }

    /// The least of a first fork that must have passed before its pace predicts the rest.
    static let fewestFractionToTell = 0.1

    /// The estimate as a child's option value: `before,share,rest,fork,after`, an unknown as `-`.
    var argument: String {
        [doneBefore, share, restWeight].map { "\($0)" }.joined(separator: ",") + ","
            + [forkSeconds, afterSeconds].map { $0.map { "\($0)" } ?? "-" }.joined(separator: ",")
    }

    /// Reads `argument`'s form back; nil for any other text.
    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5, let before = Double(parts[0]), let share = Double(parts[1]), let rest = Double(parts[2]) else { return nil }
        func optional(_ text: String) -> Double?? { text == "-" ? .some(nil) : Double(text).map { .some($0) } }
        guard let fork = optional(parts[3]), let after = optional(parts[4]) else { return nil }
        self.init(doneBefore: before, share: share, forkSeconds: fork, afterSeconds: after, restWeight: rest)
    }
}
