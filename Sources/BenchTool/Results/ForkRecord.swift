import Harness

/// One process's share of a measurement, when the run measured in several (`bench --forks N`).
///
/// Each fork is a fresh process of the same binary: its own address-space layout, heap and caches, and
/// its own calibration. Its samples lie consecutively in the measurement's `samples`, in fork order,
/// so a reader can group them again: between-process variation is what a comparison across commits
/// must allow for, and one process's samples do not show it.
struct ForkRecord: Sendable, Equatable, Codable {
    /// How many of the measurement's samples this fork took.
    var samples: Int
    /// The fork's batch size: each fork calibrates its own.
    var batchSize: Int
    /// Why the fork's sampling stopped.
    var stopReason: MeasurementResult.StopReason
}
