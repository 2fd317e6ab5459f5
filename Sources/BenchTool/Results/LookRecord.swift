/// One look a run took after its first: the forks it judged on, the limits that took it, and the
/// measurements it measured again.
///
/// A run of a version 4 limits file whose decision waits on undecided limits measures more forks of
/// only the measurements those limits read (`Limit.measurementsRead`), up to the schedule's next
/// count, and judges again on all forks. Each such look is recorded, so a reader can see which limits
/// took more forks and how many, and `bench validate` can judge the file's figures again as the run did.
public struct LookRecord: Sendable, Equatable, Codable {
    /// The forks every measurement of `measurements` has after this look.
    public var forks: Int
    /// The ids of the limits the decision waited on, undecided before this look.
    public var limits: [String]
    /// The measurements measured again, as `name [strategy]`.
    public var measurements: [String]

    /// A look at `forks` forks, taken for `limits` (their ids), measuring `measurements` again (their
    /// labels, `name [strategy]`).
    public init(forks: Int, limits: [String], measurements: [String]) {
        self.forks = forks
        self.limits = limits
        self.measurements = measurements
    }
}
