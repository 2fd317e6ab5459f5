/// The history as tables: one section per measurement, one row per run, then the steps, then the
/// verdicts.
///
/// Every format has fixed columns, so another run adds a row and changes nothing else. Figures are
/// written by `FigureText`, as in `bench report`; `tsv` keeps raw nanoseconds for a spreadsheet.
enum HistoryTables {
    /// The cell of a figure a run did not make, or a limit it was not judged against.
    static let missing = "—"
    static let runColumns = ["commit", "date", "tree", "build", "run"]
    static let stepColumns = ["commit", "since", "measurement", "shape", "by", "before", "after", "change"]

    /// Aligned columns, as `bench report` writes them.
    static func text(_ history: History, steps: HistorySteps) -> String {
        sections(history, steps: steps).map { section in
            "\(section.title)\n" + (section.table.rows.isEmpty ? section.empty : section.table.text())
        }.joined(separator: "\n\n") + "\n"
    }

    /// A GitHub table per section, under a `###` heading.
    static func markdown(_ history: History, steps: HistorySteps) -> String {
        sections(history, steps: steps).map { section in
            "### \(section.title)\n\n" + (section.table.rows.isEmpty ? section.empty : section.table.markdown())
        }.joined(separator: "\n\n") + "\n"
    }

    /// One row per run: the full commit, the file, and each measurement and strategy's median, lower and
    /// upper bound in nanoseconds, then each limit's verdict and the decision.
    static func tsv(_ history: History) -> String {
        let columns = history.names.flatMap { name in history.strategies(name).map { (name, $0) } }
        let ids = history.limitIDs
        var heading = runColumns + ["file"]
        heading += columns.flatMap { name, strategy in
            ["median", "lower", "upper"].map { "\(name) [\(strategy.rawValue)] \($0) ns" }
        }
        heading += ids.map { "limit \($0)" } + ["decision"]
        var lines = [heading.joined(separator: "\t")]
        for run in history.runs {
            var row = [run.results.environment.commit] + runCells(run).dropFirst() + [run.file]
            for (name, strategy) in columns {
                guard let measurement = run.measurement(name, strategy) else {
                    row += ["", "", ""]
                    continue
                }
                let interval = measurement.summary.medianInterval
                row += [measurement.summary.median, interval.lower, interval.upper].map { "\($0)" }
            }
            row += ids.map { run.verdict($0)?.rawValue ?? "" } + [run.results.decision.outcome.rawValue]
            lines.append(row.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Sections

    private static func sections(_ history: History, steps: HistorySteps) -> [(title: String, table: Table, empty: String)] {
        history.names.map { ($0, measurementTable(history, $0), "") }
            + [("steps (\(stepsRule(steps.rule)))", stepTable(history, steps), "none: no figure shown moved between comparable runs")]
            + [(changePointsTitle, changePointTable(history, steps), "none: no series of wall-time medians changed level")]
            + [("limits and decision", verdictTable(history), "")]
    }

    /// What makes a step, in a line: `instructions beyond ±1% on one toolchain; time (CPU clock where
    /// both runs have it) beyond ±5% by compare's rule on one machine`.
    static func stepsRule(_ rule: ComparisonRule) -> String {
        "instructions beyond ±\(FigureText.compactPercent(rule.instructionsThreshold)) on one toolchain; "
            + "time (CPU clock where both runs have it) beyond ±\(FigureText.compactPercent(rule.threshold)) by compare's rule on one machine"
    }

    /// A row per step, and a row where a series of comparable runs begins anew, in run order.
    private static func stepTable(_ history: History, _ steps: HistorySteps) -> Table {
        let stepRows = steps.steps.map { step in
            (step.run, [
                history.runs[step.run].shortCommit, history.runs[step.since].shortCommit, step.key.name, step.key.strategy.rawValue,
                step.basis.rawValue, step.figureText(step.before), step.figureText(step.after), step.changeText,
            ])
        }
        let breakRows = steps.breaks.map { gap in
            (gap.run, [
                history.runs[gap.run].shortCommit, history.runs[gap.since].shortCommit, missing, missing, gap.basis.rawValue,
                missing, missing, gap.text,
            ])
        }
        // Stable: a run's steps keep their order, and its breaks come after them.
        let rows = (stepRows + breakRows).enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
        return Table(headers: stepColumns, rows: rows.map(\.element.1))
    }

    /// What the change points are, in a line.
    static let changePointsTitle =
        "change points over each series (wall time: E-divisive means of the runs' medians, a false alarm at most "
        + "\(FigureText.percent(HistorySteps.changePointFalseAlarm)) a series, at least \(HistorySteps.changePointMinimumRuns) runs a side); "
        + "where the two views differ, pair by pair says so"
    static let changePointColumns = ["commit", "since", "measurement", "shape", "level before", "level after", "change", "p", "pair by pair"]

    /// A row per change point, saying whether a step between the two runs found it too, then a row per
    /// wall-time step that no change point holds: one noisy run makes a step there and a step back.
    private static func changePointTable(_ history: History, _ steps: HistorySteps) -> Table {
        let wallSteps = steps.steps.filter { $0.basis != .instructions }
        var rows = steps.changePoints.map { point in
            let paired = wallSteps.contains { $0.key == point.key && $0.run == point.run }
            return [
                history.runs[point.run].shortCommit, history.runs[point.since].shortCommit, point.key.name, point.key.strategy.rawValue,
                FigureText.duration(point.before), FigureText.duration(point.after), point.changeText, FigureText.number(point.pValue),
                paired ? "a step too" : "no step between the two runs",
            ]
        }
        for step in wallSteps where !steps.changePoints.contains(where: { $0.key == step.key && $0.run == step.run }) {
            rows.append([
                history.runs[step.run].shortCommit, history.runs[step.since].shortCommit, step.key.name, step.key.strategy.rawValue,
                FigureText.duration(step.before), FigureText.duration(step.after), step.changeText, missing,
                "a step, not a change of level over the series",
            ])
        }
        return Table(headers: changePointColumns, rows: rows)
    }

    static func runCells(_ run: HistoryRun) -> [String] {
        [run.shortCommit, run.dateText, run.tree, run.results.environment.buildConfiguration, run.mode]
    }

    /// Each strategy's median [CI] per run, then each shape's median over stored's.
    private static func measurementTable(_ history: History, _ name: String) -> Table {
        let shown = history.strategies(name)
        let shapes = history.shapesOverStored(name)
        let headers = runColumns + shown.map(\.rawValue) + shapes.map { "\($0.rawValue)/stored" }
        let rows = history.runs.map { run in
            runCells(run) + shown.map { strategy in
                run.measurement(name, strategy).map { FigureText.duration($0.summary.median, interval: $0.summary.medianInterval) } ?? missing
            } + shapes.map { ratioCell(run, name, $0) }
        }
        return Table(headers: headers, rows: rows)
    }

    private static func ratioCell(_ run: HistoryRun, _ name: String, _ shape: FigureStrategy) -> String {
        guard let measured = run.measurement(name, shape), let stored = run.measurement(name, .fallback), stored.summary.median != 0 else {
            return missing
        }
        return FigureText.ratio(measured.summary.median / stored.summary.median)
    }

    private static func verdictTable(_ history: History) -> Table {
        let ids = history.limitIDs
        let rows = history.runs.map { run in
            runCells(run) + ids.map { run.verdict($0)?.rawValue ?? missing } + [run.results.decision.outcome.rawValue]
        }
        return Table(headers: runColumns + ids + ["decision"], rows: rows)
    }
}
