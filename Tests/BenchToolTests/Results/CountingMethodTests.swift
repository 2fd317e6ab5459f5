import Foundation
import Testing

@testable import BenchTool

/// A new way of counting moves a count by itself: compare shows the counts and lets wall time decide,
/// saying "counting method changed"; merge refuses to mix the ways; a file of an older layout with
/// counts reads as counted the first way.
struct CountingMethodTests {
    private let read = Synthetic.derivedRead

    /// A file whose derived phase read counts `instructions` per operation by `method`.
    private func file(draw: Int = 0, instructions: Double, method: Int?) -> ResultsFile {
        var results = Synthetic.comparable(draw: draw, instructions: [read: instructions])
        results.countingMethod = method
        return results
    }

    @Test func aCountOfAnotherMethodIsShownButDoesNotDecide() throws {
        let comparison = Synthetic.compare(file(instructions: 10_000, method: 1), file(draw: 1, instructions: 10_400, method: 2))
        let item = try #require(comparison.measurements.first { $0.key == read })
        #expect(item.instructionsRatio.map { abs($0 - 1.04) < 1e-9 } == true, "the counts are shown")
        #expect(item.basis == .wallTime && item.instructionsDoubt == .countingMethodChanged && item.countingMethodChanged)
        #expect(item.verdict == .cannotTell && comparison.regressions.isEmpty, "time decides: one process a side cannot tell")
        #expect(comparison.warnings.contains { $0.hasPrefix("counting method changed: old counted instructions by method 1 (") })
        #expect(ComparisonTables.decides(item.instructionsDoubt, rule: ComparisonRule()) == " (decides: counting method changed)")
    }

    @Test func theSameMethodLetsTheCountDecide() throws {
        let comparison = Synthetic.compare(file(instructions: 10_000, method: 2), file(draw: 1, instructions: 10_400, method: 2))
        let item = try #require(comparison.measurements.first { $0.key == read })
        #expect(item.basis == .instructions && item.verdict == .slower && !item.countingMethodChanged)
        #expect(!comparison.warnings.contains { $0.contains("counting method") })
    }

    @Test func aFileWithoutCountsChangesNoMethod() {
        var uncounted = Synthetic.comparable()
        uncounted.countingMethod = nil
        let comparison = Synthetic.compare(uncounted, file(draw: 1, instructions: 10_000, method: 2))
        #expect(!comparison.warnings.contains { $0.contains("counting method") })
        #expect(comparison.measurements.allSatisfy { !$0.countingMethodChanged })
    }

    @Test func mergeRefusesCountsOfTwoMethods() {
        do {
            _ = try ResultsMerge.merge(
                [("a.json", file(instructions: 10_000, method: 1)), ("b.json", file(instructions: 10_000, method: 2))])
            Issue.record("counts of two methods were merged")
        } catch {
            #expect(error.line.hasPrefix("b.json: counted instructions by method 2 ("), "\(error.line)")
        }
    }

    @Test func mergeKeepsTheCountedFilesMethod() throws {
        let merged = try ResultsMerge.merge(
            [("a.json", file(instructions: 10_000, method: 2)), ("b.json", file(instructions: 10_000, method: 2))])
        #expect(merged.countingMethod == 2)
    }

    @Test(arguments: [true, false])
    func aSchema6FileReadsAsCountedByMethod1WhenItHasCounts(counted: Bool) throws {
        var older = counted ? file(instructions: 10_000, method: nil) : Synthetic.comparable()
        older.schema = 6
        older.countingMethod = nil
        let read = try ResultsReader.decode(try older.encoded(), path: "older.json")
        #expect(read.countingMethod == (counted ? 1 : nil))
    }

    @Test func everyMethodIsDescribed() {
        #expect(CountingMethod.descriptions.keys.sorted() == Array(1...CountingMethod.current))
        #expect(CountingMethod.describe(9).contains("unknown to this bench"))
    }
}
