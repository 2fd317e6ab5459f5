/// How fast this core runs now: a fixed chain of arithmetic in registers, timed on the thread's CPU
/// clock.
///
/// The thread's CPU clock does not count time the thread waited for a CPU, but it does count a core
/// that runs slower: a hypervisor's other guest on the same physical core (its hyperthread sibling), a
/// lower frequency. On a shared 2-core AMD EPYC guest every measurement of a fork ran 1.3-1.9x slower
/// for stretches of seconds while the run queue, steal and pressure read nothing. The chain touches no
/// memory, so what the measurement before it left in the caches does not move it, and its work is the
/// same in every build that has it: its reading moves with the core alone. The sampler reads it once a
/// round, outside every batch, so each sample has a reading of the machine's speed beside it.
public enum SpeedProbe {
    /// Steps of the chain in one reading: some 4,000 dependent multiplications and shifts, a few
    /// microseconds, well above the clock's overhead.
    static let steps = 4096

    /// The readings one `read()` takes the fastest of: an interrupt inside one reading does not make
    /// the core look slow.
    static let readings = 2

    /// The fastest of `readings` timings of the chain, in nanoseconds on the thread's CPU clock, the
    /// clock's own overhead included (the same in every reading of one process).
    public static func read() -> UInt64 {
        var fastest = UInt64.max
        for _ in 0..<readings {
            let start = ThreadCPUClock.now()
            // Seeded from the clock, so no compiler can work the chain out ahead of the run.
            blackHole(chain(from: start, steps: steps))
            fastest = min(fastest, ThreadCPUClock.now() &- start)
        }
        return fastest
    }

    /// A linear congruential step and an xor-shift, `steps` times, each on the one before: no step can
    /// start before the last ends, and nothing leaves the registers.
    @inline(never)
    static func chain(from seed: UInt64, steps: Int) -> UInt64 {
        var value = seed
        for _ in 0..<steps {
            value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            value ^= value >> 29
        }
        return value
    }
}
