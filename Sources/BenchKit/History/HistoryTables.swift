/// The history as tables: one section per measurement, one row per run, then the verdicts.
///
/// Every format has fixed columns, so another run adds a row and changes nothing else. Figures are
/// written by `FigureText`, as in `bench report`; `tsv` keeps raw nanoseconds for a spreadsheet.
enum HistoryTables {
    /// The cell of a figure a run did not make, or a limit it was not judged against.
    static let missing = "—"
    static let runColumns = ["commit", "date", "tree", "build", "run"]

    /// Aligned columns, as `bench report` writes them.
    static func text(_ history: History) -> String {
        sections(history).map { "\($0.title)\n\($0.table.text())" }.joined(separator: "\n\n") + "\n"
    }

    /// A GitHub table per section, under a `###` heading.
    static func markdown(_ history: History) -> String {
        sections(history).map { "### \($0.title)\n\n\($0.table.markdown())" }.joined(separator: "\n\n") + "\n"
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

    private static func sections(_ history: History) -> [(title: String, table: Table)] {
        history.names.map { ($0, measurementTable(history, $0)) } + [("limits and decision", verdictTable(history))]
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
        guard let measured = run.measurement(name, shape), let stored = run.measurement(name, .stored), stored.summary.median != 0 else {
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
