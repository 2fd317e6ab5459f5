/// One measurement's wall time from one commit to a later one, the two timed together.
public struct TimedMove: Sendable, Equatable {
    /// The measurement timed.
    public var measurement: MeasurementKey
    /// What timing tells of it, with its figures.
    public var change: TimedChange

    /// The move of `measurement`.
    public init(measurement: MeasurementKey, change: TimedChange) {
        self.measurement = measurement
        self.change = change
    }
}
