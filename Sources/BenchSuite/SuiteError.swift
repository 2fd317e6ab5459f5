/// Why the suite could not do what a run asked of it, in one line for standard error.
///
/// Thrown where the bench's own work fails rather than the user's input: a measurement that
/// cannot be built from the spec, a profile's dump that cannot be read, a build that cannot count. A
/// child that fails is a `ChildFailure`. `BenchCommand` prints the line and exits 2.
public struct SuiteError: Error, CustomStringConvertible {
    /// What failed and where, in one line.
    public let description: String

    init(_ description: String) { self.description = description }
}
