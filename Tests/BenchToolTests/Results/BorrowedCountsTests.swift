import Foundation
import Testing

@testable import BenchTool

/// `--counts-from FILE` takes the body re-run counts of an earlier run of this build and selection,
/// and refuses, in one line naming the file and the field, a run of anything else.
struct BorrowedCountsTests {
    private func written(_ file: ResultsFile) throws -> String {
        let path = NSTemporaryDirectory() + "borrowed-\(UUID().uuidString).json"
        try file.encoded().write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A run's options with the selection `earlierRun()` records.
    private var options: RunOptions {
        var options = RunOptions.defaults
        options.specDirectory = "spec"
        options.strategies = earlierRun().options.strategy
        return options
    }

    private func earlierRun(commit: String = "0123456789abcdef0123456789abcdef01234567") -> ResultsFile {
        var file = Synthetic.comparable(derivedReruns: 7)
        file.environment = Synthetic.environment(commit: commit)
        return file
    }

    @Test func aRunOfThisBuildAndSelectionLendsItsCounts() throws {
        let earlier = earlierRun()
        let path = try written(earlier)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let counts = try BorrowedCounts.read(from: path, options: options, environment: Synthetic.environment())
        #expect(counts == earlier.counts && !counts.isEmpty)
    }

    @Test func anotherCommitIsRefusedInOneLine() throws {
        let path = try written(earlierRun(commit: "fedcba9876543210fedcba9876543210fedcba98"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            throws: BenchError.at(
                path,
                "--counts-from needs a run of this build and selection: its commit is 'fedcba9876543210fedcba9876543210fedcba98', "
                    + "this run's '0123456789abcdef0123456789abcdef01234567'")
        ) { try BorrowedCounts.read(from: path, options: options, environment: Synthetic.environment()) }
    }

    @Test func anotherSelectionOrAnUnknownCommitIsRefused() throws {
        let path = try written(earlierRun())
        defer { try? FileManager.default.removeItem(atPath: path) }
        var filtered = options
        filtered.filter = MeasurementFilter(pattern: "phase.read")
        #expect(throws: BenchError.self) { try BorrowedCounts.read(from: path, options: filtered, environment: Synthetic.environment()) }
        var dirty = Synthetic.environment(dirty: true)
        #expect(throws: BenchError.self) { try BorrowedCounts.read(from: path, options: options, environment: dirty) }
        dirty.commit = "unknown"
        #expect(throws: BenchError.self) { try BorrowedCounts.read(from: path, options: options, environment: dirty) }
    }

    @Test func aMissingFileIsOneLine() {
        #expect(throws: BenchError.self) {
            try BorrowedCounts.read(from: "/nonexistent/earlier.json", options: options, environment: Synthetic.environment())
        }
    }
}
