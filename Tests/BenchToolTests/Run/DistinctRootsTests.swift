@testable import BenchTool
import Runtime
import Testing
import Workloads

/// The measurements over distinct roots: each root a page of the full-size judged fixture with
/// records of its own, the judged root's with the fixture's ids; the commit and the frames over them,
/// body by body and walk by walk under every shape; and their names in `bench --list`.
struct DistinctRootsTests {
    let subjects: BenchSubjects
    /// A fresh one per test: it keeps the worlds it builds, which one test at a time may use.
    let roots: DistinctRoots

    init() throws {
        subjects = try SuiteTests.subjects()
        roots = try DistinctRoots.make(subjects).get()
    }

    /// The root counts the tests build: a hundred full-size pages take too long in a debug build.
    static let counts = [1, 10]

    /// The judged root's view tree: its phase body, the operation's body and a row per result.
    private var judgedRootBodies: Set<String> {
        Set(["phase", "operation"] + (0..<20).map { "row[\($0)]" })
    }

    // MARK: - Pages

    @Test func pagesShareNoRecordAndTheJudgedOneKeepsTheFixturesIDs() throws {
        let variables = roots.variables(count: 3)
        #expect(roots.variable == "page")
        #expect(variables.map { $0["page"] } == [.int(1), .int(2), .int(3)], "the judged value first, then the next ones")
        let pages = try [roots.judged.response] + roots.pages(variables)
        #expect(pages[0] == subjects.largestStrict.response, "the judged root's page is the judged response")
        let ids = pages.map { Set($0.records.map(\.id)).subtracting([.root]) }
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            #expect(ids[a].isDisjoint(with: ids[b]), "pages \(a + 1) and \(b + 1) share \(ids[a].intersection(ids[b]).sorted { $0.rawValue < $1.rawValue }.prefix(3))")
        }
        #expect(ids[0].contains("Character:1") && ids[1].contains("Character:1-copy1"), "copy k of the fixture's ids")
        #expect(Set(ids.map(\.count)) == [subjects.largestStrict.records - 1], "each page is the whole fixture")
        let errors = try #require(subjects.largestStrictFieldErrors)
        #expect(Set(errors.records.map(\.id)).subtracting([.root]).isSubset(of: ids[0]), "the field errors name the judged page's records")

