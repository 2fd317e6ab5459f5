import Harness
import Runtime
import Workloads

extension Suite {
    // MARK: - Reads (no strategy touches them)

    /// The floor and the runtime's field reads, per field of a row of eight.
    static func reads(_ subjects: BenchSubjects) -> [SuiteMeasurement] {
        [
            SuiteMeasurement("tracking-scope.empty") {
                let scope = TrackingScope()
                return .init(setUp: {}, operation: { scope.track { 0 } })
            },
            // Each of the floor's ratios is of one set of rounds: the plain @Observable read and the
            // model's field read, untracked and then tracked, each pair sampled in one group.
            SuiteMeasurement(KeyMeasurements.observableUntracked, operationsPerCall: 8, sampledWith: Self.untrackedFloor) {
                let row = ObservableRow()
                return .init(setUp: {}, operation: { row.readAll() })
            },
            SuiteMeasurement(KeyMeasurements.fieldUntracked, operationsPerCall: 8, sampledWith: Self.untrackedFloor) {
                let (lens, keys) = try firstRow(subjects)
                return .init(setUp: {}, operation: { readRow(lens, keys) })
            },
            SuiteMeasurement(KeyMeasurements.observableTracked, operationsPerCall: 8, sampledWith: Self.trackedFloor) {
                let row = ObservableRow()
                let scope = TrackingScope()
                return .init(setUp: {}, operation: { scope.track { row.readAll() } })
            },
            SuiteMeasurement(KeyMeasurements.fieldTracked, operationsPerCall: 8, sampledWith: Self.trackedFloor) {
                let (lens, keys) = try firstRow(subjects)
                let scope = TrackingScope()
                return .init(setUp: {}, operation: { scope.track { readRow(lens, keys) } })
            },
        ]
    }

    /// The groups the read floor's two sides are sampled in together.
    static let untrackedFloor = "read floor, untracked"
    static let trackedFloor = "read floor, tracked"

    /// The first row of the largest strict operation's first list, and its first eight leaf fields.
    /// A lens keeps its store alive, so the world it came from may go.
    static func firstRow(_ subjects: BenchSubjects) throws -> (Lens, [Lens.FieldKey]) {
        let world = try ScenarioWorld(spec: subjects.spec, picked: subjects.largestStrict, strategy: .derived)
        let row = try world.listItem(0)
        guard case .ready(let root) = world.handle.phase, let lens = try findRow(root, row) else {
            throw BenchError("the largest strict operation has no list to read a row from")
        }
        return (lens, Array(lens.fieldKeys.filter(\.isLeaf).prefix(8)))
    }

    private static func findRow(_ lens: Lens, _ row: RecordRef) throws -> Lens? {
        if lens.record == row { return lens }
        for key in lens.fieldKeys where !key.isLeaf {
            if lens.holdsList(key) {
                for item in try lens.list(key) ?? [] { if let item, let found = try findRow(item, row) { return found } }
            } else if let child = try lens.object(key), let found = try findRow(child, row) {
                return found
            }
        }
        return nil
    }

    /// Reads eight fields of a row, as a row body does: a field error stops the row.
    @inline(never)
    static func readRow(_ lens: Lens, _ keys: [Lens.FieldKey]) -> Int {
        var total = 0
        for key in keys {
            do {
                if case .string(let text)? = try lens.scalar(key) { total &+= text.utf8.count } else { total &+= 1 }
            } catch {
                return total
            }
        }
        return total
    }

    // MARK: - The verdict walk alone

    static func verdicts(_ subjects: BenchSubjects) -> [SuiteMeasurement] {
        [
            SuiteMeasurement(KeyMeasurements.walk) {
                let (_, handles) = try subjects.environment(DerivedPhaseStrategy(), subjects.largestStrict, handles: 1)
                let operation = handles[0].operation
                return .init(setUp: {}, operation: { withExtendedLifetime(handles) { operation.verdict() } })
            },
            SuiteMeasurement(KeyMeasurements.walkWithFieldErrors) {
                let (environment, handles) = try subjects.environment(DerivedPhaseStrategy(), subjects.largestStrict, handles: 1)
                guard let errors = subjects.largestStrictFieldErrors else { throw BenchError("no response of the largest strict operation places field errors") }
                environment.commit { errors.write(into: &$0) }
                let operation = handles[0].operation
                return .init(setUp: {}, operation: { withExtendedLifetime(handles) { operation.verdict() } })
            },
        ]
    }

    // MARK: - The phase

    static func phaseReads(_ subjects: BenchSubjects, _ strategy: FigureStrategy, _ phaseStrategy: any PhaseStrategy) -> [SuiteMeasurement] {
        [
            SuiteMeasurement(KeyMeasurements.phaseReadTracked, strategy: strategy) {
                let (_, handles) = try subjects.environment(phaseStrategy, subjects.largestStrict, handles: 1)
                let scope = TrackingScope()
                return .init(setUp: {}, operation: { scope.track { handles[0].phase } })
            },
            SuiteMeasurement(KeyMeasurements.phaseReadUntracked, strategy: strategy) {
                let (_, handles) = try subjects.environment(phaseStrategy, subjects.largestStrict, handles: 1)
                return .init(setUp: {}, operation: { handles[0].phase })
            },
        ]
    }

