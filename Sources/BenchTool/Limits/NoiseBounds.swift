/// The bounds past which a run's forks were disturbed by other load, declared in the limits file
/// (version 6, `"noise"`) before any run is judged on them.
///
/// A gating timing limit still undecided when its schedule of looks is spent sets its shape aside on a
/// quiet machine; on a disturbed one, a quieter machine might have decided it, so the run ends "too
/// noisy to decide" instead (`Judge.decide`). Two signals, either enough: how much of their time the
/// forks waited for a CPU (the kernel's run-queue delay, `ForkLoadRecord.runQueueShare`, the median over
/// forks), and how well a fork knows its own ratio of the limit's two medians on the limit's clock
/// (`Judge.withinForkSpread`, the median over forks). A pass or a fail stands whatever the signals say.
struct NoiseBounds: Sendable, Equatable, Codable {
    /// The median fork's run-queue delay over its wall time above which the run was disturbed.
    var runQueueShare: Double
    /// The relative half-width of a fork's own ratio (95 %, the median over forks) above which the
    /// limit's forks were disturbed.
    var ownRatioSpread: Double
    /// Why the bounds are where they are, in the file's words.
    var note: String
}
