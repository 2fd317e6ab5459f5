/// A subscription's stream, as a value a view reads as it is. Not a phase: a stream that waits to
/// reconnect is not loading.
public enum StreamState: Hashable, Sendable {
    /// Opening the stream.
    case connecting
    /// Connected; events arrive.
    case open
    /// The connection dropped; the next attempt, counting from 1, is due at `at`.
    case waitingToReconnect(attempt: Int, at: Moment)
    /// The stream is over: completed by the server (nil), cancelled, or given up on after a failure.
    case ended(Failure?)
}