    // MARK: - Commits

    static func commits(_ subjects: BenchSubjects, _ strategy: FigureStrategy, _ phaseStrategy: any PhaseStrategy) -> [SuiteMeasurement] {
        // Each commit with one handle and without one in the same rounds: the handle's share of a cost
        // limit's ratio (`HandleShare`) is a difference of the two, fork by fork.
        var measurements = [
            fieldErrorsCommit(KeyMeasurements.landWithNoHandle, subjects, strategy, phaseStrategy, handles: 0, landing: true),
            fieldErrorsCommit(KeyMeasurements.landWithOneHandle, subjects, strategy, phaseStrategy, handles: 1, landing: true),
            fieldErrorsCommit(KeyMeasurements.clearWithOneHandle, subjects, strategy, phaseStrategy, handles: 1, landing: false),
            fieldErrorsCommit(KeyMeasurements.clearWithNoHandle, subjects, strategy, phaseStrategy, handles: 0, landing: false),
        ]
        for count in Scenario.handleCounts {
            let curve = SuiteMeasurement.CurvePoint(name: "commit.nulls-or-errors(largest-strict)", xUnit: "retained handle", x: Double(count))
            measurements.append(SuiteMeasurement(
                KeyMeasurements.retainedHandlesCommit(count), strategy: strategy, curve: curve,
                retainedHandles: count
            ) {
                let (environment, handles) = try subjects.environment(phaseStrategy, subjects.largestStrict, handles: count)
                return nullsOrErrorsCommits(environment, handles)
            })
        }
        return measurements
    }

    /// Commits that each set `nullsOrErrorsChanged` and touch none of the handles' data: another
    /// screen's value goes to null and back.
    static func nullsOrErrorsCommits(_ environment: Environment, _ handles: [Handle]) -> SuiteMeasurement.Prepared {
        let viewer = environment.store.record(ScenarioWorld.viewer)!.ref
        var isNull = false
        return .init(setUp: {}, operation: {
            isNull.toggle()
            let value: FieldValue = isNull ? .null : .scalar(.string("Beth Smith"))
            return withExtendedLifetime(handles) { environment.commit { $0.set(viewer, "name", value) } }
        })
    }

    /// A commit of the fixture's field-errors response (landing) or of its clean page (clearing),
    /// each starting from the other, with `handles` handles retained and a phase body over each; the
    /// landings with and without a handle sampled in one group, and so the clearings.
    private static func fieldErrorsCommit(
        _ name: String, _ subjects: BenchSubjects, _ strategy: FigureStrategy, _ phaseStrategy: any PhaseStrategy, handles count: Int, landing: Bool
    ) -> SuiteMeasurement {
        SuiteMeasurement(name, strategy: strategy, oneCallPerBatch: true, sampledWith: landing ? landings : clearings) {
            let (environment, handles) = try subjects.environment(phaseStrategy, subjects.largestStrict, handles: count)
            guard let errors = subjects.largestStrictFieldErrors else { throw BenchError("no response of the largest strict operation places field errors") }
            let clean = subjects.largestStrict.response
            let pass = RenderPass(handles.map { BodyKinds.phase($0) })
            let (before, after) = landing ? (clean, errors) : (errors, clean)
            return .init(
                setUp: {
                    environment.commit { before.write(into: &$0) }
                    pass.run()
                },
                operation: { withExtendedLifetime(handles) { environment.commit { after.write(into: &$0) } } }
            )
        }
    }

    /// The groups the field errors' commits with and without a handle are sampled in.
    static let landings = "commit.field-errors.land(largest-strict)"
    static let clearings = "commit.field-errors.clear(largest-strict)"

    // MARK: - Fixture sizes

    /// The name of the curve the fixture-size points make.
    static let fixtureSizeCurve = KeyMeasurements.phaseReadTracked + " by fixture size"

    /// The derived getter at each of `StrictFixture.benchScales`, every point from `source` (the one
    /// the suite found at scale 1), so one curve never mixes fixtures.
    ///
    /// A point's `x` is its scale, in judged fixtures: known before the point is prepared, so the
    /// parent of a forked run fits the curve too, and the slope reads as the cost of one judged
    /// fixture's walk. (The judged fixture's slots walked are the subject's, in the report's header.)
    static func scaling(_ subjects: BenchSubjects, from source: ScalingRecord.Source) -> [SuiteMeasurement] {
        StrictFixture.benchScales.map { scale in
            let label = scale == 1 ? "1x" : scale < 1 ? "1/\(Int((1 / scale).rounded()))x" : "\(Int(scale))x"
            return SuiteMeasurement(
                "phase.read.tracked(largest-strict, \(label) fixture)", strategy: .derived,
                curve: .init(name: fixtureSizeCurve, xUnit: "judged fixture", x: scale)
            ) {
                guard case .success(let scaled) = subjects.scaledLargestStrict(scale), scaled.scaling.source == source else {
                    throw BenchError("no \(label) fixture from the \(source.label)")
                }
                let (_, handles) = try subjects.environment(DerivedPhaseStrategy(), scaled.picked, handles: 1)
                let scope = TrackingScope()
                return .init(setUp: {}, operation: { scope.track { handles[0].phase } })
            }
        }
    }
}
