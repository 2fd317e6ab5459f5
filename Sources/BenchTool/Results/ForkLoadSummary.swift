import Foundation
import Harness

/// What the machine did over a run's forks, in one line for a report's header.
///
/// A run's timings are only as good as the machine was quiet: with other work on every core their
/// noise grows tens of times over. The median over forks says how the run as a whole fared, the
/// largest run-queue share whether one fork had it much worse than the rest. Each figure is over the
/// forks that had it; a signal no fork had is `nil` and left out of the line, never written as 0.
struct ForkLoadSummary: Sendable, Equatable {
    /// The forks summarized.
    var forks: Int
    /// The forks that had a run-queue share: those its median and largest are over.
    var forksWithRunQueueShare: Int
    /// The median over forks of `ForkLoadRecord.runQueueShare`.
    var medianRunQueueShare: Double?
    /// The largest fork's `runQueueShare`.
    var largestRunQueueShare: Double?
    /// The median over forks of involuntary switches per second of the fork's wall time.
    var medianInvoluntarySwitchesPerSecond: Double?
    /// The median over forks of `ForkLoadRecord.cpuPressureShare`.
    var medianCPUPressureShare: Double?
    /// The median over forks of `ForkLoadRecord.stealShare`.
    var medianStealShare: Double?
    /// The run-queue share runs on a quiet machine here stay under, as declared where the line's reader
    /// should compare; `nil` when none is declared.
    var quietRunQueueShare: Double?

    /// The summary of `records`, one per fork; `nil` or empty gives a summary of no forks.
    ///
    /// - Parameters:
    ///   - records: Each fork's record.
    ///   - quietRunQueueShare: The run-queue share (0.01 for 1 %) a run on a quiet machine here stays
    ///     under, for the line to compare with; `nil` to compare with nothing.
    init(_ records: [ForkLoadRecord]?, quietRunQueueShare: Double? = nil) {
        let records = records ?? []
        func median(_ values: [Double]) -> Double? { values.isEmpty ? nil : Statistics.median(values) }
        let runQueue = records.compactMap(\.runQueueShare)
        forks = records.count
        forksWithRunQueueShare = runQueue.count
        medianRunQueueShare = median(runQueue)
        largestRunQueueShare = runQueue.max()
        medianInvoluntarySwitchesPerSecond = median(
            records.filter { $0.seconds > 0 }.map { Double($0.involuntarySwitches) / $0.seconds })
        medianCPUPressureShare = median(records.compactMap(\.cpuPressureShare))
        medianStealShare = median(records.compactMap(\.stealShare))
        self.quietRunQueueShare = quietRunQueueShare
    }

    /// The summary as a report header's line, e.g. `machine: forks waited 0.412 % of their time for a
    /// CPU (median over 8 forks, most 1.20 %; quiet runs here wait under 1 %), 12.3 involuntary
    /// switches a second, CPU pressure 0.300 %, steal 0 %`.
    ///
    /// An unknown signal is left out; with none known the line says so.
    var line: String {
        guard forks > 0 else { return "machine: not read (no fork recorded its load)" }
        var parts: [String] = []
        if let medianRunQueueShare, let largestRunQueueShare {
            let known = forksWithRunQueueShare
            var notes = known == 1 ? [] : ["median over \(known) forks, most \(FigureText.percent(largestRunQueueShare))"]
            if let quietRunQueueShare { notes.append("quiet runs here wait under \(Self.declaredPercent(quietRunQueueShare))") }
            let waited = known == 1
                ? "the fork waited \(FigureText.percent(medianRunQueueShare)) of its time for a CPU"
                : "forks waited \(FigureText.percent(medianRunQueueShare)) of their time for a CPU"
            parts.append(notes.isEmpty ? waited : "\(waited) (\(notes.joined(separator: "; ")))")
        }
        if let medianInvoluntarySwitchesPerSecond {
            parts.append("\(FigureText.number(medianInvoluntarySwitchesPerSecond)) involuntary switches a second")
        }
        if let medianCPUPressureShare { parts.append("CPU pressure \(FigureText.percent(medianCPUPressureShare))") }
        if let medianStealShare { parts.append("steal \(FigureText.percent(medianStealShare))") }
        guard !parts.isEmpty else { return "machine: no load figure could be read in \(forks) fork\(forks == 1 ? "" : "s")" }
        return "machine: " + parts.joined(separator: ", ")
    }

    /// A look at the machine before a run, for `bench --list` to print: its load average against its
    /// cores, and the CPU pressure and steal over `seconds` of sleeping, e.g. `# machine now: load
    /// average 0.120 (2 cores), CPU pressure 0 % and steal 0 % over the last 1.00 s`.
    ///
    /// It sleeps, so this process adds no pressure of its own. An unknown signal is left out.
    ///
    /// - Parameter seconds: How long to watch the counters.
    static func lookAtTheMachine(over seconds: Double = 1.0) -> String {
        let start = ProcessLoad.read()
        Thread.sleep(forTimeInterval: seconds)
        let end = ProcessLoad.read()
        return lookAtTheMachine(from: start, to: end, cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The line of `lookAtTheMachine(over:)` from two readings, pure so it is tested on fixed ones.
    static func lookAtTheMachine(from start: ProcessLoad, to end: ProcessLoad, cores: Int) -> String {
        let load = ForkLoadRecord(fork: 0, from: start, to: end)
        let coreCount = "\(cores) core\(cores == 1 ? "" : "s")"
        var line = "# machine now: " + (end.loadAverage.map { "load average \(FigureText.number($0)) (\(coreCount))" } ?? coreCount)
        let shares = [
            load.cpuPressureShare.map { "CPU pressure \(FigureText.percent($0))" },
            load.stealShare.map { "steal \(FigureText.percent($0))" },
        ].compactMap { $0 }
        if !shares.isEmpty {
            line += ", \(shares.joined(separator: " and ")) over the last \(FigureText.duration(load.seconds * 1e9))"
        }
        return line
    }

    // MARK: - Figures

    /// A measured share as the reports write percentages: `0.412 %`, `12.0 %`, `0 %`.
    /// A declared bound as the reports write declared levels: `1 %`, `0.5 %`.
    private static func declaredPercent(_ share: Double) -> String {
        FigureText.perOperation(share * 100) + " %"
    }
}
