import Testing

@testable import Harness

/// The start-up decision: which allocator the bench asks for, and how it gets it.
struct AllocatorLaunchTests {
    static let jemalloc = ProcessAllocator.jemalloc(version: "5.3.0", library: "/lib/libjemalloc.so.2", statisticsEnabled: true)
    static let glibc = ProcessAllocator.other(library: "/lib/libc.so.6")

    @Test func theChoiceDefaultsToJemallocAndRejectsUnknownValues() throws {
        #expect(try AllocatorLaunch.choice(in: [:]) == .jemalloc)
        #expect(try AllocatorLaunch.choice(in: ["BENCH_ALLOCATOR": ""]) == .jemalloc)
        #expect(try AllocatorLaunch.choice(in: ["BENCH_ALLOCATOR": "system"]) == .system)
        #expect(throws: AllocatorLaunch.InvalidChoice(value: "tcmalloc")) {
            try AllocatorLaunch.choice(in: ["BENCH_ALLOCATOR": "tcmalloc"])
        }
    }

    @Test func runningOnTheChosenAllocatorProceeds() {
        #expect(AllocatorLaunch.decide(choice: .jemalloc, allocator: Self.jemalloc, environment: [:]) == .proceed)
        #expect(AllocatorLaunch.decide(choice: .system, allocator: Self.glibc, environment: [:]) == .proceed)
    }

    @Test func jemallocIsPreloadedInFrontOfOtherPreloads() {
        let decision = AllocatorLaunch.decide(
            choice: .jemalloc, allocator: Self.glibc, environment: ["LD_PRELOAD": "libfoo.so", "HOME": "/root"])
        #expect(decision == .reexecute(environment: [
            "LD_PRELOAD": "libjemalloc.so.2 libfoo.so", "HOME": "/root", "BENCH_ALLOCATOR_REEXECUTED": "1",
        ]))
    }

    @Test func aFailedPreloadIsRefusedNotRetried() {
        let decision = AllocatorLaunch.decide(
            choice: .jemalloc, allocator: Self.glibc,
            environment: ["LD_PRELOAD": "libjemalloc.so.2", "BENCH_ALLOCATOR_REEXECUTED": "1"])
        guard case .refuse(let reason) = decision else {
            Issue.record("expected a refusal, got \(decision)")
            return
        }
        #expect(reason.contains("BENCH_ALLOCATOR=system"), "the refusal names the way out: \(reason)")
    }

    @Test func systemStripsAPreloadedJemalloc() {
        let decision = AllocatorLaunch.decide(
            choice: .system, allocator: Self.jemalloc, environment: ["LD_PRELOAD": "libfoo.so:/usr/lib/libjemalloc.so.2"])
        #expect(decision == .reexecute(environment: ["LD_PRELOAD": "libfoo.so", "BENCH_ALLOCATOR_REEXECUTED": "1"]))
        let alone = AllocatorLaunch.decide(
            choice: .system, allocator: Self.jemalloc, environment: ["LD_PRELOAD": "libjemalloc.so.2"])
        #expect(alone == .reexecute(environment: ["BENCH_ALLOCATOR_REEXECUTED": "1"]), "no empty LD_PRELOAD left")
    }

    @Test func systemCannotBeHadWhenJemallocIsLinkedIn() {
        let decision = AllocatorLaunch.decide(choice: .system, allocator: Self.jemalloc, environment: [:])
        guard case .refuse(let reason) = decision else {
            Issue.record("expected a refusal, got \(decision)")
            return
        }
        #expect(reason.contains("linked in"), "reason: \(reason)")
    }
}
