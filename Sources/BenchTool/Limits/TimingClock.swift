/// The clock a timing limit is judged on: every sample is timed on both (limits file version 6).
///
/// The monotonic clock counts every nanosecond that passed, including those the thread spent waiting
/// for a CPU while another process ran; on a machine with a busy loop on each core that made a fork's
/// own ratio of two commits ±100 % where a quiet run knows it to ±2 %. The thread's CPU clock
/// (`CLOCK_THREAD_CPUTIME_ID`) counts only the time the thread ran, so a preemption inside a batch adds
/// nothing to it. A ratio of two costs is judged on it; a time a user waits, such as a read's 50 µs, is
/// judged on the monotonic clock, since waiting for a CPU is part of what a user waits for.
enum TimingClock: String, Sendable, Equatable, CaseIterable, Codable {
    /// `CLOCK_MONOTONIC`: the time that passed (`samples`).
    case wall
    /// `CLOCK_THREAD_CPUTIME_ID`: the time the measuring thread ran (`threadCPUSamples`).
    case threadCPU

    /// How a report names the clock.
    var words: String {
        switch self {
        case .wall: "the monotonic clock"
        case .threadCPU: "the thread's CPU clock"
        }
    }
}
