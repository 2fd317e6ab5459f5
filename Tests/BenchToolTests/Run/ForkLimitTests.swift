@testable import BenchTool
import Testing

/// The distinct-root measurements are timed in a run's first forks only; everything else, and every
/// measurement a later look names, in every fork.
struct ForkLimitTests {
    @Test func aRunsFirstLookTimesTheDistinctRootsInItsFirstForksOnly() throws {
        let suite = Suite(subjects: try SuiteTests.subjects())
        let all = suite.measurements
        let distinct = all.filter { $0.name.contains("distinct root") }
        #expect(!distinct.isEmpty)
        #expect(distinct.allSatisfy { $0.forkLimit == Suite.distinctRootForks })
        #expect(all.filter { $0.forkLimit != nil }.count == distinct.count, "no other measurement has a fork limit")
        for index in 1...Suite.distinctRootForks {
            #expect(ForkedRun.timed(all, inFork: index, firstLook: true).count == all.count, "fork \(index) times everything")
        }
        let later = ForkedRun.timed(all, inFork: Suite.distinctRootForks + 1, firstLook: true)
        #expect(later.count == all.count - distinct.count)
        #expect(!later.contains { $0.name.contains("distinct root") })
        #expect(ForkedRun.timed(distinct, inFork: 9, firstLook: false).count == distinct.count, "a later look times what it names")
    }

    @Test func noLimitReadsAMeasurementWithAForkLimit() throws {
        let suite = Suite(subjects: try SuiteTests.subjects())
        let limits = try LimitsFile.load(path: SuiteTests.repositoryRoot.appendingPathComponent("limits.json").path).limits
        let read = Set(limits.flatMap { $0.measurementsRead.map(\.name) })
        #expect(!suite.measurements.contains { $0.forkLimit != nil && read.contains($0.name) })
    }
}
