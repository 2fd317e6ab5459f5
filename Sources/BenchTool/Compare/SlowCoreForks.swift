import Harness

/// The forks of one measurement a comparison of time sets aside because the core ran slow while they
/// sampled it, as the speed probe read it (`SpeedProbe`, `BatchRecord.speedProbeNanoseconds`).
///
/// On a shared machine a core can run 1.3-1.9x slower for seconds at a time (a hypervisor giving its
/// other hyperthread to another guest) while the run queue and steal read nothing, and the thread's
/// CPU clock is stretched by it as much as by a slower build. The probe is the same work in every build
/// that has it and touches no memory, so its reading moves with the core alone: a fork whose reading is
/// more than `beyond` times the comparison's fast core (`fastCore(of:)`) ran on a slowed core, and its
/// median says more about the machine than about the code. Such forks are set aside on both sides
/// alike before the ratio, its interval and the rank test are taken; what is left is judged as ever,
/// and a side left with too few forks cannot tell. The rule reads nothing of the measurement itself, so
/// it cannot favour either build. A file without readings (made before schema 12) sets nothing aside.
struct SlowCoreForks: Sendable, Equatable, Codable {
    /// OLD's forks set aside.
    var old: Int
    /// OLD's forks in all.
    var oldForks: Int
    /// NEW's forks set aside.
    var new: Int
    /// NEW's forks in all.
    var newForks: Int

    /// How far over the fast core a fork's reading may be and still be judged: declared with the rule,
    /// before any run was judged by it. Quiet processes of one build read the probe within about 5 % of
    /// each other here; the slowed core reads 1.3x and more.
    static let beyond = 1.15

    /// The quantile of every reading of a comparison taken as its fast core: low, so that a run whose
    /// core was slow most of the time still has its fast reading, and not the least, which one odd
    /// reading would set.
    static let fastCoreQuantile = 0.1

    /// The fast core's reading over `records`, both sides of a comparison: the `fastCoreQuantile` of
    /// every reading of every process; nil where no record has readings.
    static func fastCore(of records: [MeasurementRecord]) -> Double? {
        let readings = records.flatMap { $0.batches.speedProbeNanoseconds ?? [] }.filter { $0 > 0 }
        guard !readings.isEmpty else { return nil }
        return Statistics.percentile(fastCoreQuantile, of: readings)
    }

    /// Which of `record`'s forks to judge, in fork order: those whose reading is at most `beyond` times
    /// `fastCore`. Every fork where the record has no reading for each of its processes.
    static func kept(_ record: MeasurementRecord, fastCore: Double) -> [Bool] {
        let processes = record.sampleGroups.count
        guard let readings = record.batches.speedProbeNanoseconds, readings.count == processes else {
            return Array(repeating: true, count: processes)
        }
        return readings.map { $0 <= fastCore * beyond }
    }

    /// Whether setting them aside would leave either side fewer than two forks, too few to judge.
    var leavesTooFew: Bool { oldForks - old < 2 || newForks - new < 2 }

    /// `record`'s sample groups on `clock` (the monotonic clock's where it lacks that one) that a
    /// comparison judges: those of the forks `kept(_:fastCore:)` keeps where at least two are, else every
    /// fork's. Without a `fastCore`, every fork's. Enough for a screen of many pairs (history's steps); the
    /// comparison itself also weighs the other side.
    static func judgedGroups(_ record: MeasurementRecord, on clock: TimingClock, fastCore: Double?) -> [[Double]] {
        let all = record.sampleGroups(on: clock) ?? record.sampleGroups
        guard let fastCore else { return all }
        let groups = keeping(all, kept(record, fastCore: fastCore))
        return groups.count >= 2 ? groups : all
    }

    /// The groups whose fork is kept, in order.
    static func keeping(_ groups: [[Double]], _ kept: [Bool]) -> [[Double]] {
        zip(groups, kept).filter(\.1).map(\.0)
    }

    /// The words a report gives it, e.g. `2 of 16 forks of old and 3 of 16 of new set aside: the core ran
    /// over 1.15x its fast speed`.
    var words: String {
        "\(old) of \(oldForks) forks of old and \(new) of \(newForks) of new set aside: the core ran over "
            + "\(FigureText.ratio(Self.beyond)) its fast speed"
    }
}
