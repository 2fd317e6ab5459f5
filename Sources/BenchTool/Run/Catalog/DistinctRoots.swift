import Harness
import Runtime
import Workloads

/// The largest strict operation attached once for each of several values of one `Int` variable
/// (`$page` in the bundled spec), each value a page of the judged fixture at its full size with data
/// of its own: as many distinct roots as handles, sharing no record, so that what a commit costs per
/// root can be told from what it costs per handle.
///
/// Root 0 is the judged one: the operation's own variables (`$page` = 1 in the bundled spec) over the
/// judged response as it is, so the fixture's field-errors response, which names its records, lands
/// on that root alone. Root `k` (`k` ≥ 1) takes the `k`-th value of the variable other than the
/// judged one's (2, 3, ...) over copy `k` of the judged response (`FreshIDs`): every record id fresh.
///
/// Under the stored chain cost grows alike per root and per handle; a shape that keeps the verdict on
/// a root shared by an operation's handles pays once per root, which only this curve shows.
struct DistinctRoots {
    /// The variable whose values make the roots distinct.
    let variable: String
    /// The judged operation over its full-size fixture: root 0.
    let judged: PickedOperation
    /// The spec the operation comes from.
    let spec: LoadedFixtureDirectory

    /// Each root's normalized page, and each strategy's world of each count, made once per process
    /// and shared by the copies of this value in every measurement.
    private let made = Made()

    /// Finds the variable of the largest strict operation, or says why there is none.
    static func make(_ subjects: BenchSubjects) -> Result<DistinctRoots, ScalingUnavailable> {
        let judged = subjects.largestStrict
        guard let variable = judged.operation.variableDefinitions.first(where: { isInt($0.type) })?.name else {
            return .failure(ScalingUnavailable(reason: "\(judged.name) declares no Int variable to make distinct roots with"))
        }
        return .success(DistinctRoots(variable: variable, judged: judged, spec: subjects.spec))
    }

    private static func isInt(_ type: TypeReference) -> Bool {
        switch type {
        case .named(let name): name == "Int"
        case .nonNull(let inner): isInt(inner)
        case .list: false
        }
    }

    /// The variables of `count` roots, the judged root's first: its own, then the variable set to 1,
    /// 2, ..., skipping the judged value.
    func variables(count: Int) -> [[String: InputValue]] {
        let judgedValue = judged.variables[variable]
        let others = (1...).lazy.map(InputValue.int).filter { $0 != judgedValue }.prefix(max(0, count - 1))
        return [judged.variables] + others.map { value in
            var variables = judged.variables
            variables[variable] = value
            return variables
        }
    }

    /// The pages of roots `1..<variables.count`, each under its variables (`variables[k]` for root
    /// `k`): copies of the judged response with fresh ids (`FreshIDs`), normalized once per process.
    ///
    /// The pages not made yet are normalized side by side on the usable cores
    /// (`MachineEnvironment.usableCores`): a hundred roots' pages are most of building their world, and
    /// each is a pure function of its copy, so the order they finish in changes nothing. Nothing is
    /// timed while a world is built.
    ///
    /// - Throws: `BenchError` when a copy does not normalize under its variables.
    func pages(_ variables: [[String: InputValue]]) throws -> [NormalizedResponse] {
        let missing = variables.indices.dropFirst().filter { made.pages[$0] == nil }
        let judged = judged
        let spec = spec
        let variable = variable
        let response = judged.fixture.fixture.loadedResponse.value
        let ids = FreshIDs(for: response)
        let normalized = try SideBySide.run(missing.count, atMost: MachineEnvironment.usableCores) { job in
            let index = missing[job]
            let copy = FreshIDs.copy(ofResponse: response, index, ids: ids)
            do {
                return try Normalizer.normalize(response: copy, operation: judged.operation, variables: variables[index], schema: spec.schema)
            } catch {
                throw BenchError("\(judged.name) with \(variable) = \(variables[index][variable].map { "\($0)" } ?? "null"): \(error)")
            }
        }
        for (index, page) in zip(missing, normalized) { made.pages[index] = page }
        return variables.indices.dropFirst().map { made.pages[$0]! }
    }

    /// The world of `count` roots under `strategy`: the view tree over the judged root's handle, and a
    /// phase-only body over each other root's.
    ///
    /// Built at the first ask and kept for the process: the commit over these roots and both frames
    /// over them each start from it as it was built (`ScenarioWorld.restore()`), since building a
    /// hundred roots' world takes longer than sampling any of them (normalizing 99 pages, writing
    /// 90,000 records, attaching a hundred handles: seconds a fork; docs/distinct-roots.md).
    ///
    /// - Throws: `BenchError` when a page does not normalize, `LensError` when the tree cannot be built.
    func world(_ strategy: any PhaseStrategy, count: Int) throws -> ScenarioWorld {
        let key = "\(strategy.name) \(count)"
        if let world = made.worlds[key] {
            world.restore()
            return world
        }
        let (environment, handles) = try environment(strategy, count: count)
        let world = try ScenarioWorld(spec: spec, picked: judged, environment: environment, handles: handles)
        made.worlds[key] = world
        return world
    }

    /// An environment under `strategy` whose store holds `count` roots' pages and another screen's
    /// value (`User:me`), with one handle attached per root, the judged root's first.
    ///
    /// - Throws: `BenchError` when a page does not normalize.
    func environment(_ strategy: any PhaseStrategy, count: Int) throws -> (Environment, [Handle]) {
        let variables = variables(count: count)
        let others = try pages(variables)
        let (environment, _) = try ScenarioWorld.makeEnvironment(spec: spec, picked: judged, strategy: strategy, handleCount: 0)
        // Every other page in one commit, then the handles: the store and the handles end as they
        // would after a commit and an attach per page, without re-settling every handle attached so
        // far after each of a hundred commits (the stored chain's cost, squared, off the clock).
        environment.commit { transaction in
            for page in others { page.write(into: &transaction) }
        }
        let handles = try variables.map { try environment.attach(judged.operation, variables: $0, policy: .storeOrNetwork) }
        return (environment, handles)
    }
}

/// What a `DistinctRoots` has made: pages by root, worlds by strategy and count; a class, so the
/// struct's copies in every strategy's measurements share one.
private final class Made {
    var pages: [Int: NormalizedResponse] = [:]
    var worlds: [String: ScenarioWorld] = [:]
}
