/// A results file as one self-contained HTML page: `bench report FILE --format html`.
///
/// The page opens with the decision and each limit with its verdict and headroom; then, per
/// measurement, each shape's fork medians as points on one scale with the pooled median and its
/// interval, so a reader sees how far the processes disagree and what the interval makes of it; then the
/// scaling curves log-log with their fits, and the tables of the text report. Its figures are the text
/// report's (`ReportTables`, `FigureText`), never worked out again, and the page is a function of the
/// file alone: the same file gives the same bytes.
///
/// Rows a test counts carry stable attributes: one `data-measurement` (with `data-strategy`) per
/// record of the file's `measurements`, one `data-limit` (with `data-verdict`) per judged limit.
enum HTMLReport {
    /// The page of `results`, ending with a newline.
    ///
    static func render(_ results: ResultsFile) -> String {
        let tables = ReportTables(results: results)
        let headrooms = tables.headrooms
        let commit = String(results.environment.commit.prefix(12))
        var sections = [
            HTML.element("h1", text: "bench report: commit \(commit)"),
            HTMLPage.header(Report.header(results)),
            HTMLPage.section("Method", id: "method", [
                HTML.element("ul", [("class", "method")], results.method.map { HTML.element("li", [("data-method", "")], text: $0) }.joined())
            ]),
            decision(results, tables, headrooms),
            limits(results, tables),
            measurements(results, tables),
        ]
        sections.append(HTMLPage.section("Reference figures", id: "reference", [
            HTMLPage.paragraph(ReferenceFigures.line), HTMLPage.paragraph(ReferenceFigures.measuredLine(in: results)),
        ]))
        if let curves = scaling(results, tables) { sections.append(curves) }
        if let table = tables.headroom(headrooms) {
            sections.append(HTMLPage.section(capitalized(Report.headroomTitle), id: "headroom", [
                table.html(), HTMLPage.paragraph(ReportTables.headroomNote, className: "note"),
            ]))
        }
        if let table = tables.counts {
            sections.append(HTMLPage.section("Body re-runs", id: "counts", [HTMLPage.details("\(table.rows.count) rows", table.html())]))
        }
        if let table = tables.readFloor { sections.append(HTMLPage.section(capitalized(Report.readFloorTitle), id: "read-floor", [table.html()])) }
        if let lines = Report.trackedReadLines(tables) {
            var content = [HTMLPage.paragraph(lines.unit)] + [tables.trackedReads?.html()].compactMap { $0 }
            if let table = tables.modelAgainstRuntime {
                content += [HTML.element("h3", text: capitalized(Report.modelAgainstRuntimeTitle)), table.html(),
                            HTMLPage.list([lines.source] + tables.verdictsInTrackedReads, className: "note")]
            }
            sections.append(HTMLPage.section(capitalized(Report.trackedReadsTitle), id: "tracked-reads", content))
        }
        if let table = tables.instructions {
            sections.append(HTMLPage.section("Instructions per operation (callgrind)", id: "instructions", [HTMLPage.details("\(table.rows.count) rows", table.html())]))
        }
        return HTMLPage(title: "bench report \(commit)", sections: sections).rendered()
    }

    // MARK: - The decision and the limits

    private static func decision(_ results: ResultsFile, _ tables: ReportTables, _ headrooms: [CurveHeadroom]) -> String {
        let outcome = results.decision.outcome.rawValue
        let lines = [HTML.element("p", HTML.element("strong", text: "Decision: ") + HTML.escape(results.decision.text))]
            + tables.handleShareCaveats.map { HTML.element("p", [("data-handle-share-caveat", "")], HTML.element("strong", text: "But: ") + HTML.escape($0)) }
            + [tables.decisionHeadroom(headrooms).map { HTML.element("p", HTML.element("strong", text: "Headroom: ") + HTML.escape($0)) }]
                .compactMap { $0 }
        return HTML.element(
            "section", [("id", "decision"), ("class", "decision o-\(HTML.className(outcome))"), ("data-decision", outcome)],
            lines.joined())
    }

    private static func limits(_ results: ResultsFile, _ tables: ReportTables) -> String {
        let judgements = results.limits
        let table = tables.limits.html(
            attributes: {
                [("data-limit", judgements[$0].limit.id), ("data-verdict", judgements[$0].verdict.rawValue)]
                    + (judgements[$0].handleShare.map { [("data-handle-share", FigureText.number($0.share))] } ?? [])
            },
            cell: { row, column, text in
                // The verdict's cell: its word as a badge in the verdict's colour, the rest of it plain.
                guard column == 1 else { return nil }
                let verdict = judgements[row].verdict.rawValue
                return HTML.element("span", [("class", "badge v-\(HTML.className(verdict))")], text: verdict)
                    + HTML.escape(String(text.dropFirst(verdict.count)))
            })
        let notes = tables.limitNotes + JudgedSubject.lines(judgements.map(\.limit), subjects: results.subjects)
        return HTMLPage.section("Limits", id: "limits", [table] + (notes.isEmpty ? [] : [HTMLPage.list(notes, className: "note")]))
    }

