@testable import BenchTool
import Runtime
import Testing
import Workloads

/// The commits that tell a shape's cost per root from its cost per handle: distinct roots, and a value
/// the verdict read committed with and without a handle.
struct RootCommitTests {
    @Test func distinctRootsAreOneHandlePerValueOfThePageVariableEachReady() throws {
        let subjects = try SuiteTests.subjects()
        let roots = try DistinctRoots.make(subjects).get()
        #expect(roots.variable == "page")
        let (environment, handles) = try roots.environment(StoredPhaseStrategy(), count: 3)
        #expect(handles.map { $0.operation.variables["page"] } == [.int(1), .int(2), .int(3)])
        #expect(handles.allSatisfy { $0.phase.name == "ready" })
        // Each root is its own root field on the root record: three slots, one per page.
        let pages = (1...3).map { environment.store.peek(environment.store.root.ref, "characters(page:\($0))") }
        #expect(pages.allSatisfy { $0 != nil }, "every page's data is in the store")
        let walks = handles.map(\.operation.verdictWalks)
        environment.commit { $0.set($0.record(ScenarioWorld.viewer), "name", .null) }
        #expect(zip(walks, handles).allSatisfy { $1.operation.verdictWalks == $0 + 1 }, "the stored chain walks every root's handle once")
    }

    @Test func anOperationWithoutAnIntVariableHasNoDistinctRootsAndSaysWhy() throws {
        let real = try RealSpec()
        defer { real.remove() }
        let subjects = try BenchSubjects(specDirectory: real.directory)
        guard case .failure(let reason) = DistinctRoots.make(subjects) else {
            Issue.record("FilmsQuery declares no variable, so it has no distinct roots")
            return
        }
        #expect(reason.description == "FilmsQuery declares no Int variable to make distinct roots with")
        #expect(Suite(subjects: subjects).distinctRootsUnavailable == reason.description)
        #expect(!Suite(subjects: subjects).measurements.contains { $0.name.contains("distinct root") })
    }

    @Test(arguments: ["no handle", "1 handle"])
    func aVerdictReadCommitChangesWhatTheVerdictReadEveryCall(_ handles: String) throws {
        let subjects = try SuiteTests.subjects()
        let measurement = try #require(Suite.verdictReadCommits(subjects, .derived, DerivedPhaseStrategy())
            .first { $0.name == "commit.verdict-read-value-changes(largest-strict, \(handles))" })
        let prepared = try measurement.prepare()
        prepared.setUp()
        for _ in 0..<3 {
            let commit = try #require(prepared.operation() as? Commit)
            #expect(commit.changedSlots.count == 1, "one value, changed every call")
            #expect(!commit.nullsOrErrorsChanged, "a scalar for a scalar: the stored chain is not woken")
        }
    }
}
