/// A comparison of two results files as one self-contained HTML page:
/// `bench compare OLD NEW --format html`.
///
/// It opens with the summary line and the warnings, then a row per measurement both files have: the
/// text report's figures (`ComparisonTables`) beside a strip of NEW over OLD with its interval against
/// the band the rule calls the same, coloured by the verdict (`RatioStrip`). Allocations and counts
/// follow only where they changed, as in the text report. Each measurement row carries
/// `data-measurement` (its key's label) and `data-verdict`; the page is a function of the comparison
/// alone.
enum HTMLComparisonReport {
    /// The page of `comparison`, ending with a newline.
    static func render(_ comparison: ResultsComparison) -> String {
        let tables = ComparisonTables(comparison: comparison)
        let regressions = comparison.regressions.count
        var sections = [
            HTML.element("h1", text: "bench compare"),
            HTMLPage.header(ComparisonReport.header(comparison)),
            HTML.element(
                "section", [("id", "summary"), ("class", "decision summary " + (regressions == 0 ? "ok" : "regression"))],
                HTML.element("p", HTML.element("strong", text: "Summary: ") + HTML.escape(ComparisonReport.summary(comparison)))),
        ]
        sections += comparison.warnings.map { HTML.element("p", [("class", "warning")], HTML.element("strong", text: "warning: ") + HTML.escape($0)) }
        sections.append(measurements(comparison, tables))
        if let table = tables.instructions {
            sections.append(HTMLPage.section("Instructions per operation", id: "instructions", [table.html()]))
        }
        sections.append(HTMLPage.section("Allocations", id: "allocations", [HTMLPage.paragraph(tables.allocationsLine)] + [tables.allocations?.html()].compactMap { $0 }))
        sections.append(HTMLPage.section("Body re-runs", id: "counts", [HTMLPage.paragraph(tables.countsLine)] + [tables.counts?.html()].compactMap { $0 }))
        let onlyIn = ComparisonReport.onlyInLines(comparison)
        if !onlyIn.isEmpty { sections.append(HTMLPage.section("In one file only", id: "only-in", [HTMLPage.list(onlyIn)])) }
        return HTMLPage(title: "bench compare", sections: sections).rendered()
    }

    /// The measurements' table with a strip per row, on one scale headed by its axis.
    private static func measurements(_ comparison: ResultsComparison, _ tables: ComparisonTables) -> String {
        let strips = comparison.measurements.map { RatioStrip(item: $0, rule: comparison.rule) }
        let scale = RatioStrip.scale(for: strips)
        let table = tables.measurements
        let head = HTML.element("thead", HTML.element("tr",
            table.headers.map { HTML.element("th", text: $0) }.joined() + HTML.element("th", [("class", "chart")], RatioStrip.axis(scale))))
        let rows = zip(comparison.measurements, zip(table.rows, strips)).map { item, row in
            let (cells, strip) = row
            let verdict = item.verdict.rawValue
            let text = cells.enumerated().map { column, cell -> String in
                guard column == cells.count - 1 else {
                    return HTML.element("td", column == 0 ? [] : [("class", "figure")], text: cell)
                }
                // The verdict's cell: its word as a badge, what follows it (why, by what) plain.
                let rest = cell.hasPrefix(verdict) ? String(cell.dropFirst(verdict.count)) : " " + cell
                return HTML.element("td", HTML.element("span", [("class", "badge v-\(HTML.className(verdict))")], text: verdict) + HTML.escape(rest))
            }.joined()
            return HTML.element(
                "tr", [("data-measurement", item.key.label), ("data-verdict", verdict)],
                text + HTML.element("td", [("class", "chart")], strip.svg(scale)))
        }
        let note = "The strip: new over old (a dot) with its \(FigureText.number(comparison.rule.confidenceLevel * 100)) % interval (a bar), "
            + "on a logarithmic axis, against the grey band the rule calls the same where the interval lies within it "
            + "(±\(FigureText.compactPercent(comparison.rule.threshold)) by time, ±\(FigureText.compactPercent(comparison.rule.instructionsThreshold)) "
            + "where instruction counts decide, drawn then without an interval); the dashed line is 1. Rule: \(comparison.rule.sentence)"
        return HTMLPage.section("Measurements", id: "measurements", [
            HTMLPage.paragraph(note, className: "note"),
            HTML.element("table", [("class", "comparison")], head + "\n" + HTML.element("tbody", "\n" + rows.joined(separator: "\n") + "\n")),
        ])
    }
}
