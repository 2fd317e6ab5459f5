import Harness
import Testing

@testable import BenchTool

/// Units are chosen per value, after rounding, with three significant digits.
struct FigureTextTests {
    @Test(arguments: [
        (0.0, "0 ns"), (0.5, "0.500 ns"), (25.9, "25.9 ns"), (638, "638 ns"), (999, "999 ns"), (999.4, "999 ns"),
        (999.7, "1.00 µs"), (1_000, "1.00 µs"), (1_234, "1.23 µs"), (9_996, "10.0 µs"), (12_345, "12.3 µs"),
        (999_499, "999 µs"), (999_500, "1.00 ms"), (4_560_000, "4.56 ms"), (1_200_000_000, "1.20 s"),
        (75_000_000_000, "75.0 s"), (-5.2, "-5.20 ns"),
    ])
    func durations(nanoseconds: Double, text: String) {
        #expect(FigureText.duration(nanoseconds) == text)
    }

    @Test func aMedianWithItsIntervalSharesTheMediansUnitAndPrecision() {
        let interval = ConfidenceInterval(lower: 12_100, upper: 12_600, level: 0.95, method: "test")
        #expect(FigureText.duration(12_300, interval: interval) == "12.3 µs [12.1, 12.6]")
        let across = ConfidenceInterval(lower: 990, upper: 1_010, level: 0.95, method: "test")
        #expect(FigureText.duration(999, interval: across) == "999 ns [990, 1010]")
    }

    @Test(arguments: [(24.63, "24.6×"), (1.0, "1.00×"), (0.04, "0.0400×"), (1_234, "1234×")])
    func ratios(value: Double, text: String) {
        #expect(FigureText.ratio(value) == text)
    }

    @Test func countsAndPerOperationFiguresAreExactWhenWhole() {
        #expect(FigureText.count(0) == "0" && FigureText.perOperation(2) == "2" && FigureText.perOperation(0.5) == "0.500")
        #expect(FigureText.threshold(50_000, unit: .nanoseconds) == "50.0 µs" && FigureText.threshold(0, unit: .count) == "0")
    }
}
