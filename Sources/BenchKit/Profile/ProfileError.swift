/// Input `bench profile` or `bench profile diff` cannot use, said in one line: a missing tool (with
/// the command that installs it), a directory that is not a profile or profiles other measurements,
/// an output directory that exists, a filter that selects nothing.
///
/// `main` prints `bench: ` and the message on standard error and exits 2.
public struct ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, and where.
    public let message: String

    /// Creates an error from its message.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
