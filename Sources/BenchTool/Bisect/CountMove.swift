/// One measurement's count moving beyond the threshold between two counted commits.
public struct CountMove: Sendable, Equatable {
    /// The measurement whose count moved.
    public var measurement: MeasurementKey
    /// `slower` for more instructions per operation, `faster` for fewer, as `bench compare` says it.
    public var verdict: ComparisonVerdict
    /// The last commit counted before the move, with the count it had.
    public var since: String
    /// The count at `since`.
    public var before: Double
    /// The first commit counted after the move, with the count it has: the last of the step's candidates.
    public var until: String
    /// The count at `until`.
    public var after: Double

    /// `after / before`; infinite from a count of zero.
    public var ratio: Double { after / before }
}
