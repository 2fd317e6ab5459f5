/// One measurement's wall time from one commit to a later one, the two timed together.
struct TimedMove: Sendable, Equatable {
    /// The measurement timed.
    var measurement: MeasurementKey
    /// What timing tells of it, with its figures.
    var change: TimedChange
}
