import Runtime
import Testing

/// Root and incremental against a fresh full walk and against derived, over seeded random commits:
/// values changed, values to null and back, field errors added and cleared, links repointed, list
/// items added and removed, records deleted, whole responses, and fetches that succeed or fail; and
/// equal writes (a slot rewritten as it is, a whole response committed again, a batch mixing such a
/// rewrite with a real change), which must change nothing. One world holds distinct roots (the
/// strict operation on several pages), where a commit touches one root's records and root must keep
/// the others' verdicts without walking them.
///
/// Four environments (derived, stored, root, incremental) take the same script. After every step,
/// each root's stored verdict and presence under root and incremental must equal a fresh walk's over
/// its store, and every handle's phase under stored, root and incremental must equal derived's. A
/// failure names the seed, the step and what it did, so `run(world:seed:steps:distinctRoots:)` replays it.
struct ShapesDifferentialTests {
    /// 12,400 steps in all: the strict fixture is the costlier world (every derived handle walks a
    /// few hundred slots per step), the hero world the one with every directive, the pages world the
    /// one with distinct roots.
    static let cases: [(world: String, seed: UInt64, steps: Int)] = [
        ("strict", 0x5EED_0001, 1_200), ("strict", 0x5EED_0002, 1_200),
        ("hero", 0x5EED_0101, 2_000), ("hero", 0x5EED_0102, 2_000), ("hero", 0x5EED_0103, 2_000), ("hero", 0x5EED_0104, 2_000),
        ("pages", 0x5EED_0201, 1_000), ("pages", 0x5EED_0202, 1_000),
    ]

    @Test(arguments: cases.indices)
    func rootAndIncrementalMatchAFreshWalkAndDerivedAfterEveryCommit(_ index: Int) throws {
        let (name, seed, steps) = Self.cases[index]
        let world: DifferentialWorld
        switch name {
        case "strict": world = try DifferentialWorld.strictFixture()
        case "pages": world = try DifferentialWorld.distinctPages()
        default: world = try DifferentialWorld.hero()
        }
        try run(world: world, seed: seed, steps: steps, distinctRoots: name == "pages")
    }

    private func run(world: DifferentialWorld, seed: UInt64, steps: Int, distinctRoots: Bool) throws {
        let run = try DifferentialRun(world)
        #expect(run.problems().isEmpty, "\(world.name), seed \(seed): wrong before any commit: \(run.problems())")
        var changes = DifferentialChanges(seed: seed, world: world, handleCount: world.attachments.count)
        var kinds: [String: Int] = [:]
        for step in 1...steps {
            let change = changes.next(over: run.store)
            kinds[change.kind, default: 0] += 1
            try run.apply(change)
            let problems = run.problems()
            guard problems.isEmpty else {
                let message = "\(world.name), seed \(seed), step \(step): \(change)\n" + problems.joined(separator: "\n")
                Issue.record(Comment(rawValue: message))
                return
            }
        }
        // The script must have done what it claims, or the test proves little.
        for kind in ["set", "rewrite", "delete", "commit", "mixed", "whole", "again", "handle"] {
            #expect(kinds[kind, default: 0] > 0, "\(world.name), seed \(seed): no step of kind \(kind) in \(steps)")
        }
        // Root settled after a commit and left a root unwalked: its read set was put to the test.
        #expect(run.rootStepsKeepingAll + run.rootStepsKeepingSome > 0, "\(world.name), seed \(seed): root walked every root at every settle")
        if distinctRoots {
            #expect(run.rootStepsKeepingSome > 0, "\(world.name), seed \(seed): no commit walked some roots and kept others")
        }
    }
}
