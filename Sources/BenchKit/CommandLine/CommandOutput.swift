/// What a command that only reads files produces: its standard output, its lines for standard error,
/// and its exit status.
///
/// A value, so `compare` and `export` run whole in a test, exit status included, and `main` only writes
/// it out.
public struct CommandOutput: Sendable, Equatable {
    /// Everything for standard output.
    public var standardOutput: String
    /// Lines for standard error, without their newlines.
    public var standardError: [String]
    /// The exit status.
    public var status: Int32

    /// Creates an output.
    public init(standardOutput: String, standardError: [String], status: Int32) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.status = status
    }

    /// A refusal: nothing on standard output, one line on standard error, exit status 2.
    public static func refusal(_ line: String) -> CommandOutput {
        CommandOutput(standardOutput: "", standardError: [line], status: ComparisonExitStatus.refused.rawValue)
    }
}
