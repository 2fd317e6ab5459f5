import Harness

/// Which functions' share of the sampled time moved between two profiles of one measurement.
///
/// Each side's share is of the samples perf took inside the timed loop on the CPU clock, given to the
/// function each sample was in (its stack's leaf): the function's self time, as a fraction of the loop's.
/// Where a change costs time and no instructions (loads that miss the caches, the kernel, waiting),
/// callgrind's self instructions cannot show it; these shares can. They are shares, not times: a
/// function that grew takes share from every other, so the movers are read from the top, the grown
/// function first. A share rests on a few thousand samples, so a move of under a point or two is
/// within what two profiles of one build differ by.
struct SampledMovers: Sendable, Equatable {
    /// One function's change.
    struct Mover: Sendable, Equatable {
        /// The function, as the folded stacks name it.
        var name: String
        /// Its self share of the old profile's samples inside the loop (0 when absent there).
        var old: Double
        /// Its self share of the new profile's samples inside the loop (0 when absent there).
        var new: Double
        /// `new - old`, a fraction of the loop's samples.
        var difference: Double { new - old }
    }

    /// The samples inside the loop, old and new.
    var oldSamples: Int
    /// The new profile's samples inside the loop.
    var newSamples: Int
    /// Every function whose self share moved, largest move first, either way.
    var movers: [Mover]

    /// The movers from `old` to `new`, or nil when either side has no sample inside the loop.
    init?(old: FoldedStacks, new: FoldedStacks) {
        guard old.samplesInside > 0, new.samplesInside > 0 else { return nil }
        oldSamples = old.samplesInside
        newSamples = new.samplesInside
        let oldShares = Self.selfShares(old)
        var joined = oldShares.mapValues { Mover(name: "", old: $0, new: 0) }
        for (name, share) in Self.selfShares(new) { joined[name, default: Mover(name: "", old: 0, new: 0)].new = share }
        movers = joined.map { name, mover in Mover(name: name, old: mover.old, new: mover.new) }
            .filter { $0.difference != 0 }
            .sorted { (abs($0.difference), $1.name) > (abs($1.difference), $0.name) }
    }

    /// Each function's share of the samples of which it is the leaf.
    static func selfShares(_ stacks: FoldedStacks) -> [String: Double] {
        var samples: [String: Int] = [:]
        for (stack, count) in stacks.stacks {
            let leaf = stack.split(separator: ";", omittingEmptySubsequences: false).last.map(String.init) ?? stack
            samples[leaf, default: 0] += count
        }
        let total = Double(stacks.samplesInside)
        return samples.mapValues { Double($0) / total }
    }

    /// The heading and the `top` movers, aligned, shares in percent and moves in points.
    func text(top: Int) -> String {
        var lines = [
            "  sampled time (perf, CPU clock): each function's self share of the loop's samples, \(oldSamples) old, \(newSamples) new"
        ]
        lines.append("  " + ["old share", "new share", "points"].map(Self.padded).joined(separator: " ") + "  function")
        for mover in movers.prefix(top) {
            let cells = [FigureText.tenthsPercent(mover.old), FigureText.tenthsPercent(mover.new), String(format: "%+.1f", mover.difference * 100)]
            lines.append("  " + cells.map(Self.padded).joined(separator: " ") + "  " + mover.name)
        }
        if movers.isEmpty { lines.append("  no function's self share of the samples moved") }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func padded(_ cell: String) -> String { String(repeating: " ", count: max(0, 11 - cell.count)) + cell }
}
