import Foundation
import Harness

/// The sampled half's files of one measurement: `stacks.folded`, `flamegraph.svg` and
/// `speedscope.json`.
public enum SampledFiles {
    /// The folded stacks' file name; `bench profile diff` reads it back.
    public static let foldedName = "stacks.folded"

    /// Writes the three files of `stacks` into `directory`.
    public static func write(_ stacks: FoldedStacks, measurement: String, into directory: String) throws {
        func path(_ name: String) -> URL { URL(fileURLWithPath: (directory as NSString).appendingPathComponent(name)) }
        try Data(stacks.text.utf8).write(to: path(foldedName))
        try Data(FlameGraph(stacks: stacks, title: measurement).svg.utf8).write(to: path("flamegraph.svg"))
        try Speedscope.json(stacks, name: measurement).write(to: path("speedscope.json"))
    }
}

extension FoldedStacks {
    /// One line: the samples inside the timed loop, outside it, and with an unknown frame.
    public var summary: String {
        let share = samples == 0 ? 0 : Double(samplesInside) / Double(samples)
        return "\(samplesInside) of \(samples) samples (perf, cpu-clock) in the timed loop (\(FlameGraph.percent(share))), "
            + "\(samplesOutside) outside it, \(samplesWithUnknownFrames) with an unknown frame"
    }
}
