/// A child the bench started (`ChildCommand`) did not give the answer it was told to, in one line for
/// standard error.
///
/// It could not be started, it exited with another status than 0 or was killed, or what it left
/// cannot be read or names other measurements than were selected. `BenchCommand` prints the line and
/// exits 2.
public struct ChildFailure: Error, CustomStringConvertible {
    /// Which child failed, and how, in one line.
    public let description: String

    init(_ description: String) { self.description = description }
}
