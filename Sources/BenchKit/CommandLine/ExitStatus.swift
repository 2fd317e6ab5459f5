/// How every `bench` command exits: the one status a command's `CommandOutput` or `BenchError`
/// carries.
public enum ExitStatus: Int32, Sendable, Equatable, Codable {
    /// The command did what it was asked and found nothing that fails: every gating limit passed, or
    /// with shapes a shape ships; a file was read and is valid; a comparison found no regression, or
    /// was not asked to fail on one.
    case success = 0
    /// The command ran and what it found fails: a gating limit failed, was undecided or was not
    /// judged, or no shape ships; a comparison under `--fail-on-regression` found a regression.
    case failure = 1
    /// A usage or input error, or files that cannot be compared, said on standard error before
    /// anything is measured.
    case usageOrInputError = 2
}
