import Foundation
import Harness

/// One measurement's exact profile as a table: its functions by self and inclusive instructions per
/// operation, and calls per operation.
///
/// Per operation means over every operation the collected region ran (calls times operations per
/// call), so a figure sits beside the measurement's `instructionsPerOperation`. The share attributed
/// says how much of the region's instructions named functions account for; the rest (code no
/// symbol covers) is shown as its own line, never dropped.
struct ProfileTable: Sendable, Equatable {
    /// One function's line.
    struct Row: Sendable, Equatable {
        /// The symbol as callgrind wrote it: the key that `bench profile diff` joins on.
        var symbol: String
        /// The demangled name (the symbol itself when it is not Swift's, or `swift` is missing).
        var name: String
        /// Instructions in its own code, per operation.
        var selfPerOperation: Double
        /// Instructions in it and what it called, per operation.
        var inclusivePerOperation: Double
        /// Calls to it, per operation.
        var callsPerOperation: Double
        /// Its self instructions over the region's.
        var selfShare: Double
    }

    /// How many functions `bench profile` shows per measurement on the terminal; the files hold all.
    static let terminalRows = 15

    /// The measurement, `name [strategy]`.
    var measurement: String
    /// The operations the region ran: calls times operations per call.
    var operations: Int
    /// Every instruction of the region, per operation.
    var instructionsPerOperation: Double
    /// The share of the region's instructions attributed to named functions.
    var attributedShare: Double
    /// The share in code callgrind knew no symbol for.
    var unknownShare: Double
    /// Every named function with a cost, by self instructions, most first; ties by name.
    var rows: [Row]

    /// The table of `profile`, a region of `operations` operations, with `names` as the readable
    /// form of each symbol.
    init(measurement: String, profile: CallgrindProfile, operations: Int, names: [String: String]) {
        let perOperation = 1 / Double(max(operations, 1))
        let total = Double(max(profile.totalInstructions, 1))
        self.measurement = measurement
        self.operations = operations
        instructionsPerOperation = Double(profile.totalInstructions) * perOperation
        attributedShare = profile.attributedShare
        unknownShare = Double(profile.unknownInstructions) / total
        rows = profile.functions.values.filter { !$0.isUnknown && ($0.selfInstructions > 0 || $0.inclusiveInstructions > 0) }
            .map { function in
                Row(
                    symbol: function.name, name: names[function.name] ?? function.name,
                    selfPerOperation: Double(function.selfInstructions) * perOperation,
                    inclusivePerOperation: Double(function.inclusiveInstructions) * perOperation,
                    callsPerOperation: Double(function.calls) * perOperation, selfShare: Double(function.selfInstructions) / total)
            }
            .sorted { ($0.selfPerOperation, $1.symbol) > ($1.selfPerOperation, $0.symbol) }
    }

    /// The row whose readable name contains `fragment`, the costliest first.
    func row(named fragment: String) -> Row? { rows.first { $0.name.contains(fragment) } }

    // MARK: - Rendering

    /// Tab-separated values, one function a line after a header, every function: for a spreadsheet or
    /// `sort`. Figures are written in full, not rounded for the eye.
    var tsv: String {
        var lines = ["self_per_op\tinclusive_per_op\tcalls_per_op\tself_share\tname\tsymbol"]
        for row in rows {
            lines.append("\(row.selfPerOperation)\t\(row.inclusivePerOperation)\t\(row.callsPerOperation)\t\(row.selfShare)\t\(row.name)\t\(row.symbol)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Aligned text: a heading with the region's figures and its attributed share, then the `top`
    /// functions (every one when `nil`), and the unknown frames' line.
    func text(top: Int? = nil) -> String {
        let shown = top.map { Array(rows.prefix($0)) } ?? rows
        var lines = [
            "\(measurement): \(Self.figure(instructionsPerOperation)) instructions per operation over \(operations) operations; "
                + "\(FigureText.tenthsPercent(attributedShare)) attributed to named functions, \(FigureText.tenthsPercent(unknownShare)) in unknown frames"
        ]
        lines.append("  " + Self.columns(["self/op", "share", "incl/op", "calls/op"]) + "  function")
        for row in shown {
            let figures = [Self.figure(row.selfPerOperation), FigureText.tenthsPercent(row.selfShare), Self.figure(row.inclusivePerOperation), Self.figure(row.callsPerOperation)]
            lines.append("  " + Self.columns(figures) + "  " + row.name)
        }
        if shown.count < rows.count { lines.append("  ... \(rows.count - shown.count) more functions in functions.tsv.gz") }
        // Callgrind's call costs are per edge: a function that recurses through another (A calls B
        // calls A) has each level's calls counted in its own inclusive cost, as callgrind_annotate does.
        if shown.contains(where: { $0.inclusivePerOperation > instructionsPerOperation }) {
            lines.append("  (an incl/op above the operation's total counts a function that recurses through others at every level)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func columns(_ cells: [String]) -> String {
        cells.map { String(repeating: " ", count: max(0, 11 - $0.count)) + $0 }.joined(separator: " ")
    }

    /// A count per operation with up to three significant decimals where it is small.
    static func figure(_ value: Double) -> String {
        if value >= 100 || value == value.rounded() { return String(Int(value.rounded())) }
        let digits = value >= 10 ? 1 : value >= 1 ? 2 : 3
        return String(format: "%.\(digits)f", value)
    }
}
