/// The ways `bench --instructions` has counted, numbered.
///
/// A results file records the way its counts were made (`ResultsFile.countingMethod`). A new way can
/// move a count with no change to the work (another call counted, another heap under it), so `bench
/// compare` lets instruction counts decide only between files counted the same way, and says "counting
/// method changed" otherwise; `bench merge` refuses to mix them.
enum CountingMethod {
    /// The way this bench counts.
    static let current = 2

    /// What each way was, by number; docs/instruction-counting.md has the runs behind each.
    static let descriptions: [Int: String] = [
        1: "a probe call of its own after the warm-up, then N calls counted, N even and at least 2",
        2: "the probe is the first of the N calls counted, so each measurement runs one call fewer under callgrind; "
            + "an operation run after its own set-up counts from one call up, not rounded to even; with the hash seed "
            + "fixed, the measurements are dealt out in turn to two processes that count side by side",
    ]

    /// What way `number` was, for a line that names it.
    static func describe(_ number: Int) -> String {
        "method \(number) (\(descriptions[number] ?? "unknown to this bench"))"
    }
}
