import Foundation
import Harness

/// The phases of one run, timed as they happen and said on the progress line as each ends.
///
/// What a results file's `phases` holds (see `PhaseTimingRecord`): a reader waiting for a run, or
/// asking why it took as long as it did, sees which phase the time went to.
final class RunPhases {
    private let progress: ProgressLine
    private(set) var records: [PhaseTimingRecord] = []

    init(progress: ProgressLine) {
        self.progress = progress
    }

    /// Runs `body` as the phase `name`, records its duration, and says it.
    ///
    /// - Parameters:
    ///   - name: The phase's name, as `PhaseTimingRecord` lists them.
    ///   - parts: The durations of the phase's parts in seconds, read once it has ended.
    func time<T>(_ name: String, parts: () -> [Double]? = { nil }, _ body: () throws -> T) rethrows -> T {
        let start = MonotonicClock.now()
        Interruption.activity = name
        let value = try body()
        let seconds = Double(MonotonicClock.now() &- start) / 1e9
        let record = PhaseTimingRecord(phase: name, seconds: seconds, parts: parts())
        records.append(record)
        progress.say("phase \(Self.line(record))")
        return value
    }

    /// Every phase so far, `preparing 1.2 s, counting 3.4 s, ...`.
    var summary: String {
        records.map { "\($0.phase) \(Self.seconds($0.seconds))" }.joined(separator: ", ")
    }

    /// One phase in words: `measuring: 41.2 s (forks 5.1, 5.0, ... s)`.
    static func line(_ record: PhaseTimingRecord) -> String {
        let parts = record.parts.map { " (parts " + $0.map { String(format: "%.1f", $0) }.joined(separator: ", ") + " s)" } ?? ""
        return "\(record.phase): \(seconds(record.seconds))" + parts
    }

    private static func seconds(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f s" : "%.1f s", value)
    }
}