    // MARK: - Measurements

    /// Every measurement record of the file, one row each, grouped by name: shapes of one measurement
    /// share a scale, whose axis heads the group.
    private static func measurements(_ results: ResultsFile, _ tables: ReportTables) -> String {
        let free = results.measurements.filter { $0.strategy == .unshaped }.map(\.name)
        var names = tables.strategyNames
        for name in free where !names.contains(name) { names.append(name) }
        let headers = ["shape", "median [95% CI]", "over stored", "allocs/op", "bytes/op",
                       "each fork's median (dots), the median (tick: of the forks' medians, or pooled in a file before schema 5) and its interval (bar)"]
        let groups = names.map { name -> String in
            let records = results.measurements.filter { $0.name == name }.sorted { $0.strategy < $1.strategy }
            let strips = records.map(ForkMedianStrip.init)
            let scale = ForkMedianStrip.scale(for: strips)
            let title = HTML.element("tr", [("class", "name")],
                HTML.element("td", [("colspan", "5")], text: name) + HTML.element("td", [("class", "chart")], ForkMedianStrip.axis(scale)))
            let rows = zip(records, strips).map { record, strip in
                let strategy = record.strategy.rawValue
                let cells = [
                    HTML.element("td", HTML.element("span", [("class", "swatch s-\(HTML.className(strategy))")]) + HTML.escape(strategy)),
                    figure(tables.timing(record)),
                    figure(record.strategy == .unshaped || record.strategy == .fallback ? "" : tables.ratio(name, record.strategy)),
                    figure(tables.allocations(record)), figure(tables.bytes(record)),
                    HTML.element("td", [("class", "chart")], strip.svg(scale)),
                ]
                return HTML.element("tr", [("data-measurement", name), ("data-strategy", strategy)], cells.joined())
            }
            return HTML.element("tbody", [("class", "measurement"), ("data-measurement-name", name)], "\n" + ([title] + rows).joined(separator: "\n") + "\n")
        }
        let head = HTML.element("thead", HTML.element("tr", headers.map { HTML.element("th", text: $0) }.joined()))
        var content = [
            HTMLPage.strategyKey(tables.columns + (free.isEmpty ? [] : [.unshaped])),
            HTML.element("table", [("class", "measurements")], head + "\n" + groups.joined(separator: "\n")),
        ]
        let note = "A dot is one process's median; the tick, the median of every sample; the bar, that median's interval, "
            + "bootstrapped over processes. Each measurement's shapes share one axis (logarithmic where every figure is positive)."
        content.insert(HTMLPage.paragraph(note, className: "note"), at: 1)
        if let frame = Report.frameNote(results) { content.append(HTMLPage.paragraph(frame, className: "note")) }
        if let reason = results.measurements.lazy.compactMap(\.allocations.unavailableReason).first {
            content.append(HTMLPage.paragraph("allocations n/a: \(reason)", className: "note"))
        }
        return HTMLPage.section("Measurements", id: "measurements", content)
    }

    private static func figure(_ text: String) -> String { HTML.element("td", [("class", "figure")], text: text) }

    // MARK: - Scaling

    /// Each curve's chart above its fits' rows; nil when the file fitted none.
    private static func scaling(_ results: ResultsFile, _ tables: ReportTables) -> String? {
        guard let fits = tables.fits else { return nil }
        var content = ScalingChart.all(in: results).map { chart -> String in
            let rows = fits.rows.enumerated().filter { results.fits[$0.offset].name == chart.curve }.map(\.element)
            return HTML.element("figure", [("class", "curve")],
                HTML.element("figcaption", text: chart.curve) + chart.svg() + Table(headers: fits.headers, rows: rows).html())
        }
        if let line = results.scaling?.line { content.append(HTMLPage.paragraph(line, className: "note")) }
        content.insert(HTMLPage.paragraph(
            "Each point is a measurement's median with its interval; each line, the least-squares fit the results file records "
                + "(cost = intercept + slope × N), drawn where it is positive. Both axes logarithmic.", className: "note"), at: 0)
        return HTMLPage.section("How cost grows", id: "scaling", content)
    }

    // MARK: - Words

    private static func capitalized(_ title: String) -> String { title.prefix(1).uppercased() + title.dropFirst() }
}
