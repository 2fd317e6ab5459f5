import Runtime
import Workloads

extension Suite {
    // MARK: - A value the verdict read, committed with and without a handle

    /// A commit that changes one value the verdict read (the first row's name), with no handle and with
    /// one retained strict handle: the ratio of the two is what keeping the verdict up to date costs a
    /// commit, whatever the fixture's size. The two are sampled in one group, so the ratio is of one
    /// set of rounds.
    static func verdictReadCommits(_ subjects: BenchSubjects, _ strategy: FigureStrategy, _ phaseStrategy: any PhaseStrategy) -> [SuiteMeasurement] {
        [0, 1].map { handles in
            SuiteMeasurement(
                "commit.verdict-read-value-changes(largest-strict, \(handles == 0 ? "no handle" : "1 handle"))", strategy: strategy,
                sampledWith: verdictReadCommitsGroup
            ) {
                // Where the value is, found through a handle's lens; the measured world may have none.
                let world = try ScenarioWorld(spec: subjects.spec, picked: subjects.largestStrict, strategy: phaseStrategy)
                let shown = try world.firstRowValue()
                let id = world.environment.store.record(at: shown.record).id
                let (environment, retained) = try subjects.environment(phaseStrategy, subjects.largestStrict, handles: handles)
                guard let record = environment.store.record(id)?.ref else { throw BenchError("the store holds no \(id)") }
                var changed = false
                return .init(setUp: {}, operation: {
                    changed.toggle()
                    let text = changed ? shown.text + " (C-137)" : shown.text
                    return withExtendedLifetime(retained) { environment.commit { $0.set(record, shown.storageKey, .scalar(.string(text))) } }
                })
            }
        }
    }

    /// The group the commits of a value the verdict read are sampled in.
    static let verdictReadCommitsGroup = "commit.verdict-read-value-changes(largest-strict)"

    // MARK: - Distinct roots

    /// The distinct roots a nulls-or-errors commit and the frames over them are measured with.
    static let distinctRootCounts = [1, 10, 100]

    /// The curve the distinct-root commits lie on.
    static let distinctRootsCurve = "commit.nulls-or-errors(largest-strict) by distinct roots"

    /// How many forks of a run time the distinct-root measurements: the first three.
    ///
    /// A fork builds a hundred full-size pages for them, about 6 s of each fork's 13 here, most of it
    /// set-up no sampling plan can shorten; no limit reads them, and three forks give their curves'
    /// headroom an interval across processes while keeping the default run within its minute.
    static let distinctRootForks = 3

    /// `1 distinct root`, `10 distinct roots`: how a distinct-root measurement's name ends.
    static func distinctRootsLabel(_ count: Int) -> String {
        "\(count) distinct root\(count == 1 ? "" : "s")"
    }

    /// A point of `curve` at `count` distinct roots.
    static func distinctRootsPoint(_ curve: String, _ count: Int) -> SuiteMeasurement.CurvePoint {
        SuiteMeasurement.CurvePoint(name: curve, xUnit: "distinct root", x: Double(count))
    }

    /// A nulls-or-errors commit with one handle on each of `distinctRootCounts` distinct roots, each
    /// root a page of the full-size judged fixture with records of its own, in the world the frames
    /// over those roots share (its bodies read nothing the commit writes).
    static func distinctRoots(_ roots: DistinctRoots, _ strategy: FigureStrategy, _ phaseStrategy: any PhaseStrategy) -> [SuiteMeasurement] {
        distinctRootCounts.map { count in
            SuiteMeasurement(
                "commit.nulls-or-errors(largest-strict, \(distinctRootsLabel(count)))", strategy: strategy,
                curve: distinctRootsPoint(distinctRootsCurve, count), retainedHandles: count, forkLimit: distinctRootForks
            ) {
                let world = try roots.world(phaseStrategy, count: count)
                return nullsOrErrorsCommits(world.environment, world.handles)
            }
        }
    }
}
