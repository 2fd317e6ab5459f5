import Harness

/// The body re-run counts a run takes from an earlier run of its build (`--counts-from FILE`) instead
/// of counting them again.
///
/// A count is of body re-runs, not of time: the same code over the same spec and selection counts the
/// same, so runs made one after another (the release gate's sixteen) need the counting once. What makes
/// two runs count alike is checked, and anything else is refused before the run measures: the commit
/// and whether its tree was dirty, the toolchain and configuration it was built with, the spec, the
/// filter and the shapes. A dirty tree's edits are not told apart: one made between the two runs and
/// built in goes unseen, so borrow only from a run of the same executable.
enum BorrowedCounts {
    /// The counts in the results file at `path`, once it is shown to be a run of this build and selection.
    ///
    /// - Parameters:
    ///   - path: The results file.
    ///   - options: This run's options.
    ///   - environment: This run's machine and build.
    /// - Throws: `BenchError` (exit 2) naming the file and what differs, or what makes it unreadable.
    static func read(from path: String, options: RunOptions, environment: MachineEnvironment) throws(BenchError) -> [CountRecord] {
        let file = try ResultsReader.read(path: path)
        let pairs = zip(
            ResultsMerge.buildAndSelection(file.environment, file.options), ResultsMerge.buildAndSelection(environment, RunRecord(options)))
        for ((field, theirs), (_, ours)) in pairs where theirs != ours || (field == "commit" && ours == "unknown") {
            throw .at(path, "--counts-from needs a run of this build and selection: its \(field) is '\(theirs)', this run's '\(ours)'")
        }
        return file.counts
    }
}
