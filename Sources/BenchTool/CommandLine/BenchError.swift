/// What stops a command: the lines it says on standard error and the status it exits with.
///
/// Every error of the bench's own (a bad option, a missing or corrupt file, a limits file that names
/// what the bench lacks, a spec that fails its checks, a child process that failed) is one of these.
/// Its `lines` say what and where, without the `bench: ` that `written` puts before each; a usage
/// mistake says so by pointing at `--help`. The model's own errors (a malformed fixture, a lens
/// error) stay the model's, and are written through their description.
public struct BenchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, one line each, without the `bench: ` prefix.
    var lines: [String]
    /// Whether the mistake is in how the bench was called: `written` then ends with `(try --help)`.
    var pointsToHelp: Bool
    /// The status the command exits with.
    var status: ExitStatus

    /// An error of one line or more, exiting `status` (a usage or input error unless said).
    init(lines: [String], pointsToHelp: Bool = false, status: ExitStatus = .usageOrInputError) {
        self.lines = lines
        self.pointsToHelp = pointsToHelp
        self.status = status
    }

    /// An error of one line, exiting 2.
    init(_ line: String) {
        self.init(lines: [line])
    }

    /// A mistake in the command line: one line that ends, written, with `(try --help)`.
    static func usage(_ message: String) -> BenchError {
        BenchError(lines: [message], pointsToHelp: true)
    }

    /// A line about the file or directory at `path`: `PATH: message`.
    static func at(_ path: String, _ message: String) -> BenchError {
        BenchError("\(path): \(message)")
    }

    /// The lines as the user reads them: each after `bench: `, a usage mistake's with `(try --help)`.
    var written: [String] {
        lines.map { CommandOutput.said($0) + (pointsToHelp ? " (try --help)" : "") }
    }

    /// The lines joined, without the prefix: what a caller that quotes the error puts in its own line.
    public var line: String { lines.joined(separator: "\n") }

    public var description: String { line }
}
