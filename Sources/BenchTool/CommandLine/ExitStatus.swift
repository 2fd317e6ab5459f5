/// How every `bench` command exits: the one status a command's `CommandOutput` or `BenchError`
/// carries.
enum ExitStatus: Int32, Sendable, Equatable, Codable {
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
    /// The run was too noisy to decide: a limit the decision needed was still undecided at its last look
    /// on forks disturbed past the limits file's `noise` bounds (another process had the CPU). Nothing
    /// ships on it, and nothing failed: run again on a quiet machine.
    case tooNoisy = 3
}
