/// One look a run took after its first: the forks it judged on, the limits that took it, and the
/// measurements it measured again.
///
/// A run of a version 4 limits file whose decision waits on undecided limits measures more forks of
/// only the measurements those limits read (`Limit.measurementsRead`), up to the schedule's next
/// count, and judges again on all forks. Each such look is recorded, so a reader can see which limits
/// took more forks and how many, and `bench validate` can judge the file's figures again as the run did.
struct LookRecord: Sendable, Equatable, Codable {
    /// The forks every measurement of `measurements` has after this look.
    var forks: Int
    /// The ids of the limits the decision waited on, undecided before this look.
    var limits: [String]
    /// The measurements measured again, as `name [strategy]`.
    var measurements: [String]
}
