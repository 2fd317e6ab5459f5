import Foundation

/// Renders a results file for people: a terminal table, a markdown page, an HTML page with charts, or
/// the JSON itself.
///
/// A report is a function of the results file alone (and of the bench's names for the measurements
/// its sections give a part, `KeyMeasurements`), so `bench report FILE` gives again, byte for byte,
/// what the run printed. The decision record's reference figures appear on a labelled line of
/// their own, beside this run's figures for the same reads, and never in a table.
enum Report {
    /// Renders `results` in `format`.
    ///
    /// - Parameters:
    ///   - results: A run's results.
    ///   - format: `text` (aligned columns), `markdown` (GitHub tables), `html` (one self-contained page,
    ///     `HTMLReport`) or `json` (the file's bytes).
    /// - Returns: The report, ending with a newline.
    static func render(_ results: ResultsFile, format: ReportFormat) -> String {
        switch format {
        case .text: text(results)
        case .markdown: markdown(results, headingLevel: 2)
        case .html: HTMLReport.render(results)
        case .json: (try? results.encoded()).map { String(decoding: $0, as: UTF8.self) } ?? "{}\n"
        }
    }

    // MARK: - Text

    private static func text(_ results: ResultsFile) -> String {
        let tables = ReportTables(results: results)
        var sections = [(header(results) + ["method:"] + results.method.map { "  - \($0)" }).joined(separator: "\n")]
        if let table = tables.strategies { sections.append(table.text() + (frameNote(results).map { "\n" + $0 } ?? "")) }
        if let table = tables.strategyRatios { sections.append("\(ratiosTitle)\n" + table.text()) }
        if let table = tables.strategyAllocations { sections.append("\(allocationsTitle)\n" + table.text()) }
        sections.append([ReferenceFigures.line, ReferenceFigures.measuredLine(in: results)].joined(separator: "\n"))
        if let table = tables.strategyFree { sections.append("unshaped\n" + table.text()) }
        if let table = tables.readFloor { sections.append("\(readFloorTitle)\n" + table.text()) }
        if let table = tables.counts { sections.append("body re-runs\n" + table.text()) }
        if let section = tables.fitsSection(separator: "\n", { $0.text() }) { sections.append("how cost grows\n" + section) }
        let headrooms = tables.headrooms
        if let table = tables.headroom(headrooms) { sections.append("\(headroomTitle)\n" + table.text() + "\n" + ReportTables.headroomNote) }
        if let lines = trackedReadLines(tables) {
            sections.append(([trackedReadsTitle, lines.unit] + [tables.trackedReads?.text()].compactMap { $0 }).joined(separator: "\n"))
            if let table = tables.modelAgainstRuntime {
                sections.append(([modelAgainstRuntimeTitle, table.text(), lines.source] + tables.verdictsInTrackedReads).joined(separator: "\n"))
            }
        }
        if let table = tables.instructions { sections.append("instructions per operation (callgrind)\n" + table.text()) }
        sections.append((["limits", tables.limits.text()] + tables.limitNotes + judgedOn(results)).joined(separator: "\n"))
        sections.append(
            "decision: \(results.decision.text)" + tables.handleShareCaveats.map { "\nbut: \($0)" }.joined()
                + (tables.decisionHeadroom(headrooms).map { "\nheadroom: \($0)" } ?? ""))
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The titles of the headroom and tracked-read sections.
    static let headroomTitle = "headroom to the frame (reported, not limits)"
    static let trackedReadsTitle = "in tracked reads"
    static let modelAgainstRuntimeTitle = "the model against the runtime, in tracked reads"

    /// The line that says what a tracked read is in this run and at the runtime, and where the
    /// runtime's figures come from; nil when the run did not measure the unit.
    static func trackedReadLines(_ tables: ReportTables, code: (String) -> String = { $0 }) -> (unit: String, source: String)? {
        guard let unit = tables.unit else { return nil }
        return (
            "1 tracked read = \(FigureText.duration(unit.nanoseconds)) in this run (\(code(KeyMeasurements.observableTracked)), median), "
                + "\(FigureText.duration(RuntimeFigures.trackedRead)) at the runtime; a figure in tracked reads is its time over its own run's",
            "the runtime's figures: \(RuntimeFigures.source); its unit is its own tracked read, a row body of eight, per field"
        )
    }

    /// The lines that say what was run where: commit, build, machine, limits, options, clock.
    static func header(_ results: ResultsFile) -> [String] {
        let environment = results.environment
        let dirty = environment.dirtyTree == true ? " (dirty tree)" : environment.dirtyTree == nil ? " (tree state unknown)" : ""
        let options = results.options
        var lines = [
            "commit \(environment.commit)\(dirty), \(environment.buildConfiguration) build, \(environment.date)",
            "machine: \(environment.cpuModel), \(environment.cores) cores, \(environment.kernel), \(environment.operatingSystem)",
            "toolchain: \(environment.toolchain); allocator: \(environment.allocator)",
            "limits: \(results.limitsFile), sha256 \(results.limitsSHA256)",
            "run: \(options.quick ? "--quick" : "full"), forks \(options.forks), shapes \(options.strategy.rawValue), "
                + "filter \(options.filter.map { "'\($0)'" } ?? "none"), fixtures \(options.specDirectory)",
            "timer: \(FigureText.duration(results.timer.overheadNanoseconds)) a reading, "
                + "resolution \(FigureText.duration(Double(results.timer.observedResolutionNanoseconds))) "
                + "(\(results.timer.clock))"
                + (results.timer.threadCPUOverheadNanoseconds.map {
                    "; the thread's CPU clock beside it, \(FigureText.duration($0)) an empty batch (CLOCK_THREAD_CPUTIME_ID)"
                } ?? ""),
        ]
        if let loads = results.forkLoads {
            lines.append(
                ForkLoadSummary(loads).line
                    + (results.noise.map { "; a run is disturbed past \(FigureText.perOperation($0.runQueueShare * 100)) % waiting (limits' noise)" } ?? ""))
        }
        if let speed = CoreSpeedSummary(results.measurements) { lines.append(speed.line) }
        let limits = results.limits.map(\.limit)
        for subject in results.subjects {
            lines.append("\(JudgedSubject.isJudged(subject, by: limits) ? "judged" : "counted"): \(subject.line)")
            if let fieldErrors = subject.fieldErrors { lines.append(fieldErrors.line) }
        }
        if let reason = results.measurements.lazy.compactMap(\.allocations.unavailableReason).first {
            lines.append("allocations n/a: \(reason)")
        }
        return lines
    }

    /// What follows the decision's line in markdown: each cost limit that passes while its handle's
    /// share may exceed the threshold, then the headroom, each on a line of its own.
    static func decisionFollowing(_ tables: ReportTables, _ headrooms: [CurveHeadroom]) -> String {
        tables.handleShareCaveats.map { "  \nBut: \($0)" }.joined() + (tables.decisionHeadroom(headrooms).map { "  \nHeadroom: \($0)" } ?? "")
    }

    /// Which operation each limit was judged on, and why it was picked.
    private static func judgedOn(_ results: ResultsFile) -> [String] {
        JudgedSubject.lines(results.limits.map(\.limit), subjects: results.subjects)
    }

    /// What a `frame.*` row times, said under the table of a run that has one: its figure and the
    /// `commit.*` one beside it answer different questions. `code` quotes a name (backticks in markdown).
    static func frameNote(_ results: ResultsFile, code: (String) -> String = { $0 }) -> String? {
        guard results.measurements.contains(where: { $0.name.hasPrefix("frame.") }) else { return nil }
        return "\(code("frame.*")): a commit and the render pass re-running every body it dirtied, the time a user waits "
            + "(\(code("commit.*")) is the commit alone; under derived the verdict's work is in that render)"
    }

    /// The titles of the second and third tables of measurements, when there are more than two
    /// strategies.
    static let ratiosTitle = "each shape's median over stored's"
    static let allocationsTitle = "allocations per operation (allocs / bytes)"
    /// The title of the section of the model's reads over Observation's: goals reported, not limits.
    static let readFloorTitle = "reads at Observation's floor (goals: reported, not limits)"

    private static func capitalized(_ title: String) -> String { title.prefix(1).uppercased() + title.dropFirst() }

    // MARK: - Markdown

    /// The markdown report; `headingLevel` lets BENCHMARKS.md nest it under its own title.
    /// `headrooms` are the file's, when the caller has them already: their bootstrap is the report's
    /// one costly step.
    static func markdown(
        _ results: ResultsFile, headingLevel: Int, headroomPlot: String? = nil, headrooms: [CurveHeadroom]? = nil
    ) -> String {
        let heading = String(repeating: "#", count: headingLevel)
        let tables = ReportTables(results: results)
        var sections = [(header(results).map { "- \($0)" } + ["- method:"] + results.method.map { "  - \($0)" }).joined(separator: "\n")]
        if let table = tables.strategies {
            sections.append("\(heading) Measurements\n\n" + table.markdown() + (frameNote(results, code: { "`\($0)`" }).map { "\n\n" + $0 } ?? ""))
        }
        if let table = tables.strategyRatios { sections.append("\(heading) \(capitalized(ratiosTitle))\n\n" + table.markdown()) }
        if let table = tables.strategyAllocations { sections.append("\(heading) \(capitalized(allocationsTitle))\n\n" + table.markdown()) }
        sections.append(
            "**\(ReferenceFigures.label):** " + ReferenceFigures.line.dropFirst(ReferenceFigures.label.count + 2)
                + "  \n" + ReferenceFigures.measuredLine(in: results))
        if let table = tables.strategyFree { sections.append("\(heading) Unshaped\n\n" + table.markdown()) }
        if let table = tables.readFloor { sections.append("\(heading) \(capitalized(readFloorTitle))\n\n" + table.markdown()) }
        if let table = tables.counts { sections.append("\(heading) Body re-runs\n\n" + table.markdown()) }
        if let section = tables.fitsSection(separator: "\n\n", { $0.markdown() }) { sections.append("\(heading) How cost grows\n\n" + section) }
        let headrooms = headrooms ?? tables.headrooms
        if let table = tables.headroom(headrooms) {
            sections.append("\(heading) \(capitalized(headroomTitle))\n\n" + table.markdown() + "\n\n" + ReportTables.headroomNote
                + (headroomPlot.map { "\n\n![Each curve's cost against N, log-log, with the frame budgets](\($0))\n\nDrawn by `scripts/history`." } ?? ""))
        }
        if let lines = trackedReadLines(tables, code: { "`\($0)`" }) {
            sections.append(
                (["\(heading) \(capitalized(trackedReadsTitle))", lines.unit] + [tables.trackedReads?.markdown()].compactMap { $0 })
                    .joined(separator: "\n\n"))
            if let table = tables.modelAgainstRuntime {
                sections.append("\(heading) \(capitalized(modelAgainstRuntimeTitle))\n\n" + table.markdown() + "\n\n"
                    + ([lines.source] + tables.verdictsInTrackedReads).map { "- \($0)" }.joined(separator: "\n"))
            }
        }
        if let table = tables.instructions {
            sections.append("\(heading) Instructions per operation\n\nCounted by callgrind (the results file's `method` says how).\n\n" + table.markdown())
        }
        sections.append(
            "\(heading) Limits\n\n" + tables.limits.markdown()
                + (tables.limitNotes + judgedOn(results)).map { "\n- \($0)" }.joined())
        sections.append("**Decision: \(results.decision.text)**" + decisionFollowing(tables, headrooms))
        return sections.joined(separator: "\n\n") + "\n"
    }
}
