/// What one measurement's count did between GOOD and BAD, as far as the commits probed show.
struct CountCourse: Sendable, Equatable {
    /// How the count went.
    enum Kind: String, Sendable, Equatable, Codable {
        /// GOOD or BAD has no count of it (did not build, or does not measure it): nothing was searched.
        case notCounted = "not counted at GOOD or BAD"
        /// GOOD and BAD agree within the threshold, and no commit probed between them disagrees.
        case unchanged
        /// It moved beyond the threshold at one or more steps, all the same way.
        case stepped
        /// It moved one way at one step and the other way at another: up and back down, or down and
        /// back up.
        case movedBackAndForth = "moved back and forth"
        /// GOOD and BAD differ beyond the threshold, but no two adjacent commits counted do: it moved
        /// by small amounts over several commits.
        case drifted = "drifted: no one commit moved it beyond the threshold"
    }

    /// The measurement.
    var measurement: MeasurementKey
    /// Its count at GOOD, when counted.
    var good: Double?
    /// Its count at BAD, when counted.
    var bad: Double?
    /// How it went.
    var kind: Kind
    /// Its moves, oldest first.
    var moves: [CountMove]
    /// Whether GOOD and BAD agree, yet commits probed between them (for another measurement's search)
    /// showed moves: the search itself does not look between counts that agree, so moves that cancel
    /// out are found only so, and there may be more of them where no probe landed.
    var seenBetweenAgreeingEnds: Bool
}
