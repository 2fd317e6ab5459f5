import Foundation
import Testing

@testable import BenchTool

/// Where a side of a measurement was taken in one process, wall time cannot tell: its difference is
/// neither slower nor faster and fails nothing, while counts, allocations and instructions decide as
/// everywhere.
struct OneProcessCompareTests {
    private let read = Synthetic.derivedRead

    private func write(_ files: ResultsFile...) throws -> [String] { try Synthetic.written(files) }

    private func run(_ paths: [String], format: ReportFormat = .text) -> CommandOutput {
        CompareCommand.run(
            CompareOptions(oldPath: paths[0], newPath: paths[1], rule: ComparisonRule(), failOnRegression: true, format: format))
    }

    // MARK: - Wall time

    @Test(arguments: [2.0, 0.5])
    func oneProcessFilesWhoseMediansDifferTwofoldCannotTell(factor: Double) throws {
        let comparison = Synthetic.compare(Synthetic.comparable(), Synthetic.comparable(draw: 1, factors: [read: factor]))
        let item = try #require(comparison.measurements.first { $0.key == read })
        #expect(item.isOneProcessASide && item.rankTestOf == .samples)
        #expect(abs((item.ratio ?? 0) - factor) < 0.05 && item.adjustedPValue < 0.001, "the samples alone would call it")
        #expect(item.verdict == .cannotTell && item.reason == .oneProcessASide && item.basis == .wallTime)
        #expect(item.timeVerdict == .cannotTell && item.timeReason == .oneProcessASide)
        #expect(comparison.slower.isEmpty && comparison.faster.isEmpty && comparison.cannotTell.count == 4)
        #expect(comparison.regressions.isEmpty && comparison.exitStatus(failOnRegression: true) == .tooNoisy)
        #expect(comparison.measurements.filter { $0.key != read }.allSatisfy { $0.verdict == .cannotTell && $0.reason == .oneProcessASide },
                "what did not move is not shown the same either: one process cannot show it")
    }

    @Test func aOneProcessSideAgainstForksCannotTellEither() throws {
        let forked = Synthetic.comparable(forks: Synthetic.judgedForks)
        let slowed = Synthetic.comparable(draw: 1, factors: [read: 2], forks: Synthetic.judgedForks)
        for (old, new) in [(Synthetic.comparable(), slowed), (forked, Synthetic.comparable(factors: [read: 2]))] {
            let item = try #require(Synthetic.compare(old, new).measurements.first { $0.key == read })
            #expect(item.verdict == .cannotTell, "\(item.old.forks) fork(s) against \(item.new.forks)")
        }
    }

    @Test func theRecordsNotTheOptionsSayWhetherASideWasOneProcess() throws {
        // Options that claim forks over records taken in one process: the records stand.
        var claimed = Synthetic.comparable(factors: [read: 2])
        claimed.options.forks = Synthetic.judgedForks
        let item = try #require(Synthetic.compare(Synthetic.comparable(), claimed).measurements.first { $0.key == read })
        #expect(item.new.forks == 1 && item.verdict == .cannotTell)
    }

    @Test func multiForkFilesStillCallSlowerAndFail() throws {
        let forks = Synthetic.judgedForks
        let comparison = Synthetic.compare(
            Synthetic.comparable(forks: forks), Synthetic.comparable(draw: 1, factors: [read: 2], forks: forks))
        let item = try #require(comparison.measurements.first { $0.key == read })
        #expect(!item.isOneProcessASide && item.rankTestOf == .forkMedians)
        #expect(item.verdict == .slower && item.reason == .changed && item.basis == .wallTime)
        #expect(comparison.cannotTell.isEmpty && comparison.slower.map(\.key) == [read])
        #expect(comparison.regressions == ["phase.read.tracked(largest-strict) [derived]: slower by wall time"])
        #expect(comparison.exitStatus(failOnRegression: true) == .failure)
        #expect(!comparison.warnings.contains { $0.contains("one process") }, "\(comparison.warnings)")
    }

    // MARK: - What still decides

    @Test func instructionCountsThatDecideStillDecide() throws {
        let slower = Synthetic.compare(
            Synthetic.comparable(instructions: [read: 10_000]),
            Synthetic.comparable(draw: 1, factors: [read: 2], instructions: [read: 10_200]))
        let item = try #require(slower.measurements.first { $0.key == read })
        #expect(item.basis == .instructions && item.verdict == .slower, "2 % more instructions, past 1 %")
        #expect(item.timeVerdict == .cannotTell, "wall time is still shown, and cannot tell")
        #expect(slower.regressions == ["phase.read.tracked(largest-strict) [derived]: slower by instructions"])
        #expect(slower.exitStatus(failOnRegression: true) == .failure)

        let same = Synthetic.compare(
            Synthetic.comparable(instructions: [read: 10_000]),
            Synthetic.comparable(draw: 1, factors: [read: 2], instructions: [read: 10_050]))
        let unchanged = try #require(same.measurements.first { $0.key == read })
        #expect(unchanged.instructionsVerdict == .same && unchanged.verdict == .cannotTell && unchanged.basis == .wallTime,
                "a count that did not move clears nothing the clock cannot show")
        #expect(same.regressions.isEmpty)
    }

    @Test func countsThatWanderLeaveItToWallTimeWhichCannotTell() throws {
        var old = Synthetic.comparable(instructions: [read: 10_000])
        var new = Synthetic.comparable(draw: 1, factors: [read: 2], instructions: [read: 10_400])
        old.measurements[0].instructionsUnderOtherHashSeeds = [10_900, 9_400]
        new.measurements[0].instructionsUnderOtherHashSeeds = [9_900, 11_200]
        let item = try #require(Synthetic.compare(old, new).measurements.first { $0.key == read })
        #expect(item.instructionsDoubt == .countsWander && item.basis == .wallTime && item.verdict == .cannotTell)
    }

    @Test func allocationsAndBodyCountsStillFail() {
        let allocations = Synthetic.compare(
            Synthetic.comparable(allocations: [read: 2]), Synthetic.comparable(factors: [read: 2], allocations: [read: 3]))
        #expect(allocations.regressions == ["phase.read.tracked(largest-strict) [derived]: more allocations per operation"])
        #expect(allocations.cannotTell.count == 4 && allocations.exitStatus(failOnRegression: true) == .failure)

        let counts = Synthetic.compare(Synthetic.comparable(), Synthetic.comparable(factors: [read: 2], derivedReruns: 2))
        #expect(counts.regressions == ["verdict-read-value-changes(spreads-only) [derived] phase-only: re-runs 1 -> 2"])
        #expect(counts.exitStatus(failOnRegression: true) == .failure)
    }

    // MARK: - Outputs

    @Test func theSummarySaysHowManyItCouldNotTellInEveryFormat() throws {
        let stored = MeasurementKey(name: Synthetic.phaseRead, strategy: .stored)
        let paths = try write(Synthetic.comparable(), Synthetic.comparable(draw: 1, factors: [read: 2, stored: 0.5]))
        let summary = "0 slower, 0 faster, 0 same, 4 cannot tell (time on the wall clock); 0 of 2 counts changed; "
            + "0 allocation figures changed; no regression"

        let text = run(paths)
        #expect(text.status == 3, "--fail-on-regression does not pass on what it cannot tell, nor fail on it")
        #expect(text.standardOutput.hasSuffix("summary: \(summary)\n"), "\(text.standardOutput)")
        #expect(text.standardError == ["bench: warning: " + Synthetic.oneProcessWarning])
        let row = try #require(text.standardOutput.split(separator: "\n").first { $0.hasPrefix("phase.read.tracked(largest-strict) [derived]") })
        #expect(row.hasSuffix("cannot tell (one process a side)"), "\(row)")

        let markdown = run(paths, format: .markdown).standardOutput
        #expect(markdown.hasPrefix("### bench compare\n\n**\(summary)**"), "\(markdown)")
        #expect(markdown.contains("| **cannot tell (one process a side)** |"), "bold: it keeps a gate from passing")
        #expect(markdown.contains("> **warning:** " + Synthetic.oneProcessWarning))

        let json = run(paths, format: .json).standardOutput
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["cannotTell"] as? Int == 4)
        let measurements = try #require(object["measurements"] as? [[String: Any]])
        let first = try #require(measurements.first { ($0["key"] as? [String: Any])?["strategy"] as? String == "derived" })
        #expect(first["verdict"] as? String == "cannot tell" && first["reason"] as? String == "one process a side")
        #expect(first["timeVerdict"] as? String == "cannot tell")
        #expect((object["regressions"] as? [String])?.isEmpty == true)
    }

    @Test func forkedFilesThatAgreeSayTheSameInTheSummary() throws {
        let paths = try write(Synthetic.comparable(forks: Synthetic.judgedForks), Synthetic.comparable(forks: Synthetic.judgedForks))
        #expect(run(paths).standardOutput.hasSuffix(
            "summary: 0 slower, 0 faster, 4 same, 0 cannot tell (time on the wall clock); 0 of 2 counts changed; "
                + "0 allocation figures changed; no regression\n"))
    }
}
