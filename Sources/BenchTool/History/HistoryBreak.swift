/// A run whose figures of one basis the history could not set against any earlier run's, though an
/// earlier run has them: every earlier one ran on another machine, toolchain, allocator or build.
///
/// Said once a run and basis, where the series of comparable runs begins anew: nothing is claimed
/// about a change across it.
struct HistoryBreak: Sendable, Equatable {
    /// The run, as an index into `History.runs`.
    var run: Int
    /// The figures not compared.
    var basis: ComparisonBasis
    /// The nearest earlier run with such figures, as an index into `History.runs`.
    var since: Int
    /// The first field of the environment the two runs differ in.
    var field: String
    /// `not compared: another machine`.
    var text: String
}
