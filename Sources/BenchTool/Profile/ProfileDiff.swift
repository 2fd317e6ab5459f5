import Foundation

/// Which functions' self instructions per operation moved between two profiles of one measurement.
///
/// Functions are joined by symbol, so a function that exists on one side only counts as 0 on the
/// other. The movers are ordered by the size of their change, either way, largest first: the
/// function a regression came from heads the list.
struct ProfileDiff: Sendable, Equatable {
    /// One function's change.
    struct Mover: Sendable, Equatable {
        /// The symbol, as callgrind wrote it.
        var symbol: String
        /// Its readable name.
        var name: String
        /// Self instructions per operation in the old profile (0 when absent there).
        var old: Double
        /// Self instructions per operation in the new profile (0 when absent there).
        var new: Double
        /// `new - old`.
        var difference: Double { new - old }
    }

    /// The measurement, `name [strategy]`.
    var measurement: String
    /// Every instruction per operation, old and new.
    var oldPerOperation: Double
    /// Every instruction per operation in the new profile.
    var newPerOperation: Double
    /// Every function whose self instructions per operation changed, largest change first.
    var movers: [Mover]

    /// The diff of two tables of one measurement.
    init(old: ProfileTable, new: ProfileTable) {
        measurement = new.measurement
        oldPerOperation = old.instructionsPerOperation
        newPerOperation = new.instructionsPerOperation
        var joined: [String: Mover] = [:]
        for row in old.rows { joined[row.symbol] = Mover(symbol: row.symbol, name: row.name, old: row.selfPerOperation, new: 0) }
        for row in new.rows {
            joined[row.symbol, default: Mover(symbol: row.symbol, name: row.name, old: 0, new: 0)].new = row.selfPerOperation
        }
        movers = joined.values.filter { $0.difference != 0 }
            .sorted { (abs($0.difference), $1.symbol) > (abs($1.difference), $0.symbol) }
    }

    /// The heading and the `top` movers, aligned.
    func text(top: Int) -> String {
        let change = oldPerOperation == 0 ? "" : String(format: " (%+.2f%%)", (newPerOperation / oldPerOperation - 1) * 100)
        var lines = [
            "\(measurement): \(ProfileTable.figure(oldPerOperation)) -> \(ProfileTable.figure(newPerOperation)) instructions per operation\(change)"
        ]
        lines.append("  " + ["old self/op", "new self/op", "difference"].map(Self.padded).joined(separator: " ") + "  function")
        for mover in movers.prefix(top) {
            let sign = mover.difference > 0 ? "+" : ""
            let cells = [ProfileTable.figure(mover.old), ProfileTable.figure(mover.new), sign + ProfileTable.figure(mover.difference)]
            lines.append("  " + cells.map(Self.padded).joined(separator: " ") + "  " + mover.name)
        }
        if movers.isEmpty { lines.append("  no function's self instructions per operation changed") }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func padded(_ cell: String) -> String { String(repeating: " ", count: max(0, 11 - cell.count)) + cell }
}
