/// Why a results file could not be written, read or accepted, as one line starting with its path.
///
/// Examples: `results/x.json: not a results file: schema 2 (this bench reads schema 1)`,
/// `results/x.json: exists; refusing to overwrite it`. `main` prints the line and exits 2.
public struct ResultsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The whole line, path first.
    public let line: String

    /// Creates an error from its whole line.
    public init(line: String) {
        self.line = line
    }

    /// An error about the file at `path`.
    static func at(_ path: String, _ message: String) -> ResultsFileError {
        ResultsFileError(line: "\(path): \(message)")
    }

    /// A file that is not a results file this bench can read.
    static func notAResultsFile(_ path: String, _ what: String) -> ResultsFileError {
        at(path, "not a results file: \(what)")
    }

    public var description: String { line }
}
