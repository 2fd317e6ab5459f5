/// Why a limits file was refused, as the one line `bench` prints before exiting 2.
///
/// Two shapes: a syntax error points at the character (`limits.json:7:21: expected ',' or '}' ...`);
/// a file that parses but does not say a coherent limit names the limit
/// (`limits.json: limit 'phase-read': unknown comparison 'lessthan'`).
public struct LimitsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The whole line, path first.
    public let line: String

    /// Creates an error from its whole line.
    public init(line: String) {
        self.line = line
    }

    public var description: String { line }
}
