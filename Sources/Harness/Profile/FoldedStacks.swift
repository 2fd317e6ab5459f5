/// Samples of a sampling profiler as folded stacks: each distinct stack, root first, frames joined
/// by `;`, with how many samples it holds (the format of Brendan Gregg's `stackcollapse`).
///
/// Only samples taken inside the timed loop are folded, each from the loop's frame down (its callers,
/// `main` and the bench's own set-up, are the same in every sample and say nothing). The samples
/// outside it, and those whose stack holds a frame the profiler could not name, are counted and shown,
/// never dropped silently.
public struct FoldedStacks: Sendable, Equatable {
    /// Samples by stack, `root;...;leaf`.
    public var stacks: [String: Int]
    /// Samples taken outside the timed loop: set-up, the clock between batches, start-up and exit.
    public var samplesOutside: Int
    /// Samples inside the loop with an unnamed frame (`[unknown]`) in their stack.
    public var samplesWithUnknownFrames: Int

    /// Stacks as `fold` or `parse` make them: the samples `samplesWithUnknownFrames` counts are in `stacks`
    /// too, those `samplesOutside` counts are not.
    public init(stacks: [String: Int], samplesOutside: Int, samplesWithUnknownFrames: Int) {
        self.stacks = stacks
        self.samplesOutside = samplesOutside
        self.samplesWithUnknownFrames = samplesWithUnknownFrames
    }

    /// Samples inside the timed loop.
    public var samplesInside: Int { stacks.values.reduce(0, +) }
    /// Every sample of the process.
    public var samples: Int { samplesInside + samplesOutside }

    /// Folds `samples` (each leaf first, as `perf script` lists a call chain).
    ///
    /// - Parameters:
    ///   - root: The name the folded stacks start with (the measurement's).
    ///   - isMarker: Whether a frame is the timed loop's.
    ///   - names: The readable name of each frame; a frame not in it stays as it is.
    public static func fold(_ samples: [[String]], root: String, isMarker: (String) -> Bool, names: [String: String]) -> FoldedStacks {
        var folded = FoldedStacks(stacks: [:], samplesOutside: 0, samplesWithUnknownFrames: 0)
        for sample in samples {
            guard let marker = sample.firstIndex(where: isMarker) else {
                folded.samplesOutside += 1
                continue
            }
            let inside = sample[..<marker].reversed().map { frame in
                (names[frame] ?? frame).replacingOccurrences(of: ";", with: ":")
            }
            if inside.contains(unknownFrame) { folded.samplesWithUnknownFrames += 1 }
            folded.stacks[([root] + inside).joined(separator: ";"), default: 0] += 1
        }
        return folded
    }

    /// How `perf` names a frame it has no symbol for.
    public static let unknownFrame = "[unknown]"

    /// The stacks as text, one `stack count` a line, sorted by stack.
    public var text: String {
        stacks.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)\n" }.joined()
    }

    /// Reads the text `text` wrote back; lines that are not `stack count` are skipped.
    public static func parse(_ text: String, samplesOutside: Int = 0, samplesWithUnknownFrames: Int = 0) -> FoldedStacks {
        var stacks: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let space = line.lastIndex(of: " "), let count = Int(line[line.index(after: space)...]) else { continue }
            stacks[String(line[..<space]), default: 0] += count
        }
        return FoldedStacks(stacks: stacks, samplesOutside: samplesOutside, samplesWithUnknownFrames: samplesWithUnknownFrames)
    }
}
