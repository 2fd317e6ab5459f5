import Foundation
import Harness

/// The sampled half's files of one measurement: `stacks.folded.gz`, `flamegraph.svg` and
/// `speedscope.json.gz` (`ProfileFile` says which are compressed).
enum SampledFiles {
    /// Writes the three files of `stacks` into `directory`.
    static func write(_ stacks: FoldedStacks, measurement: String, into directory: String) throws {
        func path(_ name: String) -> URL { URL(fileURLWithPath: (directory as NSString).appendingPathComponent(name)) }
        try ProfileFile.foldedStacks.write(stacks.text, into: directory)
        try Data(FlameGraph(stacks: stacks, title: measurement).svg.utf8).write(to: path("flamegraph.svg"))
        try ProfileFile.speedscope.write(Speedscope.json(stacks, name: measurement), into: directory)
    }
}

extension FoldedStacks {
    /// One line: the samples inside the timed loop, outside it, and with an unknown frame.
    var summary: String {
        let share = samples == 0 ? 0 : Double(samplesInside) / Double(samples)
        return "\(samplesInside) of \(samples) samples (perf, cpu-clock) in the timed loop (\(FigureText.tenthsPercent(share))), "
            + "\(samplesOutside) outside it, \(samplesWithUnknownFrames) with an unknown frame"
    }
}
