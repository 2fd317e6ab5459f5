/// What a command produces: its standard output, its lines for standard error, and its exit status.
///
/// Every command returns one, so each runs whole in a test, exit status included, and
/// `BenchCommand.main` only writes it out: `standardError` first, so warnings are read before the
/// figures they qualify, then `standardOutput`, then `closingLines` (a run's last line, which names
/// the file it wrote). A run's progress is the one thing said as it happens, on standard error.
public struct CommandOutput: Sendable, Equatable {
    /// Everything for standard output.
    var standardOutput: String
    /// Lines for standard error before standard output, without their newlines.
    var standardError: [String]
    /// Lines for standard error after standard output, without their newlines.
    var closingLines: [String]
    /// The exit status, an `ExitStatus`'s raw value.
    var status: Int32

    init(standardOutput: String, standardError: [String] = [], closingLines: [String] = [], status: ExitStatus = .success) {
        self.init(standardOutput: standardOutput, standardError: standardError, closingLines: closingLines, status: status.rawValue)
    }

    /// An output of any exit status: a child process's, as a test reads it.
    init(standardOutput: String, standardError: [String], closingLines: [String] = [], status: Int32) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.closingLines = closingLines
        self.status = status
    }

    /// A refusal: nothing on standard output, the error's lines on standard error, its status.
    static func refusal(_ error: BenchError) -> CommandOutput {
        CommandOutput(standardOutput: "", standardError: error.written, status: error.status)
    }

    /// `text` as the bench says a line on standard error: after `bench: `.
    public static func said(_ text: String) -> String { "bench: " + text }
}
