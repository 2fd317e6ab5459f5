import Foundation
import Harness

/// Every run of a results directory in commit order, and the measurements its tables show.
///
/// Runs are ordered by their commit's position in `git rev-list --topo-order HEAD` (oldest first), the
/// runs of one commit by date, and runs whose commit is not in the history last, by date; the file name
/// breaks the last ties, so the order never depends on the directory listing.
struct History: Sendable, Equatable {
    /// The runs, in commit order.
    var runs: [HistoryRun]
    /// The measurements shown, in order.
    var names: [String]

    /// Reads every results file of `directory` (`*.json.gz` or `*.json`) and orders the runs.
    ///
    /// - Parameters:
    ///   - directory: The results directory.
    ///   - filter: Picks the measurements shown; `nil` shows `KeyMeasurements.history`.
    ///   - positions: Each commit's position in the history, oldest at 0 (`CommitHistory.positions(in:)`).
    /// - Throws: `BenchError`, one line: no such directory, no results files, a file that is not
    ///   a results file (named by `ResultsReader`), or a pattern that matches no measurement.
    static func load(
        directory: String, filter: MeasurementFilter?,
        positions: (String) -> [String: Int] = CommitHistory.positions(in:)
    ) throws(BenchError) -> History {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .at(directory, "no such directory")
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter(ResultsWriter.isResultsFileName).sorted()
        guard !files.isEmpty else { throw .at(directory, "no results files (*.json.gz or *.json); run scripts/bench first") }
        var runs: [HistoryRun] = []
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file)
            runs.append(try HistoryRun(file: file, results: try ResultsReader.read(path: path), path: path))
        }
        let ordered = inCommitOrder(runs, positions: positions(directory))
        return History(runs: ordered, names: try measurementNames(ordered, filter: filter, directory: directory))
    }

    /// Oldest commit first; one commit's runs by date; commits not in `positions` last, by date.
    static func inCommitOrder(_ runs: [HistoryRun], positions: [String: Int]) -> [HistoryRun] {
        runs.sorted { left, right in
            let leftPosition = positions[left.results.environment.commit]
            let rightPosition = positions[right.results.environment.commit]
            switch (leftPosition, rightPosition) {
            case (let l?, let r?) where l != r: return l < r
            case (nil, _?): return false
            case (_?, nil): return true
            default: return (left.date, left.file) < (right.date, right.file)
            }
        }
    }

    /// The key measurements, or every name a run has that `filter` matches, in the order first seen.
    static func measurementNames(
        _ runs: [HistoryRun], filter: MeasurementFilter?, directory: String
    ) throws(BenchError) -> [String] {
        guard let filter else { return KeyMeasurements.history }
        var names: [String] = []
        for run in runs {
            for measurement in run.results.measurements where filter.matches(measurement.name) && !names.contains(measurement.name) {
                names.append(measurement.name)
            }
        }
        guard !names.isEmpty else { throw .at(directory, "no measurement matches '\(filter.pattern)'") }
        return names
    }

    /// The strategies `name` was measured under in any run, in column order; derived and stored when none.
    func strategies(_ name: String) -> [FigureStrategy] {
        let seen = Set(runs.flatMap { $0.results.measurements.filter { $0.name == name }.map(\.strategy) })
        return seen.isEmpty ? [.derived, .fallback] : FigureStrategy.allCases.filter(seen.contains)
    }

    /// The shapes shown beside stored as a ratio to it: every strategy of `name` but stored and `unshaped`,
    /// when stored is among them.
    func shapesOverStored(_ name: String) -> [FigureStrategy] {
        let shown = strategies(name)
        return shown.contains(.fallback) ? shown.filter { $0 != .fallback && $0 != .unshaped } : []
    }

    /// Every limit any run was judged against, in the order first seen.
    var limitIDs: [String] {
        var ids: [String] = []
        for run in runs {
            for judgement in run.results.limits where !ids.contains(judgement.limit.id) { ids.append(judgement.limit.id) }
        }
        return ids
    }
}

/// Where each commit sits in the history of the checkout a results directory lives in.
enum CommitHistory {
    /// Each commit of `git rev-list --topo-order HEAD` run in `directory`, the oldest at 0; empty outside a
    /// repository or without git, so every run is then ordered by date.
    static func positions(in directory: String) -> [String: Int] {
        guard let output = ToolOutput.of("git", ["-C", directory, "rev-list", "--topo-order", "HEAD"]) else { return [:] }
        let newestFirst = output.split(whereSeparator: \.isWhitespace).map(String.init)
        var positions: [String: Int] = [:]
        for (index, commit) in newestFirst.enumerated() { positions[commit] = newestFirst.count - 1 - index }
        return positions
    }
}
