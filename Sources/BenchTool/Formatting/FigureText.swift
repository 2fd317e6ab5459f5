import Foundation
import Harness

/// How every figure is written in reports, verdicts and progress lines: the same rules everywhere.
///
/// Timings are stored in nanoseconds and written with three significant digits in the largest unit
/// that keeps the number at or above 1: `999 ns`, `1.00 µs`, `12.3 µs`, `4.56 ms`, `1.20 s`. The unit is
/// chosen after rounding, so 999.7 ns is `1.00 µs`, not `1000 ns`. Counts are written exactly.
enum FigureText {
    /// The significant digits of every timing and ratio.
    static let significantDigits = 3

    private static let timeUnits: [(symbol: String, nanoseconds: Double)] = [
        ("ns", 1), ("µs", 1e3), ("ms", 1e6), ("s", 1e9),
    ]

    /// A duration, e.g. `12.3 µs`.
    ///
    /// - Parameter nanoseconds: The duration in nanoseconds; may be negative (a sample below the
    ///   timer's overhead is reported as measured, not hidden).
    static func duration(_ nanoseconds: Double) -> String {
        let (number, unit, _) = scaledDuration(nanoseconds)
        return "\(number) \(unit)"
    }

    /// A median with its confidence interval, both bounds in the median's unit and precision:
    /// `12.3 µs [12.1, 12.6]`.
    static func duration(_ median: Double, interval: ConfidenceInterval) -> String {
        let (number, unit, decimals) = scaledDuration(median)
        let scale = timeUnits.first { $0.symbol == unit }!.nanoseconds
        let lower = fixed(interval.lower / scale, decimals: decimals)
        let upper = fixed(interval.upper / scale, decimals: decimals)
        return "\(number) \(unit) [\(lower), \(upper)]"
    }
    /// A measured fraction as the reports write a percentage, to three significant figures: `0.412 %`,
    /// `12.0 %`, `0 %`.
    static func percent(_ fraction: Double) -> String {
        number(fraction * 100) + " %"
    }


    /// A fraction as a rule or a level is written: whole percentages whole, others to three
    /// significant figures, no space: `5%`, `2.5%`, `97.5%`.
    static func compactPercent(_ fraction: Double) -> String {
        let value = fraction * 100
        let whole = value.rounded()
        return abs(value - whole) < 1e-9 ? "\(Int(whole))%" : "\(number(value))%"
    }

    /// A share to one decimal, as the profiles' tables write it: `12.5%`.
    static func tenthsPercent(_ share: Double) -> String {
        String(format: "%.1f%%", share * 100)
    }

    /// A plain number with three significant digits, e.g. `0.0400` or `24.6`; whole numbers of three
    /// digits or more are written whole.
    static func number(_ value: Double) -> String {
        let (text, _) = significant(value)
        return text
    }

    /// A ratio, e.g. `24.6×`.
    static func ratio(_ value: Double) -> String {
        "\(number(value))×"
    }

    /// An exact count.
    static func count(_ value: Int) -> String {
        String(value)
    }

    /// A per-operation average of counted events: whole values exactly (`0`, `2`), others with three
    /// significant digits (`0.500`).
    static func perOperation(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : number(value)
    }

    /// A threshold in its limit's unit: `50.0 µs` for nanoseconds, `0` for a count, `1.50×` for a ratio.
    static func threshold(_ value: Double, unit: LimitUnit) -> String {
        switch unit {
        case .nanoseconds: duration(value)
        case .count: perOperation(value)
        case .ratio: ratio(value)
        }
    }

    // MARK: - Rounding

    /// The number, unit symbol and decimals of a duration after choosing its unit.
    private static func scaledDuration(_ nanoseconds: Double) -> (String, String, Int) {
        guard nanoseconds.isFinite else { return (String(nanoseconds), "ns", 0) }
        var unitIndex = 0
        while unitIndex + 1 < timeUnits.count, abs(nanoseconds) >= timeUnits[unitIndex + 1].nanoseconds {
            unitIndex += 1
        }
        var (text, decimals) = significant(nanoseconds / timeUnits[unitIndex].nanoseconds)
        // Rounding can carry into the next unit: 999.7 ns rounds to 1000, which is 1.00 µs.
        if unitIndex + 1 < timeUnits.count, let rounded = Double(text), abs(rounded) >= 1000 {
            unitIndex += 1
            (text, decimals) = significant(nanoseconds / timeUnits[unitIndex].nanoseconds)
        }
        return (text, timeUnits[unitIndex].symbol, decimals)
    }

    /// `value` with `significantDigits` significant digits, and the decimals used.
    private static func significant(_ value: Double) -> (String, Int) {
        guard value != 0, value.isFinite else { return (value == 0 ? "0" : String(value), 0) }
        let magnitude = Int(log10(abs(value)).rounded(.down))
        var decimals = max(0, significantDigits - 1 - magnitude)
        // 9.996 at two decimals is 10.00: one digit too many once rounding carried.
        let rounded = (abs(value) * pow(10, Double(decimals))).rounded() / pow(10, Double(decimals))
        if decimals > 0, rounded >= pow(10, Double(magnitude + 1)) { decimals -= 1 }
        return (fixed(value, decimals: decimals), decimals)
    }

    private static func fixed(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
