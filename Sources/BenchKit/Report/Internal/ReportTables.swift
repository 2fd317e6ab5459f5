import Foundation
import Harness

/// The tables every report shows, built once from a results file and rendered as text or markdown.
struct ReportTables {
    let results: ResultsFile

    /// Measurements with a strategy, derived and stored side by side.
    var strategies: Table? {
        let names = orderedNames(results.measurements.filter { $0.strategy != .none })
        guard !names.isEmpty else { return nil }
        return Table(
            headers: ["measurement", "derived", "stored", "derived/stored", "allocs/op (derived / stored)", "bytes/op (derived / stored)"],
            rows: names.map { name in
                let derived = measurement(name, .derived)
                let stored = measurement(name, .stored)
                let ratio = derived.flatMap { d in stored.map { FigureText.ratio(d.summary.median / $0.summary.median) } }
                return [
                    name, derived.map(timing) ?? "—", stored.map(timing) ?? "—", ratio ?? "—",
                    "\(derived.map(allocations) ?? "—") / \(stored.map(allocations) ?? "—")",
                    "\(derived.map(bytes) ?? "—") / \(stored.map(bytes) ?? "—")",
                ]
            })
    }

    /// Instructions per operation (`bench --instructions`), derived and stored side by side; nil when the
    /// run counted none.
    var instructions: Table? {
        let counted = results.measurements.filter { $0.instructionsPerOperation != nil }
        guard !counted.isEmpty else { return nil }
        let names = orderedNames(counted)
        func figure(_ name: String, _ strategy: Strategy) -> String? {
            counted.first { $0.name == name && $0.strategy == strategy }?.instructionsPerOperation.map { String(format: "%.1f", $0) }
        }
        return Table(
            headers: ["measurement", "derived", "stored", "no strategy"],
            rows: names.map { name in [name, figure(name, .derived) ?? "—", figure(name, .stored) ?? "—", figure(name, .none) ?? "—"] })
    }

    /// Measurements no strategy shapes, such as the floor of a plain `@Observable` read.
    var strategyFree: Table? {
        let records = results.measurements.filter { $0.strategy == .none }
        guard !records.isEmpty else { return nil }
        return Table(
            headers: ["measurement", "median [95% CI]", "allocs/op", "bytes/op"],
            rows: records.map { [$0.name, timing($0), allocations($0), bytes($0)] })
    }

    /// Body re-runs per scenario and body, with the derived strategy's extra. Consecutive rows of a
    /// list (`row[3]`, `row[4]`, ...) with equal counts share one line, `row[3...19]`; the results file
    /// keeps every body.
    var counts: Table? {
        var keys: [(String, String)] = []
        for count in results.counts where !keys.contains(where: { $0 == (count.scenario, count.body) }) {
            keys.append((count.scenario, count.body))
        }
        guard !keys.isEmpty else { return nil }
        func reruns(_ scenario: String, _ body: String, _ strategy: Strategy) -> Int? {
            results.counts.first { $0.scenario == scenario && $0.body == body && $0.strategy == strategy }?.reruns
        }
        var rows: [[String]] = []
        var run: (scenario: String, first: Int, last: Int, derived: Int?, stored: Int?)?
        func flush() {
            guard let open = run else { return }
            let body = open.first == open.last ? "row[\(open.first)]" : "row[\(open.first)...\(open.last)]"
            rows.append(Self.countRow(open.scenario, body, open.derived, open.stored))
            run = nil
        }
        for (scenario, body) in keys {
            let derived = reruns(scenario, body, .derived)
            let stored = reruns(scenario, body, .stored)
            if let index = Self.rowIndex(body) {
                if let open = run, open.scenario == scenario, open.last + 1 == index, open.derived == derived, open.stored == stored {
                    run?.last = index
                    continue
                }
                flush()
                run = (scenario, index, index, derived, stored)
                continue
            }
            flush()
            rows.append(Self.countRow(scenario, body, derived, stored))
        }
        flush()
        return Table(headers: ["scenario", "body", "derived", "stored", "extra (derived − stored)"], rows: rows)
    }

    private static func countRow(_ scenario: String, _ body: String, _ derived: Int?, _ stored: Int?) -> [String] {
        let extra = derived.flatMap { d in stored.map { FigureText.count(d - $0) } }
        return [scenario, body, derived.map(FigureText.count) ?? "—", stored.map(FigureText.count) ?? "—", extra ?? "—"]
    }

    /// The index of a list row body, `row[7]` -> 7.
    private static func rowIndex(_ body: String) -> Int? {
        guard body.hasPrefix("row["), body.hasSuffix("]") else { return nil }
        return Int(body.dropFirst(4).dropLast())
    }

    /// Scaling curves: slope per unit of x, intercept and R².
    var fits: Table? {
        guard !results.fits.isEmpty else { return nil }
        return Table(
            headers: ["curve", "strategy", "slope", "intercept", "R²", "points"],
            rows: results.fits.map { fit in
                [
                    fit.name, fit.strategy.rawValue, "\(FigureText.duration(fit.slope)) per \(fit.xUnit)",
                    FigureText.duration(fit.intercept), String(format: "%.4f", fit.rSquared), String(fit.points.count),
                ]
            })
    }

    /// The scaling curves, then where the fixture-size points came from (the results file's
    /// `scaling`), so the curve is read with its source; nil when the file has neither.
    func fitsSection(separator: String, _ render: (Table) -> String) -> String? {
        let parts = [fits.map(render), results.scaling?.line].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: separator)
    }

    /// Each limit's verdict and reason.
    var limits: Table {
        Table(
            headers: ["limit", "verdict", "why"],
            rows: results.limits.map { [$0.limit.id, $0.verdict.rawValue + ($0.gates ? "" : " (does not gate)"), $0.reason] })
    }

    // MARK: - Cells

    private func orderedNames(_ records: [MeasurementRecord]) -> [String] {
        var names: [String] = []
        for record in records where !names.contains(record.name) { names.append(record.name) }
        return names
    }

    private func measurement(_ name: String, _ strategy: Strategy) -> MeasurementRecord? {
        results.measurements.first { $0.name == name && $0.strategy == strategy }
    }

    private func timing(_ record: MeasurementRecord) -> String {
        FigureText.duration(record.summary.median, interval: record.summary.medianInterval)
    }

    private func allocations(_ record: MeasurementRecord) -> String {
        record.allocations.allocationsPerOperation.map(FigureText.perOperation) ?? "n/a"
    }

    private func bytes(_ record: MeasurementRecord) -> String {
        record.allocations.bytesPerOperation.map(FigureText.perOperation) ?? "n/a"
    }
}
