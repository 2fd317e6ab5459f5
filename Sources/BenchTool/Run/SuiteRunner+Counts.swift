import Workloads

// MARK: - The scenario counts: body re-runs per commit, counted on this thread and a second one.
extension SuiteRunner {
    /// Runs every selected scenario under every selected strategy; one count per body, in scenario
    /// order, each scenario's shapes in the registry's order.
    ///
    /// Counts are of body re-runs, not of time, so nothing forbids counting on both cores at once: the
    /// costliest scenarios (by their retained handles; a derived phase body over a thousand handles
    /// walks a thousand verdicts to start) go to a second thread with subjects of its own, read again
    /// from the same spec, so the two threads share no object; the rest are counted here meanwhile.
    func count(_ subjects: BenchSubjects) throws -> [CountRecord] {
        let strategies = ShapeRegistry.current.labels.filter { options.strategies.includes($0) }
        let scenarios = selectedScenarios(subjects)
        let items = scenarios.indices.flatMap { index in strategies.map { CountingItem(scenario: index, strategy: $0) } }
        let (here, there) = Self.shares(items, handleCounts: scenarios.map(\.0.handleCount))
        let elsewhere = BackgroundCounting(options: options, items: there)
        if !there.isEmpty {
            progress.note("counting \(there.count) of \(items.count) scenario runs on a second thread")
            elsewhere.start()
        }
        var counts: [CountingItem: [CountRecord]] = [:]
        for (position, item) in here.enumerated() {
            let (scenario, _) = scenarios[item.scenario]
            progress.passing("[scenario \(position + 1)/\(here.count)] \(scenario.name) \(item.strategy.rawValue)")
            counts[item] = try Self.count(item, scenarios: scenarios, spec: subjects.spec)
        }
        if !there.isEmpty {
            progress.note("waiting for the second thread's \(there.count) scenario runs")
            for (item, records) in try elsewhere.wait() { counts[item] = records }
        }
        return items.flatMap { counts[$0]! }
    }

    /// One scenario run under one strategy, counted.
    static func count(_ item: CountingItem, scenarios: [(Scenario, PickedOperation)], spec: LoadedFixtureDirectory) throws -> [CountRecord] {
        let (scenario, picked) = scenarios[item.scenario]
        let phaseStrategy = ShapeRegistry.current.shape(item.strategy)!.behaviour
        let outcome = try scenario.run(spec: spec, picked: picked, strategy: phaseStrategy)
        return outcome.reruns.map { CountRecord(scenario: scenario.name, strategy: item.strategy, body: $0.body, reruns: $0.reruns) }
    }

    /// The scenario runs counted here and those counted on the second thread: the second takes the
    /// costliest runs, estimated by retained handles times the shape's `countingWeight`, until it holds about half the estimated cost; with
    /// nothing that retains more than `quickHandleLimit` handles, everything is counted here, where a
    /// second thread would cost more to start than it saves.
    static func shares(_ items: [CountingItem], handleCounts: [Int]) -> (here: [CountingItem], there: [CountingItem]) {
        func cost(_ item: CountingItem) -> Int {
            (handleCounts[item.scenario] + 1) * (ShapeRegistry.current.shape(item.strategy)?.countingWeight ?? 1)
        }
        guard handleCounts.contains(where: { $0 > quickHandleLimit }) else { return (items, []) }
        let total = items.reduce(0) { $0 + cost($1) }
        var there: Set<CountingItem> = []
        var load = 0
        for item in items.sorted(by: { cost($0) > cost($1) }) where load + cost(item) <= total / 2 || there.isEmpty {
            there.insert(item)
            load += cost(item)
        }
        return (items.filter { !there.contains($0) }, items.filter { there.contains($0) })
    }
}

/// One scenario (by its place among the run's selected scenarios) under one strategy.
struct CountingItem: Hashable, Sendable {
    let scenario: Int
    let strategy: FigureStrategy
}
