/// The A/B switches on the tracked read path that are on in this process, as one byte a record keeps:
/// off, the switches cost one load and one predictable branch per read, however many there are.
struct ABSwitch: OptionSet, Sendable {
    let rawValue: UInt8

    /// `BENCH_AB_EXTRA_WORK=1`: a known amount of work (`ExtraReadWork`).
    static let extraWork = ABSwitch(rawValue: 1 << 0)
    /// `BENCH_AB_COLD_READS=KIB`: one load the caches do not hold (`ColdReads`).
    static let coldReads = ABSwitch(rawValue: 1 << 1)

    /// The switches the process's environment turns on, read once.
    static let current: ABSwitch = {
        var on: ABSwitch = []
        if ExtraReadWork.isOn { on.insert(.extraWork) }
        if ColdReads.kibibytes != nil { on.insert(.coldReads) }
        return on
    }()

    /// Does what each switch that is on adds to a tracked read.
    @inline(never)
    func perform() {
        if contains(.extraWork) { ExtraReadWork.perform() }
        if contains(.coldReads) { ColdReads.step() }
    }
}
