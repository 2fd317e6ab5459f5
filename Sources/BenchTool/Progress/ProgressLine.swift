import Foundation
import Harness

/// The bench's progress on standard error: one line rewritten in place on a terminal, plain lines in a log.
///
/// On a terminal each update returns the cursor (`\r`), clears the line (`ESC[2K`) and writes the new
/// text, so the line updates without scrolling; in a fork told where it stands in the run
/// (`begin(_:)`), the line starts with a bar over the run's measurements and the time left:
///
///     [fork 2/8] ▕███░░░░░░░░░░░░░░░░░▏ 16% 1m 12s left [12/38] commit.nulls-or-errors(...) [root]: sampling 48 samples ±1.2%
///
/// Anywhere else (a CI log, a file) carriage returns would garble the log, so a log gets one line
/// per measurement group, when the group's sampling ends (`finishedGroup(_:step:of:samples:)`), and
/// the bench's own notes; the sampler's updates go to a terminal only.
///
///     [fork 2/8] [12/38] commit.nulls-or-errors(largest-strict, 10 handles): derived 48, stored 48, root 48, incremental 192 samples
final class ProgressLine {
    private let write: (String) -> Void
    private let isTerminal: Bool
    private let clock: () -> UInt64
    private var lineIsOpen = false
    private var position: (estimate: ForkEstimate, started: UInt64)?
    /// Written before every line: a fork's `[fork 2/8] `, so its progress says which process it is.
    var prefix = ""
    /// Whether nothing is written at all (`--quiet`): errors are not progress, and go their own way.
    var quiet = false

    /// A progress line on the process's standard error, a terminal or not as `isatty` says.
    convenience init() {
        self.init(isTerminal: isatty(STDERR_FILENO) == 1) { text in
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// A progress line writing through `write`; tests pass a collector and a clock of their own.
    ///
    /// - Parameters:
    ///   - isTerminal: Whether to rewrite one line in place.
    ///   - clock: Nanoseconds on a monotonic clock, for the time left.
    ///   - write: Receives the exact characters to write.
    init(isTerminal: Bool, clock: @escaping () -> UInt64 = { MonotonicClock.now() }, write: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.clock = clock
        self.write = write
    }

    /// Starts the bar and the time left: this process is the fork `estimate` describes, starting now.
    func begin(_ estimate: ForkEstimate) {
        position = (estimate, clock())
    }

    /// Shows a sampler report.
    ///
    /// - Parameters:
    ///   - progress: The harness's report.
    ///   - step: The 1-based position of the measurement in the run.
    ///   - total: How many measurements the run makes.
    ///   - strategy: The strategy measured, `unshaped` for strategy-free measurements.
    func show(_ progress: SamplingProgress, step: Int, of total: Int, strategy: FigureStrategy) {
        show(Update(progress), step: step, of: total, strategy: strategy)
    }

    func show(_ update: Update, step: Int, of total: Int, strategy: FigureStrategy) {
        guard isTerminal, !quiet else { return }
        var text = prefix
        if let (estimate, started) = position {
            let fraction = total > 0 ? Double(step - 1) / Double(total) : 0
            let elapsed = Double(clock() &- started) / 1e9
            text += Self.bar(estimate.runFraction(forkFraction: fraction), secondsLeft: estimate.secondsLeft(elapsed: elapsed, forkFraction: fraction)) + " "
        }
        write("\r\u{1B}[2K" + text + Self.describe(update, step: step, of: total, strategy: strategy))
        lineIsOpen = true
    }

    /// Says in a log that a group of measurements has been sampled, with each one's samples; a
    /// terminal's line moves on to the next group instead.
    ///
    /// - Parameters:
    ///   - name: The group's measurement name (two names alternating, joined by ` + `).
    ///   - step: The group's 1-based position in the run, of `total`.
    ///   - samples: Each measurement's label (its strategy, or nothing for a measurement of none) and
    ///     its samples (`48`, or `24+24` for a pair), in sampling order.
    func finishedGroup(_ name: String, step: Int, of total: Int, samples: [(label: String, count: String)]) {
        guard !isTerminal, !quiet else { return }
        let counts = samples.map { $0.label.isEmpty ? "\($0.count)" : "\($0.label) \($0.count)" }.joined(separator: ", ")
        write(prefix + "[\(step)/\(total)] \(name): \(counts) samples\n")
    }

    /// The run's bar, how far it has got and the time left: `▕███░░░▏ 16% 1m 12s left`.
    static func bar(_ fraction: Double, secondsLeft: Double?) -> String {
        let fraction = min(max(fraction, 0), 1)
        let full = Int((fraction * Double(barCells)).rounded(.down))
        let cells = String(repeating: "█", count: full) + String(repeating: "░", count: barCells - full)
        let left = secondsLeft.map { Self.duration($0) + " left" } ?? "estimating time left"
        return "▕\(cells)▏ \(Int((fraction * 100).rounded(.down)))% \(left)"
    }

    /// The bar's width in cells.
    static let barCells = 20

    /// Whole seconds as `45s`, `1m 12s` or `1h 03m`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m \(String(format: "%02d", whole % 60))s" }
        return "\(whole / 3600)h \(String(format: "%02d", whole / 60 % 60))m"
    }

    /// Shows a line of the bench's own on a terminal only: a stage the next line replaces at once
    /// (the measurement being counted), which a log would only pile up.
    func passing(_ text: String) {
        guard isTerminal, !quiet else { return }
        write("\r\u{1B}[2K" + prefix + text)
        lineIsOpen = true
    }

    /// Shows a line of the bench's own, such as the scenario being counted.
    func note(_ text: String) {
        guard !quiet else { return }
        if isTerminal {
            write("\r\u{1B}[2K" + prefix + text)
            lineIsOpen = true
        } else {
            write(prefix + text + "\n")
        }
    }

    /// Writes a line that stays, on a terminal as in a log: a phase's end, which a later update must
    /// not overwrite.
    func say(_ text: String) {
        guard !quiet else { return }
        write((isTerminal ? "\r\u{1B}[2K" : "") + prefix + text + "\n")
        lineIsOpen = false
    }

    /// Clears the line on a terminal, so the report that follows starts on a clean line.
    func finish() {
        guard isTerminal, lineIsOpen, !quiet else { return }
        write("\r\u{1B}[2K")
        lineIsOpen = false
    }

    /// The text of one update, without control characters.
    static func describe(_ progress: SamplingProgress, step: Int, of total: Int, strategy: FigureStrategy) -> String {
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
