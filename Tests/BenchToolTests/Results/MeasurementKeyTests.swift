@testable import BenchTool
import Testing

/// A measurement's identity: its label, and the label read back.
struct MeasurementKeyTests {
    @Test(arguments: [
        MeasurementKey(name: "phase.read.tracked(largest-strict)", strategy: .derived),
        MeasurementKey(name: "commit.nulls-or-errors(largest-strict, 100 distinct roots)", strategy: .incremental),
        MeasurementKey(name: "observable.read.untracked(row-of-8)", strategy: .unshaped),
        MeasurementKey(name: "a [b] c", strategy: .root),
    ])
    func aLabelReadsBackToItsKey(key: MeasurementKey) {
        #expect(MeasurementKey(label: key.label) == key, "\(key.label)")
        #expect(key.description == key.label)
    }

    @Test func aLabelNamesTheStrategyInBracketsAndNoneForAFigureNoStrategyShapes() {
        #expect(MeasurementKey(name: "x", strategy: .stored).label == "x [stored]")
        #expect(MeasurementKey(name: "x", strategy: .unshaped).label == "x")
    }

    @Test func bracketsThatNameNoMeasuredStrategyArePartOfTheName() {
        #expect(MeasurementKey(label: "x [unshaped]") == MeasurementKey(name: "x [unshaped]", strategy: .unshaped))
        #expect(MeasurementKey(label: "x [none]") == MeasurementKey(name: "x [none]", strategy: .unshaped))
        #expect(MeasurementKey(label: "x [counts]") == MeasurementKey(name: "x [counts]", strategy: .unshaped))
        #expect(MeasurementKey(label: "x [derived] ") == MeasurementKey(name: "x [derived] ", strategy: .unshaped))
    }
}
