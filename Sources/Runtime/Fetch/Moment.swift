/// A point on the environment's clock, in nanoseconds from its start.
///
/// The runtime reads time only through `ScriptedClock`, so a test or a workload decides what the time
/// is and every run is the same.
public struct Moment: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the clock's start.
    public var nanoseconds: Int64

    /// The moment `nanoseconds` after the clock's start, at which every `ScriptedClock` begins; tests write
    /// the times they expect this way.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static func < (lhs: Moment, rhs: Moment) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// This moment moved on by `duration`.
    public func advanced(by duration: Duration) -> Moment {
        let (seconds, attoseconds) = duration.components
        return Moment(nanoseconds: nanoseconds + seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// `t+1.5s`-style, for messages.
    public var description: String { "t+\(Double(nanoseconds) / 1e9)s" }
}

/// The environment's clock: it moves only when told.
public final class ScriptedClock {
    /// The current time.
    public private(set) var now = Moment(nanoseconds: 0)

    /// Creates a clock at zero.
    public init() {}

    /// Moves the clock on.
    public func advance(by duration: Duration) {
        now = now.advanced(by: duration)
    }
}
