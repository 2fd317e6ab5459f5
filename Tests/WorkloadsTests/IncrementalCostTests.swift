import Testing
@testable import Runtime
@testable import Workloads

/// What an incremental commit costs tracks what it changed, not the size of the fixture: the same
/// change re-reads the same slots at the smallest and the largest bench scale, while a full walk (what
/// root makes per commit) reads more the larger the fixture.
struct IncrementalCostTests {
    private struct Costs: Equatable {
        var rewalked: [Int]
        var phases: [String]
    }

    /// Attaches the strict operation at `scale` under incremental, lands a field error on
    /// `characters.info.count`, clears it, then removes the first item of `characters.results`: each
    /// commit's slots re-read, and the phase after it.
    private func costs(scale: Double) throws -> (Costs, fullWalk: Int) {
        let world = try DifferentialWorld.strictFixture(scale: scale)
        let environment = Environment(strategy: .incremental, store: Store(possibleTypes: world.possibleTypes))
        environment.commit { world.responses[0].write(into: &$0) }
        let handle = try environment.attach(world.attachments[0].operation, variables: world.attachments[0].variables)
        let table = try #require(environment.roots)
        let info = try #require(handle.operation.lens.object("characters")?.object("info")?.record)
        var costs = Costs(rewalked: [], phases: [])
        for errors in [[GraphQLError(message: "count timed out", path: ["characters", "info", "count"])], []] {
            let before = table.slotsRewalked
            environment.commit { $0.set(info, "count", errors.isEmpty ? .scalar(.int(1)) : .null, errors: errors) }
            costs.rewalked.append(table.slotsRewalked - before)
            costs.phases.append(handle.phase.name)
        }
        let page = try #require(handle.operation.lens.object("characters")?.record)
        let results = try #require(environment.store.record(at: page).slotsUntracked.first { environment.store.storageKey($0.field) == "results" }?.slot)
        let items: [RecordRef?] = try #require({ if case .links(let refs) = results.value { refs } else { nil } }(), "results is a list of links")
        let before = table.slotsRewalked
        environment.commit { $0.set(page, "results", .links(Array(items.dropFirst()))) }
        costs.rewalked.append(table.slotsRewalked - before)
        costs.phases.append(handle.phase.name)
        return (costs, handle.operation.verdictWalkSlotCount())
    }

    @Test func anErrorLandingAndClearingAndAListItemRemovedCostTheSameAtEveryScale() throws {
        let scales = try [StrictFixture.benchScales.first!, StrictFixture.benchScales.last!].map { try costs(scale: $0) }
        #expect(scales[0].0.phases == ["failed", "ready", "ready"], "the error fails the strict operation, and clearing it makes it ready again")
        #expect(scales[0].0.rewalked == [1, 1, 1], "one slot re-read per commit: the one that changed, read once by the verdict; the items that stay in the list are kept, not walked")
        #expect(scales[0].0 == scales[1].0, "the same change costs the same at either scale")
        #expect(scales[0].fullWalk < scales[1].fullWalk, "while a full walk grows with the fixture")
    }
}
