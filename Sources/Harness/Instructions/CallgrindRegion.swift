/// A collected region of a callgrind run, named in its dump so the parent process can tell what each
/// dump counted.
///
/// The label is the dump's trigger text: `KIND CALLS NAME`, e.g.
/// `counted 40 phase.read.tracked(largest-strict) [derived]`. A name may hold spaces; the kind and the
/// call count may not, so the label splits unambiguously at its first two spaces.
public struct CallgrindRegion: Sendable, Hashable {
    /// What a region is for.
    public enum Kind: String, Sendable {
        /// One call, counted only to choose how many calls the counted region makes (a profile's).
        case probe
        /// One call, the first the measurement reports, which also chooses how many more the counted
        /// region makes (the pass's).
        case countedProbe = "counted-probe"
        /// The calls whose instructions the measurement reports, after a counted probe's when there is one.
        case counted
    }

    /// What the region is for.
    public var kind: Kind
    /// How many calls of the operation ran while callgrind collected.
    public var calls: Int
    /// The measurement's name, as the harness knows it (`name [strategy]`).
    public var name: String

    /// A region to name a dump by (`InstructionCounter` makes the probe's and the counted one's); `calls` must
    /// be positive and `name` non-empty, or `init?(label:)` cannot read its label back.
    public init(kind: Kind, calls: Int, name: String) {
        self.kind = kind
        self.calls = calls
        self.name = name
    }

    /// The text the dump is named with.
    public var label: String { "\(kind.rawValue) \(calls) \(name)" }

    /// Reads a region back from a dump's trigger; `nil` for a dump the bench did not name (such as the
    /// one callgrind writes at program termination).
    public init?(label: String) {
        let parts = label.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let kind = Kind(rawValue: String(parts[0])), let calls = Int(parts[1]), calls > 0,
            !parts[2].isEmpty
        else { return nil }
        self.init(kind: kind, calls: calls, name: String(parts[2]))
    }

    /// Each measurement's count, by name: the instructions of its counted regions (a counted probe's
    /// and the counted region's) and the calls they made together. A probe kept apart is left out.
    public static func measurementTotals(_ regions: [CallgrindRegion: UInt64]) -> [String: (instructions: UInt64, calls: Int)] {
        var totals: [String: (instructions: UInt64, calls: Int)] = [:]
        for (region, instructions) in regions where region.kind != .probe {
            let sum = totals[region.name, default: (0, 0)]
            totals[region.name] = (sum.instructions + instructions, sum.calls + region.calls)
        }
        return totals
    }
}
