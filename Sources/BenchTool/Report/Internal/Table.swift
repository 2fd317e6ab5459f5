import Foundation

/// Rows of cells rendered as aligned text columns or as a GitHub markdown table.
struct Table {
    var headers: [String]
    var rows: [[String]]

    /// Columns padded to their widest cell (in characters, so `µs` and `×` count as one), two spaces
    /// apart, trailing spaces trimmed.
    func text(indent: String = "") -> String {
        let all = [headers] + rows
        let widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            var line = indent
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count + 2) }
            }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }

    /// A GitHub table; `|` inside a cell is escaped.
    func markdown() -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        return ([line(headers), "|" + headers.map { _ in "---|" }.joined()] + rows.map(line)).joined(separator: "\n")
    }
}
