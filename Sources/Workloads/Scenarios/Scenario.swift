import Runtime

/// A scripted, deterministic scenario: a world over a picked operation, one change, a render pass,
/// and every body's re-runs counted. Each runs against either strategy, the same way every time.
public struct Scenario: Sendable {
    /// Which of the spec's picked operations a scenario is about.
    public enum Subject: String, Sendable, CaseIterable {
        /// The largest `@throwOnFieldError` operation.
        case largestStrict = "largest-strict"
        /// The strict operation whose own selection holds no field, only fragment spreads: the
        /// decision's second limit's subject, `query Q @throwOnFieldError { ...Q_query }`.
        case spreadsOnly = "spreads-only"
        /// A strict operation with a root field and only fragment spreads beneath it: another case,
        /// counted, whose verdict reads the root field's link.
        case rootFieldSpreads = "root-field-spreads"

        /// Why an operation is this subject, in one line for reports and results files.
        public var why: String {
            switch self {
            case .largestStrict:
                "the @throwOnFieldError operation whose verdict walk reads the most slots over its loaded response"
            case .spreadsOnly:
                "a @throwOnFieldError operation whose own selection holds no field, only fragment spreads "
                    + "(inline fragments included), as the decision's second limit says"
            case .rootFieldSpreads:
                "a @throwOnFieldError operation with a root field and only fragment spreads beneath it: "
                    + "counted, but not the second limit's case (its verdict reads the root field's link)"
            }
        }
    }

    /// The scenario's id: `verdict-read-value-changes`.
    public let id: String
    /// The operation it is about.
    public let subject: Subject
    /// How many handles the world attaches.
    public let handleCount: Int
    /// What the change is, in one sentence.
    public let summary: String
    /// The change, made to a world whose bodies have all run once.
    let change: @Sendable (ScenarioWorld) throws -> Void

    /// The stable name, `id(subject)` or `id(subject, N handles)`: the join key of results files.
    public var name: String {
        handleCount == 1 ? "\(id)(\(subject.rawValue))" : "\(id)(\(subject.rawValue), \(handleCount) handles)"
    }

    /// Builds a world under `strategy`, makes the change, renders, and counts.
    public func run(spec: LoadedFixtureDirectory, picked: PickedOperation, strategy: any PhaseStrategy) throws -> ScenarioOutcome {
        let world = try ScenarioWorld(spec: spec, picked: picked, strategy: strategy, handleCount: handleCount)
        let phaseBefore = world.handle.phase.name
        let walksBefore = world.verdictWalks
        try change(world)
        world.render()
        let walks = world.verdictWalks - walksBefore
        var reruns: [(String, Int)] = world.bodies.prefix(while: { !$0.name.hasPrefix("phase[") }).map { ($0.name, $0.reruns) }
        let others = world.bodies.filter { $0.name.hasPrefix("phase[") }
        if !others.isEmpty { reruns.append(("phase[1..<\(handleCount)]", others.reduce(0) { $0 + $1.reruns })) }
        return ScenarioOutcome(
            scenario: name, strategy: strategy.name, reruns: reruns.map { ScenarioOutcome.BodyReruns(body: $0.0, reruns: $0.1) },
            verdictWalks: walks, phaseBefore: phaseBefore, phaseAfter: world.handle.phase.name
        )
    }
}

/// What one scenario counted under one strategy.
public struct ScenarioOutcome: Hashable, Sendable {
    /// One body's re-runs.
    public struct BodyReruns: Hashable, Sendable {
        /// The body's name in the view tree.
        public var body: String
        /// How many times a render pass re-ran it.
        public var reruns: Int
    }

    /// The scenario's name.
    public var scenario: String
    /// The strategy's name.
    public var strategy: String
    /// Each body's re-runs, in view-tree order; other handles' phase bodies added up in one entry.
    public var reruns: [BodyReruns]
    /// The verdict walks the change and the render caused, over all handles.
    public var verdictWalks: Int
    /// The first handle's phase before the change and after the render.
    public var phaseBefore: String
    public var phaseAfter: String

    /// All bodies' re-runs, added up.
    public var totalReruns: Int { reruns.reduce(0) { $0 + $1.reruns } }

    /// The re-runs of the body called `name`.
    public func reruns(of name: String) -> Int? { reruns.first { $0.body == name }?.reruns }
}
