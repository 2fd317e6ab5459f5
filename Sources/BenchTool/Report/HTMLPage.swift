/// The frame of every HTML page the bench writes: a self-contained document (no script, no external
/// style sheet, font or image) whose style is inline, so the file reads offline, attached to a CI run
/// or opened from a checkout.
struct HTMLPage {
    /// The document's title.
    let title: String
    /// The body's sections, markup already escaped.
    let sections: [String]

    /// The whole document, ending with a newline.
    func rendered() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <style>
        \(Self.style)
        </style>
        </head>
        <body>
        \(sections.joined(separator: "\n"))
        </body>
        </html>

        """
    }

    /// A section with a heading.
    static func section(_ heading: String, id: String, _ content: [String]) -> String {
        HTML.element("section", [("id", id)], "\n" + ([HTML.element("h2", text: heading)] + content).joined(separator: "\n") + "\n")
    }

    /// A paragraph of text.
    static func paragraph(_ text: String, className: String? = nil) -> String {
        HTML.element("p", className.map { [("class", $0)] } ?? [], text: text)
    }

    /// The lines that say what was run where, small, under the page's title.
    static func header(_ lines: [String]) -> String {
        list(lines, className: "header")
    }

    /// A table too long to show open: folded under a summary line.
    static func details(_ summary: String, _ content: String) -> String {
        HTML.element("details", HTML.element("summary", text: summary) + content)
    }

    /// A list of lines.
    static func list(_ lines: [String], className: String? = nil) -> String {
        HTML.element("ul", className.map { [("class", $0)] } ?? [], lines.map { HTML.element("li", text: $0) }.joined())
    }

    /// A key of each strategy's colour, for the charts below it.
    static func strategyKey(_ strategies: [FigureStrategy]) -> String {
        HTML.element("p", [("class", "key")], strategies.map { strategy in
            HTML.element("span", [("class", "swatch s-\(HTML.className(strategy.rawValue))")]) + HTML.escape(strategy.rawValue)
        }.joined(separator: " "))
    }

    /// The shapes' colours, one rule for each shape of the registry in force (`Shape.colour`) and one
    /// for `unshaped`: a figure's class is `s-` and its shape's name.
    static var shapeStyle: String {
        FigureStrategy.allCases.map { label in
            let colour = ShapeRegistry.current.colour(of: label)
            return ".s-\(HTML.className(label.rawValue)) { fill: \(colour); stroke: \(colour); background: \(colour); }"
        }.joined(separator: "\n")
    }

    /// The page's style: colours of strategies (`s-…`) and verdicts (`v-…`), the tables and the charts.
    static var style: String {
        """
        :root { color-scheme: light; --pass: #15803d; --fail: #b91c1c; --undecided: #b45309; --quiet: #6b7280; }
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px auto; max-width: 1320px; padding: 0 16px; color: #111827; background: #fff; }
        h1 { font-size: 22px; margin: 0 0 8px; } h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #e5e7eb; padding-bottom: 4px; }
        ul.header { margin: 0; padding-left: 18px; color: #374151; font-size: 12.5px; }
        .decision { border-left: 6px solid var(--quiet); background: #f9fafb; padding: 10px 14px; margin: 14px 0; font-size: 15px; }
        .decision.o-ships, .summary.ok { border-color: var(--pass); } .decision.o-fallback, .summary.regression { border-color: var(--fail); } .decision.o-undecided { border-color: var(--undecided); }
        .decision p, .summary p { margin: 4px 0; }
        .warning { border-left: 6px solid var(--undecided); background: #fffbeb; padding: 6px 12px; margin: 6px 0; }
        table { border-collapse: collapse; margin: 8px 0; font-size: 12.5px; }
        th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid #f0f0f0; vertical-align: middle; }
        th { background: #f3f4f6; font-weight: 600; }
        td.figure { font-variant-numeric: tabular-nums; white-space: nowrap; }
        td.chart { padding: 0 8px; } svg { display: block; overflow: visible; }
        tbody.measurement tr.name td { padding-top: 10px; font-weight: 600; border-bottom: none; font-family: ui-monospace, monospace; font-size: 12px; }
        .badge { display: inline-block; padding: 0 6px; border-radius: 3px; color: #fff; font-weight: 600; font-size: 12px; }
        .badge.v-pass, .badge.v-faster { background: var(--pass); } .badge.v-fail, .badge.v-slower { background: var(--fail); }
        .badge.v-undecided, .badge.v-cannot-tell { background: var(--undecided); } .badge.v-indicative, .badge.v-notjudged, .badge.v-same { background: var(--quiet); }
        details { margin: 8px 0; } summary { cursor: pointer; font-weight: 600; }
        p.note { color: #4b5563; font-size: 12.5px; max-width: 900px; }
        p.key { font-size: 12.5px; } .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin: 0 4px 0 10px; vertical-align: -1px; }
        svg .label { font-size: 10.5px; fill: #374151; font-family: system-ui, sans-serif; }
        svg .rule { stroke: #e5e7eb; stroke-width: 1; } svg .tick { stroke: #9ca3af; } svg .grid { stroke: #eef0f3; } svg .frame { fill: none; stroke: #d1d5db; }
        svg .interval { opacity: 0.28; } svg .fork { fill-opacity: 0.75; stroke: #fff; stroke-width: 0.8; } svg .median { stroke: #111827; stroke-width: 2; }
        svg .fit { fill: none; stroke-width: 1.6; } svg .whisker { stroke-width: 1.4; } svg .point { stroke: #fff; stroke-width: 0.8; }
        svg .band { fill: #e5e7eb; } svg .one { stroke: #6b7280; stroke-dasharray: 2 2; } svg .ratio { stroke: #fff; stroke-width: 1; } svg .clipped { stroke: #111827; stroke-width: 1.5; }
        \(shapeStyle)
        svg .fork, svg .point { stroke: #fff; }
        .v-faster { fill: var(--pass); } .v-slower { fill: var(--fail); } .v-cannot-tell { fill: var(--undecided); } .v-same { fill: var(--quiet); }
        """
    }
}
