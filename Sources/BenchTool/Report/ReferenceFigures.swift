/// The decision record's figures for a read per field, quoted: another machine's, never ours.
///
/// They come from the record's Evidence ("BENCHMARKS.md, 2026-10-04 at 2ba3d18, an M1 Pro: a tracked
/// read in a row body of eight fields costs 638 ns a field at the median, against 25.9 ns for an
/// untracked read"). Reports print them on a labelled line of their own beside this run's figures for
/// the same reads; they never enter a table, a results file's measurements or a verdict.
enum ReferenceFigures {
    /// The label every printing of the figures carries.
    static let label = "reference (another machine: Apple M1 Pro, decision record)"
    /// A tracked read per field in a row body of eight fields, median, in nanoseconds.
    static let trackedReadNanoseconds = 638.0
    /// An untracked read per field in the same body, median, in nanoseconds.
    static let untrackedReadNanoseconds = 25.9
    /// The reference line: `reference (another machine: ...): tracked 638 ns, untracked 25.9 ns ...`.
    static var line: String {
        "\(label): a read per field in a row body of eight fields, median: tracked "
            + "\(FigureText.duration(trackedReadNanoseconds)), untracked \(FigureText.duration(untrackedReadNanoseconds)), "
            + "tracked/untracked \(FigureText.ratio(trackedReadNanoseconds / untrackedReadNanoseconds))"
    }

    /// This run's figures for the same reads (`KeyMeasurements.fieldTracked` and `fieldUntracked`),
    /// or why there are none.
    static func measuredLine(in results: ResultsFile) -> String {
        let (trackedMeasurement, untrackedMeasurement) = (KeyMeasurements.fieldTracked, KeyMeasurements.fieldUntracked)
        // Reads per field do not depend on the phase strategy; take the strategy-free figure first.
        guard let tracked = results.strategyFreeMedian(trackedMeasurement), let untracked = results.strategyFreeMedian(untrackedMeasurement) else {
            return "this run: \(trackedMeasurement) and \(untrackedMeasurement) were not both measured"
        }
        return "this run (\(results.environment.cpuModel)): tracked \(FigureText.duration(tracked)), "
            + "untracked \(FigureText.duration(untracked)), tracked/untracked \(FigureText.ratio(tracked / untracked))"
    }
}
