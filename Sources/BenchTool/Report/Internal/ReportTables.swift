import Foundation
import Harness

/// The tables every report shows, built once from a results file and rendered as text or markdown.
struct ReportTables {
    let results: ResultsFile

    /// The strategies the file's measurements and counts are of, in column order: derived and stored
    /// always (a file of one of them shows the other's column empty, as it always has), then any other
    /// the run measured.
    var columns: [FigureStrategy] {
        let present = Set(results.measurements.map(\.strategy) + results.counts.map(\.strategy))
        return FigureStrategy.measured.filter { $0 == .derived || $0 == .fallback || present.contains($0) }
    }

    /// The shapes compared with stored: every column but stored.
    private var shapes: [FigureStrategy] { columns.filter { $0 != .fallback } }

    /// Whether the measurements take three tables (medians, ratios, allocations): with more than
    /// derived and stored, one row of them all would be too wide for a terminal.
    var splitsMeasurements: Bool { columns.count > 2 }

    /// Measurements with a strategy, side by side: each strategy's median, then (in one table with two
    /// strategies) each shape's ratio to stored and the allocations.
    var strategies: Table? {
        let names = strategyNames
        guard !names.isEmpty else { return nil }
        let headers = ["measurement"] + columns.map(\.rawValue)
        guard !splitsMeasurements else { return Table(headers: headers, rows: names.map { name in [name] + medians(name) }) }
        let list = columns.map(\.rawValue).joined(separator: " / ")
        return Table(
            headers: headers + shapes.map(ratioHeader) + ["allocs/op (\(list))", "bytes/op (\(list))"],
            rows: names.map { name in
                let records = columns.map { measurement(name, $0) }
                return [name] + medians(name) + ratios(name) + [
                    records.map { $0.map(allocations) ?? "—" }.joined(separator: " / "),
                    records.map { $0.map(bytes) ?? "—" }.joined(separator: " / "),
                ]
            })
    }

    /// With more than two strategies, each shape's median over stored's; nil otherwise.
    var strategyRatios: Table? {
        let names = strategyNames
        guard splitsMeasurements, !names.isEmpty else { return nil }
        return Table(headers: ["measurement"] + shapes.map(ratioHeader), rows: names.map { name in [name] + ratios(name) })
    }

    /// With more than two strategies, each strategy's allocations and bytes per operation; nil otherwise.
    var strategyAllocations: Table? {
        let names = strategyNames
        guard splitsMeasurements, !names.isEmpty else { return nil }
        return Table(
            headers: ["measurement"] + columns.map(\.rawValue),
            rows: names.map { name in
                [name] + columns.map { strategy in
                    measurement(name, strategy).map { record in
                        record.allocations.count == nil ? "n/a" : "\(allocations(record)) / \(bytes(record))"
                    } ?? "—"
                }
            })
    }

    /// The names of the measurements with a strategy, in the file's order.
    var strategyNames: [String] { orderedNames(results.measurements.filter { $0.strategy != .unshaped }) }

    private func ratioHeader(_ shape: FigureStrategy) -> String { "\(shape.rawValue)/stored" }

    private func medians(_ name: String) -> [String] {
        columns.map { measurement(name, $0).map(timing) ?? "—" }
    }

    /// Each shape's ratio of medians to stored's.
    private func ratios(_ name: String) -> [String] {
        shapes.map { ratio(name, $0) }
    }

    /// A shape's median over stored's, `—` where either was not measured.
    func ratio(_ name: String, _ shape: FigureStrategy) -> String {
        measurement(name, shape).flatMap { record in
            measurement(name, .fallback).map { FigureText.ratio(record.summary.median / $0.summary.median) }
        } ?? "—"
    }

    /// Instructions per operation (`bench --instructions`), strategies side by side; nil when the run
    /// counted none.
    var instructions: Table? {
        let counted = results.measurements.filter { $0.instructionsPerOperation != nil }
        guard !counted.isEmpty else { return nil }
        let names = orderedNames(counted)
        func figure(_ name: String, _ strategy: FigureStrategy) -> String {
            counted.record(MeasurementKey(name: name, strategy: strategy))?.instructionsPerOperation.map { String(format: "%.1f", $0) } ?? "—"
        }
        let strategies = columns + [.unshaped]
        return Table(
            headers: ["measurement"] + columns.map(\.rawValue) + [FigureStrategy.unshaped.rawValue],
            rows: names.map { name in [name] + strategies.map { figure(name, $0) } })
    }

    /// The unshaped measurements, which no shape changes, such as the floor of a plain `@Observable` read.
    var strategyFree: Table? {
        let records = results.measurements.filter { $0.strategy == .unshaped }
        guard !records.isEmpty else { return nil }
        return Table(
            headers: ["measurement", "median [95% CI]", "allocs/op", "bytes/op"],
            rows: records.map { [$0.name, timing($0), allocations($0), bytes($0)] })
    }

    /// The section "reads at Observation's floor", as the file recorded it: each figure, this run's
    /// value, its goal and whether the value meets it.
    var readFloor: Table? {
        guard let figures = results.readFloor else { return nil }
        return Table(
            headers: ["figure", "this run", "goal", "verdict", "from"],
            rows: figures.map { [$0.description, $0.valueText, $0.goalText, $0.verdict.rawValue, $0.reason] })
    }

