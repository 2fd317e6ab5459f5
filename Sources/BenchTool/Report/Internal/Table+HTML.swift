extension Table {
    /// The table as an HTML `<table>`, every cell escaped.
    ///
    /// - Parameters:
    ///   - attributes: The attributes of the row at each index of `rows`: what lets a test or a
    ///     stylesheet find a row (`data-limit`, a verdict's class).
    ///   - cell: The markup of the cell at a row and column, given its text; nil keeps the text, escaped.
    func html(attributes: (Int) -> [(String, String)] = { _ in [] }, cell: (Int, Int, String) -> String? = { _, _, _ in nil }) -> String {
        let head = HTML.element("thead", HTML.element("tr", headers.map { HTML.element("th", text: $0) }.joined()))
        let body = rows.enumerated().map { index, row in
            HTML.element("tr", attributes(index), row.enumerated().map { column, text in
                cell(index, column, text).map { HTML.element("td", $0) } ?? HTML.element("td", text: text)
            }.joined())
        }.joined(separator: "\n")
        return HTML.element("table", head + "\n" + HTML.element("tbody", "\n" + body + "\n"))
    }
}
