import JSON

/// The layouts of a results file, in order: what each number changed, and how a file of the one before
/// is read as it.
///
/// A file states its layout in `schema`. This bench writes `current` and reads every number up to it:
/// a file of an older one is brought to the current layout, step by step, before it is decoded, so the
/// rest of the bench knows one layout only. A key added to the file raises the number, with a change
/// here saying what it is and what an older file reads as; results/README.md says what each key holds.
enum ResultsSchema {
    /// One layout: its number, when it came, what it changed, and how a file of the layout before reads.
    struct Change: Sendable {
        /// The number a file of this layout states.
        var schema: Int
        /// The day it came, `yyyy-MM-dd`.
        var date: String
        /// What changed from the layout before, in words.
        var note: String
        /// Brings the JSON of a file of the layout before to this one.
        let upgrade: @Sendable (inout JSONValue) -> Void
    }

    /// Every layout, oldest first.
    static let changes: [Change] = [
        Change(
            schema: 1, date: "2026-11-29",
            note: "The first layout. Keys came while the number stayed 1, so a file of schema 1 may lack any "
                + "of those schema 2 lists.",
            upgrade: { _ in }),
        Change(
            schema: 2, date: "2026-12-02",
            note: "The number counts the layout: from here a key added raises it. Four keys that came under "
                + "schema 1 are required, and a file of schema 1 without them reads as its run was made: "
                + "options.forks as 1 (it measured in its own process), measurements[].policy.maximumBatchesPerRound "
                + "as 1 (one batch a round), limits[].bodyDifferences as null (not kept), and fits[].points[].measurement "
                + "as the measurement of the fit's strategy whose median is the point's y. A verdict schema 1 wrote "
                + "inconclusive reads as undecided. The keys written only where there is something to say may be "
                + "absent, as before; a file of schema 1 made before one of them came reads without it: scaling, "
                + "shapes, readFloor, phases, looks, looksTaken, subjects[].why and .fieldErrors, limits[].headroom "
                + "and .instructionRatio, decision.shape; so do measurements[].instructionsPerOperation, "
                + "instructionsUnderOtherHashSeeds, forks and policy.targetRelativeHalfWidth, written null when empty.",
            upgrade: ResultsUpgrade.fromSchema1),
        Change(
            schema: 3, date: "2026-12-02",
            note: "A figure no shape changes is strategy unshaped, the word reports use for it; schema 2 and "
                + "before wrote none, which reads as unshaped.",
            upgrade: ResultsUpgrade.fromSchema2),
        Change(
            schema: 4, date: "2026-12-03",
            note: "options.roundOrderSeeds: the seed the shapes' shuffled order in every round came from, one for each "
                + "run the file holds (a merged file holds several). A file of schema 3 or before has none, and reads "
                + "without it: its shapes took their turns in one order, every round.",
            upgrade: { _ in }),
        Change(
            schema: 5, date: "2026-12-03",
            note: "One fork, one vote: measurements[].summary.median of a record measured in forks is the median of the "
                + "forks' medians, and summary.medianInterval the exact order-statistic interval over them (from the least "
                + "fork median to the most, at the level that span holds, with too few forks for the policy's). A file of "
                + "schema 4 or before recorded the median of every sample pooled, with a two-stage bootstrap interval, and "
                + "reads as recorded.",
            upgrade: { _ in }),
        Change(
            schema: 6, date: "2026-12-04",
            note: "limits[].handleShare: for a cost limit (a shape's commit over stored's) whose commit the run also measured "
                + "with no handle retained, the handle's share: each fork's (shape's commit less its commit with no handle) over "
                + "(stored's less stored's), the median of the forks' shares with the order-statistic interval over them, at "
                + "the limit's level. Reported, not judged. A file of schema 5 or before has none, and reads without it.",
            upgrade: { _ in }),
        Change(
            schema: 7, date: "2026-12-05",
            note: "countingMethod: the way the instruction counts were made (CountingMethod), 2 from here: the probe is "
                + "the first counted call, and two processes share the fixed seed's measurements. A file of schema 6 or before with counts made them by method 1, a probe call of "
                + "its own, and reads so; one without counts reads without it.",
            upgrade: ResultsUpgrade.fromSchema6),
        Change(
            schema: 8, date: "2026-12-06",
            note: "Two clocks and what the machine did. measurements[].threadCPUSamples and batches.threadCPUNanoseconds: every "
                + "sampled batch timed on the thread's CPU clock (CLOCK_THREAD_CPUTIME_ID) beside the monotonic one, in the order of "
                + "samples, its overhead (timer.threadCPUOverheadNanoseconds) subtracted. forkLoads: one entry for each fork, in fork "
                + "order, with what its process saw from its start to its records: the share of its time it waited for a CPU "
                + "(run-queue delay), its share on a CPU, its involuntary and voluntary context switches, the machine's CPU pressure "
                + "and steal over it, and the load average at its start and end. From limits version 6: noise, the limits file's "
                + "bounds of a disturbed run; limits[].clock, the clock a timing limit is judged on; limits[].disturbance, how "
                + "disturbed its forks were; and decision.outcome tooNoisy. A file of schema 7 or before has none of these, and reads "
                + "without them: its batches were timed on the monotonic clock alone.",
            upgrade: { _ in }),
        Change(
            schema: 9, date: "2026-12-06",
            note: "method is a list of clauses, each a string, in the order a report lists them, so a program reads the method "
                + "without splitting prose. A file of schema 8 or before wrote one string of the clauses joined by \"; \", and "
                + "reads as the list of its parts between them, as reports listed it.",
            upgrade: ResultsUpgrade.fromSchema8),
        Change(
            schema: 10, date: "2026-12-06",
            note: "measurements[].sampleTerms: what turns the raw batches into the samples, a sample being (batch - overhead) / "
                + "batch size / operationsPerCall, with each process's own timer overhead on each clock (overheadNanoseconds and "
                + "threadCPUOverheadNanoseconds, one for each fork in fork order, or one). Where the terms give back every sample on "
                + "both clocks bit for bit, samples is written empty and threadCPUSamples null, and a reader computes them from the "
                + "batches in that order of operations: they were most of a file. A file of schema 9 or before has no terms, and "
                + "its samples as written.",
            upgrade: { _ in }),
        Change(
            schema: 11, date: "2026-12-07",
            note: "limits[].handleShare.clock: the clock the forks' medians of the handle's share were taken on, the limit's own "
                + "(limits version 6: the thread's CPU clock, as the cost limit beside it), or wall where a record lacked it. A file "
                + "of schema 10 or before took its share on the monotonic clock whatever the limit judged, has no clock, and reads so.",
            upgrade: { _ in }),
        Change(
            schema: 12, date: "2026-12-08",
            note: "measurements[].batches.speedProbeNanoseconds: how fast the core ran while each process sampled, one for each "
                + "fork in fork order, or one: the median over the sampling rounds of a fixed chain of arithmetic in registers "
                + "timed on the thread's CPU clock after each round's batches (less is faster). That clock does not count "
                + "waiting for a CPU, but a core a hypervisor shares with another guest, or slows, stretches it; the probe "
                + "reads that. A file of schema 11 or before has no key, and reads without it.",
            upgrade: { _ in }),
    ]

    /// The layout this bench writes.
    static let current = changes[changes.count - 1].schema

    /// The JSON of a file of layout `schema`, brought to the current one.
    ///
    /// An upgrade fills in what the older layout left out where the file says what it must be, and
    /// leaves the rest alone: what is still missing or wrong, decoding names.
    static func upgrade(_ value: JSONValue, from schema: Int) -> JSONValue {
        var value = value
        for change in changes where change.schema > schema { change.upgrade(&value) }
        return value
    }
}