    /// Body re-runs per scenario and body under each strategy, then each shape's extra over stored.
    /// Consecutive rows of a list (`row[3]`, `row[4]`, ...) with equal counts share one line,
    /// `row[3...19]`; the results file keeps every body.
    var counts: Table? {
        var keys: [(String, String)] = []
        for count in results.counts where !keys.contains(where: { $0 == (count.scenario, count.body) }) {
            keys.append((count.scenario, count.body))
        }
        guard !keys.isEmpty else { return nil }
        let columns = self.columns
        func reruns(_ scenario: String, _ body: String) -> [Int?] {
            columns.map { strategy in
                results.counts.first { $0.scenario == scenario && $0.body == body && $0.strategy == strategy }?.reruns
            }
        }
        var rows: [[String]] = []
        var run: (scenario: String, first: Int, last: Int, reruns: [Int?])?
        func flush() {
            guard let open = run else { return }
            let body = open.first == open.last ? "row[\(open.first)]" : "row[\(open.first)...\(open.last)]"
            rows.append(countRow(open.scenario, body, open.reruns))
            run = nil
        }
        for (scenario, body) in keys {
            let counted = reruns(scenario, body)
            if let index = Self.rowIndex(body) {
                if let open = run, open.scenario == scenario, open.last + 1 == index, open.reruns == counted {
                    run?.last = index
                    continue
                }
                flush()
                run = (scenario, index, index, counted)
                continue
            }
            flush()
            rows.append(countRow(scenario, body, counted))
        }
        flush()
        let extras = shapes.map { "extra (\($0.rawValue) − stored)" }
        return Table(headers: ["scenario", "body"] + columns.map(\.rawValue) + extras, rows: rows)
    }

    /// A row of the counts: the re-runs in `columns` order, then each shape's extra over stored.
    private func countRow(_ scenario: String, _ body: String, _ reruns: [Int?]) -> [String] {
        let stored = columns.firstIndex(of: .fallback).flatMap { reruns[$0] }
        let extras = shapes.map { shape in
            reruns[columns.firstIndex(of: shape)!].flatMap { count in stored.map { FigureText.count(count - $0) } } ?? "—"
        }
        return [scenario, body] + reruns.map { $0.map(FigureText.count) ?? "—" } + extras
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
            headers: ["curve", "shape", "slope", "intercept", "R²", "points"],
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

    /// Every limit's verdict and why; with its headroom, and each cost limit's handle's share, where
    /// the file records them (files written before either render as they did).
    var limits: Table {
        let verdict: (LimitJudgement) -> String = { $0.verdict.rawValue + ($0.gates ? "" : " (does not gate)") }
        let headroom = results.limits.contains { $0.headroom != nil }
        let share = results.limits.contains { $0.handleShare != nil }
        return Table(
            headers: ["limit", "verdict"] + (headroom ? ["headroom"] : []) + (share ? [Self.handleShareHeader] : []) + ["why"],
            rows: results.limits.map { judgement in
                [judgement.limit.id, verdict(judgement)]
                    + (headroom ? [judgement.headroom?.text(unit: judgement.limit.unit) ?? "—"] : [])
                    + (share ? [judgement.handleShare?.text ?? "—"] : [])
                    + [judgement.reason]
            })
    }

    /// The limits table's column of handle's shares, and what it means, said under the table.
    static let handleShareHeader = "handle's share (not judged)"
    static let handleShareNote = "handle's share: each fork's (the shape's commit less the same commit with no handle) "
        + "over (stored's less stored's), the median of the forks' shares [the order-statistic interval over them, at the "
        + "limit's level]; what the handle alone costs, without the part of the commit no handle pays for. Reported, not judged."

    /// What the limits table's notes say: the schedule of looks, and what a handle's share is where the
    /// table has them.
    var limitNotes: [String] {
        [looks].compactMap { $0 } + (results.limits.contains { $0.handleShare != nil } ? [Self.handleShareNote] : [])
    }

    /// For the decision's line: each cost limit that passes while its handle's share may exceed the
    /// threshold (the share's interval reaches above it), said as such; empty when none does.
    var handleShareCaveats: [String] {
        results.limits.compactMap { judgement in
            guard judgement.verdict == .pass, let threshold = judgement.limit.threshold, let share = judgement.handleShare,
                share.mayExceed(threshold) else { return nil }
            let level = share.interval.map { " (\(FigureText.compactPercent($0.level)))" } ?? ""
            return "\(judgement.limit.id) passes on the whole commit, but the handle's share alone "
                + (share.share > threshold ? "exceeds" : "may exceed") + " \(FigureText.number(threshold)): \(share.text)\(level)"
        }
    }

    /// The schedule of looks the limits were judged under, and the looks the run took after its
    /// first; nil for a file judged without a schedule.
    var looks: String? {
        guard let looks = results.looks else { return nil }
        let taken = (results.looksTaken ?? []).map { look in
            "\(look.forks) forks for \(look.limits.joined(separator: ", ")) (\(look.measurements.count) measurements measured again)"
        }
        let shapes = LookSchedule.shapesSharingTheBudget(limits: results.limits.map(\.limit), shapes: results.shapes)
        return "looks: \(looks.description(shapes: shapes)); " + (taken.isEmpty ? "the run took no look after its first" : "taken: " + taken.joined(separator: "; "))
    }

    // MARK: - Cells

    private func orderedNames(_ records: [MeasurementRecord]) -> [String] {
        var names: [String] = []
        for record in records where !names.contains(record.name) { names.append(record.name) }
        return names
    }

    func measurement(_ name: String, _ strategy: FigureStrategy) -> MeasurementRecord? {
        results.measurements.record(MeasurementKey(name: name, strategy: strategy))
    }

    func timing(_ record: MeasurementRecord) -> String {
        FigureText.duration(record.summary.median, interval: record.summary.medianInterval)
    }

    func allocations(_ record: MeasurementRecord) -> String {
        record.allocations.allocationsPerOperation.map(FigureText.perOperation) ?? "n/a"
    }

    func bytes(_ record: MeasurementRecord) -> String {
        record.allocations.bytesPerOperation.map(FigureText.perOperation) ?? "n/a"
    }
}
