import Foundation
import Harness

/// The bench's progress on standard error: one line rewritten in place on a terminal, plain lines in a log.
///
/// On a terminal each update returns the cursor (`\r`), clears the line (`ESC[2K`) and writes the new
/// text, so the line updates without scrolling. Anywhere else (a CI log, a file) carriage returns
/// would garble the log, so each update is its own newline-terminated line, and only when a
/// measurement changes stage: a log gets a handful of lines per measurement, not one per check.
///
///     [12/40] phase.read.tracked(largest-strict) derived: sampling 230 samples ±0.8%
public final class ProgressLine {
    private let write: (String) -> Void
    private let isTerminal: Bool
    private var lastStages: [String: SamplingProgress.Stage] = [:]
    private var lineIsOpen = false
    /// Written before every line: a fork's `[fork 2/8] `, so its progress says which process it is.
    public var prefix = ""

    /// A progress line on the process's standard error, a terminal or not as `isatty` says.
    public convenience init() {
        self.init(isTerminal: isatty(STDERR_FILENO) == 1) { text in
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// A progress line writing through `write`; tests pass a collector.
    ///
    /// - Parameters:
    ///   - isTerminal: Whether to rewrite one line in place.
    ///   - write: Receives the exact characters to write.
    public init(isTerminal: Bool, write: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.write = write
    }

    /// Shows a sampler report.
    ///
    /// - Parameters:
    ///   - progress: The harness's report.
    ///   - step: The 1-based position of the measurement in the run.
    ///   - total: How many measurements the run makes.
    ///   - strategy: The strategy measured, `unshaped` for strategy-free measurements.
    public func show(_ progress: SamplingProgress, step: Int, of total: Int, strategy: FigureStrategy) {
        show(Update(progress), step: step, of: total, strategy: strategy)
    }

    func show(_ update: Update, step: Int, of total: Int, strategy: FigureStrategy) {
        let text = prefix + Self.describe(update, step: step, of: total, strategy: strategy)
        let key = "\(update.name)|\(strategy.rawValue)"
        if isTerminal {
            write("\r\u{1B}[2K" + text)
            lineIsOpen = true
        } else if lastStages[key] != update.stage {
            write(text + "\n")
        }
        lastStages[key] = update.stage
    }

    /// Shows a line of the bench's own, such as the scenario being counted.
    public func note(_ text: String) {
        if isTerminal {
            write("\r\u{1B}[2K" + prefix + text)
            lineIsOpen = true
        } else {
            write(prefix + text + "\n")
        }
    }

    /// Writes a line that stays, on a terminal as in a log: a phase's end, which a later update must
    /// not overwrite.
    public func say(_ text: String) {
        write((isTerminal ? "\r\u{1B}[2K" : "") + prefix + text + "\n")
        lineIsOpen = false
    }

    /// Clears the line on a terminal, so the report that follows starts on a clean line.
    public func finish() {
        guard isTerminal, lineIsOpen else { return }
        write("\r\u{1B}[2K")
        lineIsOpen = false
    }

    /// The text of one update, without control characters.
    public static func describe(_ progress: SamplingProgress, step: Int, of total: Int, strategy: FigureStrategy) -> String {
        describe(Update(progress), step: step, of: total, strategy: strategy)
    }

    static func describe(_ update: Update, step: Int, of total: Int, strategy: FigureStrategy) -> String {
        let label = strategy == .unshaped ? update.name : "\(update.name) \(strategy.rawValue)"
        let state: String =
            switch update.stage {
            case .calibrating: "calibrating, batches of \(update.batchSize)"
            case .warmingUp: "warming up"
            case .sampling:
                "sampling \(update.samples) samples"
                    + (update.relativeHalfWidth.map { " ±" + String(format: "%.1f", $0 * 100) + "%" } ?? "")
            case .finished: "done, \(update.samples) samples"
            }
        return "[\(step)/\(total)] \(label): \(state)"
    }

    /// The fields of a `SamplingProgress` the line shows; the harness's initializer is internal to it,
    /// so tests build these instead.
    struct Update {
        var name: String
        var stage: SamplingProgress.Stage
        var batchSize: Int
        var samples: Int
        var relativeHalfWidth: Double?

        init(name: String, stage: SamplingProgress.Stage, batchSize: Int, samples: Int, relativeHalfWidth: Double?) {
            self.name = name
            self.stage = stage
            self.batchSize = batchSize
            self.samples = samples
            self.relativeHalfWidth = relativeHalfWidth
        }

        init(_ progress: SamplingProgress) {
            self.init(
                name: progress.name, stage: progress.stage, batchSize: progress.batchSize, samples: progress.samples,
                relativeHalfWidth: progress.relativeHalfWidth)
        }
    }
}
