@testable import BenchTool
import Runtime
import Testing
import Workloads

/// The `frame.*` measurements: that the suite lists one per strategy, change and handle count beside
/// the commits, and that a timed call really is the commit and the render that re-runs every body the
/// commit dirtied, from a settled frame, with the re-runs the scenarios count for the same change.
struct FrameTests {
    let subjects: BenchSubjects

    init() throws {
        subjects = try BenchSubjects(specDirectory: Fixture.bundledSpecDirectory)
    }

    private func frame(_ change: Frame.Change, _ strategy: any PhaseStrategy, handles: Int) throws -> Frame {
        try Frame(change, subjects: subjects, strategy: strategy, handles: handles)
    }

    /// The scenario's re-runs of bodies that re-ran, by body.
    private func scenarioReruns(_ scenario: Scenario, _ strategy: any PhaseStrategy) throws -> (reruns: [String: Int], walks: Int) {
        let outcome = try scenario.run(spec: subjects.spec, picked: subjects.largestStrict, strategy: strategy)
        return (Dictionary(uniqueKeysWithValues: outcome.reruns.filter { $0.reruns != 0 }.map { ($0.body, $0.reruns) }), outcome.verdictWalks)
    }

    /// The phase-only bodies of the handles after the first: `phase[1]` ...
    private func otherPhaseBodies(_ handles: Int) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: (1..<handles).map { ("phase[\($0)]", 1) })
    }

    // MARK: - The suite

    /// The frames over one root's handles follow the commits over them; those over distinct roots
    /// follow the commit over distinct roots, at the end of the catalog (`DistinctRootsTests`).
    @Test func everyStrategyHasEveryFrameRightAfterTheCommits() throws {
        let suite = Suite(subjects: subjects)
        let names = suite.measurements.map(\.name).filter { !$0.contains("distinct root") }
        for strategy in ShapeRegistry.current.labels {
            let frames = suite.measurements.filter { $0.strategy == strategy && $0.name.hasPrefix("frame.") }.map(\.name)
            let expected = Frame.Change.allCases.flatMap { change in Suite.frameHandleCounts.map { Suite.frameName(change, handles: $0) } }
                + Suite.distinctRootChanges.flatMap { change in Suite.distinctRootCounts.map { Suite.frameName(change, distinctRoots: $0) } }
            #expect(frames == expected, "\(strategy.rawValue): one frame per change and handle count, then per change and root count")
        }
        let lastCommit = try #require(names.lastIndex { $0.hasPrefix("commit.") })
        let firstFrame = try #require(names.firstIndex { $0.hasPrefix("frame.") })
        let lastFrame = try #require(names.lastIndex { $0.hasPrefix("frame.") })
        #expect(firstFrame == lastCommit + 1, "the frames follow the commits")
        #expect(names[firstFrame...lastFrame].allSatisfy { $0.hasPrefix("frame.") }, "the frames are one run of rows")
        #expect(names.contains("frame.verdict-read-value-changes(largest-strict, 10 handles)"))
    }

    @Test func aLandingOrClearingFrameTakesOneCallPerSetUpAndAToggleNone() throws {
        let roots = try DistinctRoots.make(subjects).get()
        for measurement in Suite.frames(subjects, .derived, DerivedPhaseStrategy())
            + Suite.distinctRootFrames(roots, subjects, .derived, DerivedPhaseStrategy())
        {
            let needsSetUp = measurement.name.hasPrefix("frame.field-errors.")
            #expect(measurement.oneCallPerBatch == needsSetUp, "\(measurement.name)")
        }
    }

    // MARK: - Every strategy: the render re-runs what the commit dirtied

    @Test(arguments: Frame.Change.allCases, Suite.frameHandleCounts)
    func everyTimedCallLeavesNoBodyDirtyAndRepeatsItsCounts(_ change: Frame.Change, _ handles: Int) throws {
        for (strategy, phaseStrategy) in ShapeRegistry.current.shapes.map({ ($0.label, $0.behaviour) }) {
            let frame = try self.frame(change, phaseStrategy, handles: handles)
            let first = frame.timedCall()
            #expect(first.settled, "\(strategy.rawValue): the pass re-ran every body the commit dirtied")
            #expect(first.bodiesRendered == first.reruns.values.reduce(0, +), "\(strategy.rawValue): each dirty body once")
            #expect(first.reruns.values.allSatisfy { $0 == 1 }, "\(strategy.rawValue): no body twice in one pass")
            // The next call, set up as the sampler does it or toggling back, re-runs the same bodies.
            #expect(frame.timedCall(settingUp: change.needsSetUpPerCall) == first, "\(strategy.rawValue): every call starts settled")
        }
    }

    /// Timed in alternation, each call of one is the set-up of the other's next: every call must do
    /// what the same frame does after its own set-up.
    @Test(arguments: Suite.frameHandleCounts)
    func aLandingAndAClearingOverOneWorldEachSetUpTheOther(_ handles: Int) throws {
        for (strategy, phaseStrategy) in ShapeRegistry.current.shapes.map({ ($0.label, $0.behaviour) }) {
            let alone = (
                land: try frame(.fieldErrorsLand, phaseStrategy, handles: handles).timedCall(),
                clear: try frame(.fieldErrorsClear, phaseStrategy, handles: handles).timedCall())
            let pair = try Frame.fieldErrorsPair(subjects: subjects, strategy: phaseStrategy, handles: handles)
            #expect(pair.land.world === pair.clear.world, "\(strategy.rawValue): one world")
            pair.clear.run()
            for round in 0..<2 {
                #expect(pair.land.timedCall(settingUp: false) == alone.land, "\(strategy.rawValue), round \(round): land after clear")
                #expect(pair.clear.timedCall(settingUp: false) == alone.clear, "\(strategy.rawValue), round \(round): clear after land")
            }
        }
    }

    @Test func theSuitePairsEachLandingFrameWithTheClearingFrameOfAsManyHandles() throws {
        let suite = Suite(subjects: subjects)
        for measurement in suite.measurements where measurement.name.hasPrefix("frame.") {
            let partner = measurement.alternation?.partner
            if measurement.name.contains("distinct root") {
                #expect(partner == nil, "\(measurement.name): set up per call, with no clearing over distinct roots to alternate with")
            } else if measurement.name.hasPrefix("frame.field-errors.land(") {
                #expect(partner == measurement.name.replacingOccurrences(of: ".land(", with: ".clear("))
            } else if measurement.name.hasPrefix("frame.field-errors.clear(") {
                #expect(partner == measurement.name.replacingOccurrences(of: ".clear(", with: ".land("))
            } else {
                #expect(partner == nil, "\(measurement.name)")
            }
        }
    }

    // MARK: - Derived and stored, body by body

    @Test(arguments: Suite.frameHandleCounts)
    func aValueTheVerdictReadChanges(_ handles: Int) throws {
        let derived = try frame(.verdictReadValueChanges, .derived, handles: handles).timedCall()
        let stored = try frame(.verdictReadValueChanges, .stored, handles: handles).timedCall()
        // Derived: every phase getter walked the name, so each handle's phase body and the operation's
        // body (which reads the phase) re-run and walk again. Stored: a scalar change sets no
        // nullsOrErrorsChanged; only the row that shows the name re-runs.
        #expect(derived.reruns == ["phase": 1, "operation": 1, "row[0]": 1].merging(otherPhaseBodies(handles)) { $1 })
        #expect(derived.verdictWalks == handles + 1)
        #expect(stored.reruns == ["row[0]": 1])
        #expect(stored.verdictWalks == 0)
        #expect(derived.phase == "ready" && stored.phase == "ready")
    }

    @Test(arguments: Suite.frameHandleCounts)
    func fieldErrorsLandingFlipThePhaseToFailedAndReRunEveryPhaseBody(_ handles: Int) throws {
        var rows = ["phase": 1, "operation": 1].merging(otherPhaseBodies(handles)) { $1 }
        for row in 0..<20 { rows["row[\(row)]"] = 1 }
        for strategy in [any PhaseStrategy](arrayLiteral: DerivedPhaseStrategy(), StoredPhaseStrategy()) {
            let name = strategy.name
            let land = try frame(.fieldErrorsLand, strategy, handles: handles).timedCall()
            #expect(land.phase == "failed", "\(name)")
            #expect(land.reruns == rows, "\(name): every phase body, the operation's body and every row (image goes null)")
            let clear = try frame(.fieldErrorsClear, strategy, handles: handles).timedCall()
            #expect(clear.phase == "ready", "\(name)")
            #expect(clear.reruns == rows, "\(name)")
        }
        // Derived walks in the render, once per re-run body that reads the phase; stored at the commit,
        // once per retained handle.
        #expect(try frame(.fieldErrorsLand, .derived, handles: handles).timedCall().verdictWalks == handles + 1)
        #expect(try frame(.fieldErrorsLand, .stored, handles: handles).timedCall().verdictWalks == handles)
    }

    @Test(arguments: Suite.frameHandleCounts)
    func aNullsOrErrorsCommitReRunsNoBody(_ handles: Int) throws {
        let derived = try frame(.nullsOrErrors, .derived, handles: handles).timedCall()
        let stored = try frame(.nullsOrErrors, .stored, handles: handles).timedCall()
        #expect(derived.reruns.isEmpty && stored.reruns.isEmpty, "the commit touched nothing any body read")
        #expect(derived.verdictWalks == 0)
        #expect(stored.verdictWalks == handles, "the chain walks every retained strict handle")
    }

    // MARK: - The scenarios' own counts

    @Test func theFramesCountWhatTheScenariosCount() throws {
        for strategy in [any PhaseStrategy](arrayLiteral: DerivedPhaseStrategy(), StoredPhaseStrategy()) {
            let verdictRead = try scenarioReruns(.verdictReadValueChanges(.largestStrict), strategy)
            let changed = try self.frame(.verdictReadValueChanges, strategy, handles: 1).timedCall()
            #expect(changed.reruns == verdictRead.reruns && changed.verdictWalks == verdictRead.walks, "\(strategy.name)")

            // The scenario lands then clears in one run: its re-runs are the two frames' added up.
            let landThenClear = try scenarioReruns(.fieldErrorsLandThenClear, strategy)
            let land = try self.frame(.fieldErrorsLand, strategy, handles: 1).timedCall()
            let clear = try self.frame(.fieldErrorsClear, strategy, handles: 1).timedCall()
            #expect(land.reruns.merging(clear.reruns, uniquingKeysWith: +) == landThenClear.reruns, "\(strategy.name)")
            #expect(land.verdictWalks + clear.verdictWalks == landThenClear.walks, "\(strategy.name)")

            for handles in Suite.frameHandleCounts where Scenario.handleCounts.contains(handles) {
                let nulls = try scenarioReruns(.nullsOrErrorsWithRetainedHandles(handles), strategy)
                let toggled = try self.frame(.nullsOrErrors, strategy, handles: handles).timedCall()
                #expect(toggled.reruns == nulls.reruns && toggled.verdictWalks == nulls.walks, "\(strategy.name), \(handles) handles")
            }
        }
    }
}
