// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "derived-phase-bench",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Runtime", targets: ["Runtime"]),
        .library(name: "Workloads", targets: ["Workloads"]),
        .executable(name: "bench", targets: ["Bench"]),
    ],
    targets: [
        // Arrows point one way: Bench -> BenchTool -> (Harness, Workloads, JSON), Workloads -> Runtime.
        // Runtime imports nothing of ours.
        .target(name: "Runtime", exclude: ["README.md"]),
        // One seeded generator for everything that must come out the same on every run: fixtures,
        // fuzz inputs, bootstrap resamples, shuffled round orders.
        .target(name: "SeededRandom"),
        // The one JSON reader: ordered keys, duplicate keys refused, Int apart from Double, errors at a
        // line and column. Fixtures and limits files are read with it. Its `ParseError` is also the
        // GraphQL parser's and schema reader's: one error, one column unit, for every text the bench reads.
        .target(name: "JSON"),
        .target(name: "Workloads", dependencies: ["Runtime", "SeededRandom", "JSON"]),
        // The harness measures closures and links no allocator: jemalloc, when wanted, is preloaded into
        // the bench's process at start-up and found with dlsym, so `BENCH_ALLOCATOR=system` can run the
        // same binary on glibc's malloc (see AllocatorLaunch.swift).
        .target(name: "Harness", dependencies: ["SeededRandom", "CCallgrind", "CProcessControl", "CZlib"]),
        // Callgrind's client requests (zero, start, stop, dump) as C functions: the macros in valgrind's
        // callgrind.h are inline assembly Swift cannot import. No-ops outside valgrind, so always linked.
        .target(name: "CCallgrind"),
        // prctl(2), which Swift cannot call (it is variadic): a child started by the bench ends with it.
        .target(name: "CProcessControl"),
        // zlib, through which results files and profiles are written as gzip and read in either form.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The bench as a tool, a folder per feature (Run, Compare, Merge, History, Bisect, Profile, Seeds,
        // Report, Export) beside what they share: the suite of what is measured, the shapes' registry,
        // results files, limits and judging, the command line (docs/what-is-here.md).
        .target(name: "BenchTool", dependencies: ["Runtime", "Workloads", "Harness", "JSON", "SeededRandom"]),
        // A workload of known call structure that the tests of `bench profile` run under callgrind.
        .executableTarget(name: "ProfileWorkload", dependencies: ["Harness"]),
        // The release gate replayed over real interleaved runs, to measure its error rates (scripts/gate-proof).
        .executableTarget(name: "GateReplay", dependencies: ["BenchTool"]),
        .executableTarget(name: "Bench", dependencies: ["BenchTool", "Harness"]),
        .testTarget(name: "RuntimeTests", dependencies: ["Runtime"]),
        .testTarget(name: "WorkloadsTests", dependencies: ["Workloads", "Runtime", "SeededRandom", "JSON"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "SeededRandom"]),
        .testTarget(name: "BenchToolTests", dependencies: ["BenchTool", "Harness", "Workloads", "Runtime", "JSON", "SeededRandom"],
                    exclude: ["Fixtures"]),
    ]
)
