/// A command line the bench cannot run, said in one line.
///
/// `main` prints `line` to standard error and exits 2. The message names the offending argument, so a
/// reader never has to guess which of several options was wrong.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, without the `bench:` prefix, e.g. `unknown option '--fast'`.
    public let message: String

    /// Creates an error from its message.
    public init(_ message: String) {
        self.message = message
    }

    /// The line printed on standard error: `bench: unknown option '--fast' (try --help)`.
    public var line: String { "bench: \(message) (try --help)" }

    public var description: String { line }
}
