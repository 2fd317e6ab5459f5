import Foundation
import Harness

// MARK: - Warnings

extension ResultsComparison {
    /// The ways two files may not be comparable, one line each: another machine, toolchain, allocator or
    /// build, other limits, another sampling depth, wall time not judged for a side measured in one
    /// process, too few forks to reach significance, a debug build.
    ///
    /// None of these refuses a comparison, since a reader may want it anyway (a toolchain upgrade is
    /// exactly such a comparison), but each is said, because a difference it explains is not the code's.
    ///
    /// - Parameter measurements: The measurements compared, whose records say which side of each was
    ///   taken in one process.
    static func warnings(old: ResultsFile, new: ResultsFile, rule: ComparisonRule, measurements: [MeasurementComparison]) -> [String] {
        let fields: [(String, (ResultsFile) -> String)] =
            EnvironmentField.wallTime.map { field in (field.name, { field.value($0.environment) }) }
            + [("limitsSHA256", \.limitsSHA256)]
        var warnings: [String] = []
        for (field, value) in fields where value(old) != value(new) {
            let what = field == "limitsSHA256" ? "the limits differ" : "the environments differ"
            warnings.append("\(what): \(field) '\(value(old))' (old) vs '\(value(new))' (new)")
        }
        if old.options.quick != new.options.quick {
            warnings.append(
                "the runs differ: old is \(old.options.quick ? "--quick" : "a full run"), new is \(new.options.quick ? "--quick" : "a full run")")
        }
        // The records, not the options, say where each measurement's samples were taken.
        let oneProcess = [("old", \MeasurementComparison.old), ("new", \.new)].compactMap { side, figures -> String? in
            let count = measurements.filter { $0[keyPath: figures].forks < 2 }.count
            guard count > 0 else { return nil }
            return count == measurements.count ? side : "\(side) (\(count) of \(measurements.count) measurements)"
        }
        if !oneProcess.isEmpty {
            warnings.append(
                "\(oneProcess.joined(separator: " and ")) \(oneProcess.count == 1 ? "was" : "were") measured in one process: "
                    + "its samples do not show how much one process differs from the next, so wall time was not judged there: "
                    + "a difference in it is 'cannot tell' (run with --forks)")
        }
        if old.options.forks >= 2, new.options.forks >= 2,
            let reach = rankTestReach(old.options.forks, new.options.forks, measurements: max(old.measurements.count, new.measurements.count)),
            reach >= rule.significanceLevel
        {
            warnings.append(
                "with \(old.options.forks) and \(new.options.forks) forks the rank test's smallest p-value, Holm-adjusted, is "
                    + String(format: "%.3g", reach) + ": no wall-time verdict can be slower or faster (use more forks)")
        }
        if countingMethodChanged(old: old, new: new) {
            warnings.append(
                "counting method changed: old counted instructions by \(CountingMethod.describe(old.countingMethod ?? 1)), new by "
                    + "\(CountingMethod.describe(new.countingMethod ?? 1)); the counts are shown, and wall time decides")
        }
        let debug = [(old, "old"), (new, "new")].filter { $0.0.environment.buildConfiguration == "debug" }.map(\.1)
        if !debug.isEmpty {
            warnings.append("\(debug.joined(separator: " and ")) is a debug build: its wall times say little about a release")
        }
        return warnings
    }

    /// Whether both files counted instructions, each by another way (`CountingMethod`).
    static func countingMethodChanged(old: ResultsFile, new: ResultsFile) -> Bool {
        old.hasInstructionCounts && new.hasInstructionCounts && old.countingMethod != new.countingMethod
    }

    /// The smallest p-value the rank test of `first` and `second` forks' medians can give, times the
    /// `measurements` Holm multiplies the smallest by: when it is not below the level, no measurement
    /// can be called changed by wall time, whatever happened.
    static func rankTestReach(_ first: Int, _ second: Int, measurements: Int) -> Double? {
        guard first >= 1, second >= 1, first <= Statistics.exactLimit, second <= Statistics.exactLimit else { return nil }
        return Swift.min(1, Double(max(1, measurements)) * Statistics.exactTwoSidedPValue(u: 0, first, second))
    }
}
