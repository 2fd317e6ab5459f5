/// One measurement's count moving beyond the threshold between two counted commits.
struct CountMove: Sendable, Equatable {
    /// The measurement whose count moved.
    var measurement: MeasurementKey
    /// `slower` for more instructions per operation, `faster` for fewer, as `bench compare` says it.
    var verdict: ComparisonVerdict
    /// The last commit counted before the move, with the count it had.
    var since: String
    /// The count at `since`.
    var before: Double
    /// The first commit counted after the move, with the count it has: the last of the step's candidates.
    var until: String
    /// The count at `until`.
    var after: Double

    /// `after / before`; infinite from a count of zero.
    var ratio: Double { after / before }
}