        let (environment, handles) = try roots.environment(StoredPhaseStrategy(), count: 3)
        #expect(environment.store.recordCount == 1 + 3 * (subjects.largestStrict.records - 1) + 1, "the root, three whole pages, the viewer")
        #expect(handles.map { $0.operation.variables["page"] } == [.int(1), .int(2), .int(3)])
        #expect(handles.allSatisfy { $0.phase.name == "ready" })
    }

    @Test func pagesMadeSideBySideAreTheOnesMadeOneByOne() throws {
        let variables = roots.variables(count: 4)
        let fewer = try roots.pages(Array(variables.prefix(2)))
        let all = try roots.pages(variables)
        #expect(all.count == 3 && all[0] == fewer[0], "page 1 is made once and kept")
        let judged = subjects.largestStrict
        for index in 1..<4 {
            let copy = FreshIDs.copy(ofResponse: judged.fixture.fixture.loadedResponse.value, index)
            let alone = try Normalizer.normalize(response: copy, operation: judged.operation, variables: variables[index], schema: subjects.spec.schema)
            #expect(all[index - 1] == alone, "page \(index + 1), normalized alone")
        }
    }

    // MARK: - Frames, every shape

    @Test(arguments: counts)
    func aLandingReRunsTheJudgedRootsBodiesAndNoOtherRootsPhaseBody(_ count: Int) throws {
        for (strategy, phaseStrategy) in ShapeRegistry.current.shapes.map({ ($0.label, $0.behaviour) }) {
            let frame = try Frame(.fieldErrorsLand, roots: roots, count: count, subjects: subjects, strategy: phaseStrategy)
            let table = frame.world.environment.roots
            let (walks, reevaluated) = (table?.walks ?? 0, table?.rootsReevaluated ?? 0)
            let landed = frame.timedCall()
            #expect(Set(landed.reruns.keys) == judgedRootBodies, "\(strategy.rawValue), \(count) roots: the judged root's tree, no phase[k]")
            #expect(landed.reruns.values.allSatisfy { $0 == 1 } && landed.settled, "\(strategy.rawValue): each once, none left dirty")
            #expect(landed.phase == "failed", "\(strategy.rawValue)")
            #expect(frame.world.handles.dropFirst().allSatisfy { $0.phase.name == "ready" }, "\(strategy.rawValue): the other roots stay ready")
            switch strategy {
            case .derived: #expect(landed.verdictWalks == 2, "the judged root's phase and operation bodies walk it in the render")
            case .stored: #expect(landed.verdictWalks == count, "the chain walks every retained strict handle at the commit")
            case .root: #expect(table.map { $0.walks - walks } == 1, "only the judged root's read set was touched")
            case .incremental: #expect(table.map { $0.rootsReevaluated - reevaluated } == 1, "only the judged root's records changed")
            default: Issue.record("a shape of the standard four: \(strategy.rawValue)")
            }
            #expect(frame.timedCall() == landed, "\(strategy.rawValue): each call's set-up restores the clean page")
        }
    }

    @Test(arguments: counts)
    func aNullsOrErrorsFrameReRunsNoBody(_ count: Int) throws {
        for (strategy, phaseStrategy) in ShapeRegistry.current.shapes.map({ ($0.label, $0.behaviour) }) {
            let frame = try Frame(.nullsOrErrors, roots: roots, count: count, subjects: subjects, strategy: phaseStrategy)
            for call in 0..<2 {
                let outcome = frame.timedCall(settingUp: call == 0)
                #expect(outcome.reruns.isEmpty && outcome.settled, "\(strategy.rawValue), \(count) roots, call \(call): it touched nothing a body read")
                #expect(outcome.verdictWalks == (strategy == .stored ? count : 0), "\(strategy.rawValue): only the chain walks")
            }
            #expect(frame.world.environment.roots?.walks ?? 0 == 0, "\(strategy.rawValue): no root's read set was touched")
        }
    }

    /// The commit and both frames of one strategy and count share one world: each starts it as built,
    /// whatever the one before left there.
    @Test func measurementsSharingAWorldEachStartItAsBuilt() throws {
        let commit = try #require(Suite.distinctRoots(roots, .stored, StoredPhaseStrategy()).first { $0.name.hasSuffix("(largest-strict, 10 distinct roots)") })
        let prepared = try commit.prepare()
        for _ in 0..<3 { _ = prepared.operation() }  // the viewer's name is left null
        let land = try Frame(.fieldErrorsLand, roots: roots, count: 10, subjects: subjects, strategy: StoredPhaseStrategy())
        #expect(land.world === (try roots.world(StoredPhaseStrategy(), count: 10)), "one world")
        #expect(land.timedCall().phase == "failed")  // the errors are left in place
        let nulls = try Frame(.nullsOrErrors, roots: roots, count: 10, subjects: subjects, strategy: StoredPhaseStrategy())
        let outcome = nulls.timedCall()
        #expect(outcome.phase == "ready" && outcome.reruns.isEmpty, "the clean page is back and the viewer's name with it")
    }

    // MARK: - The catalog

    @Test func everyShapeHasTheCommitAndBothFramesOverEachCountListedLast() throws {
        let listed = try BenchCommand.listing(ListOptions(
            filter: nil, specDirectory: Fixture.bundledSpecDirectory.path, strategies: .all,
            limitsPath: SuiteTests.repositoryRoot.appendingPathComponent("limits.json").path))
        let measurements = listed.filter { !$0.hasPrefix("#") && !$0.hasSuffix("[counts]") }
        let kinds = ["commit.nulls-or-errors", "frame.nulls-or-errors", "frame.field-errors.land"]
        let expected = kinds.flatMap { kind in
            Suite.distinctRootCounts.flatMap { count in
                ShapeRegistry.current.labels.map { "\(kind)(largest-strict, \(count) distinct root\(count == 1 ? "" : "s")) [\($0.rawValue)]" }
            }
        }
        #expect(Array(measurements.suffix(expected.count)) == expected, "the last measurements listed")
        #expect(!listed.contains { $0.contains("1/4x fixture, ") }, "the 1/4x distinct roots are gone")

        let suite = Suite(subjects: subjects)
        for kind in kinds {
            let points = suite.measurements.filter { $0.name.hasPrefix(kind + "(") && $0.name.contains("distinct root") }
            #expect(Set(points.compactMap { $0.curve?.name }) == ["\(kind)(largest-strict) by distinct roots"], "\(kind)")
            #expect(points.allSatisfy { $0.curve?.xUnit == "distinct root" && $0.curve?.x == Double($0.retainedHandles) }, "\(kind)")
            #expect(points.allSatisfy { $0.oneCallPerBatch == (kind == "frame.field-errors.land") && $0.alternation == nil }, "\(kind)")
        }
    }
}
