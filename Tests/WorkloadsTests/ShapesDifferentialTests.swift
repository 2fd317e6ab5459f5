import Runtime
import Testing

/// Root and incremental against a fresh full walk and against derived, over seeded random commits:
/// values changed, values to null and back, field errors added and cleared, links repointed, list
/// items added and removed, records deleted, whole responses, and fetches that succeed or fail.
///
/// Four environments (derived, stored, root, incremental) take the same script. After every step,
/// each root's stored verdict and presence under root and incremental must equal a fresh walk's over
/// its store, and every handle's phase under stored, root and incremental must equal derived's. A
/// failure names the seed, the step and what it did, so `run(world:seed:steps:)` replays it.
struct ShapesDifferentialTests {
    /// 10,400 steps in all: the strict fixture is the costlier world (every derived handle walks a
    /// few hundred slots per step), the hero world the one with every directive.
    static let cases: [(world: String, seed: UInt64, steps: Int)] = [
        ("strict", 0x5EED_0001, 1_200), ("strict", 0x5EED_0002, 1_200),
        ("hero", 0x5EED_0101, 2_000), ("hero", 0x5EED_0102, 2_000), ("hero", 0x5EED_0103, 2_000), ("hero", 0x5EED_0104, 2_000),
    ]

    @Test(arguments: cases.indices)
    func rootAndIncrementalMatchAFreshWalkAndDerivedAfterEveryCommit(_ index: Int) throws {
        let (name, seed, steps) = Self.cases[index]
        let world = name == "strict" ? try DifferentialWorld.strictFixture() : try DifferentialWorld.hero()
        try run(world: world, seed: seed, steps: steps)
    }

    private func run(world: DifferentialWorld, seed: UInt64, steps: Int) throws {
        let run = try DifferentialRun(world)
        #expect(run.problems().isEmpty, "\(world.name), seed \(seed): wrong before any commit: \(run.problems())")
        var changes = DifferentialChanges(seed: seed, world: world, handleCount: world.attachments.count)
        var kinds: [String: Int] = [:]
        for step in 1...steps {
            let change = changes.next(over: run.store)
            kinds[String(describing: change).prefix(while: { $0 != " " }).description, default: 0] += 1
            try run.apply(change)
            let problems = run.problems()
            guard problems.isEmpty else {
                let message = "\(world.name), seed \(seed), step \(step): \(change)\n" + problems.joined(separator: "\n")
                Issue.record(Comment(rawValue: message))
                return
            }
        }
        // The script must have done what it claims, or the test proves little.
        for kind in ["set", "delete", "commit", "whole", "handle"] {
            #expect(kinds[kind, default: 0] > 0, "\(world.name), seed \(seed): no step of kind \(kind) in \(steps)")
        }
    }
}
