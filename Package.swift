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
        // Arrows point one way: Bench -> BenchSuite -> (BenchKit, Harness, Workloads), Workloads -> Runtime,
        // BenchKit -> (Harness, Runtime). Runtime imports nothing of ours. BenchKit sees Runtime for one
        // thing: a shape is declared once, with its behaviour (`ShapeRegistry`).
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
        // Everything of the bench that is not a measurement: command line, limits, judging, results files,
        // reports and progress. It consumes the harness's types and knows no workload.
        .target(name: "BenchKit", dependencies: ["Harness", "JSON", "Runtime"]),
        // The suite: what the bench measures and counts, over Workloads, through the Harness.
        .target(name: "BenchSuite", dependencies: ["Runtime", "Workloads", "Harness", "BenchKit", "JSON", "SeededRandom"]),
        // A workload of known call structure that the tests of `bench profile` run under callgrind.
        .executableTarget(name: "ProfileWorkload", dependencies: ["Harness"]),
        // The release gate replayed over real interleaved runs, to measure its error rates (scripts/gate-proof).
        .executableTarget(name: "GateReplay", dependencies: ["BenchKit"]),
        .executableTarget(name: "Bench", dependencies: ["BenchSuite", "Harness"]),
        .testTarget(name: "RuntimeTests", dependencies: ["Runtime"]),
        .testTarget(name: "WorkloadsTests", dependencies: ["Workloads", "Runtime", "SeededRandom", "JSON"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "SeededRandom"]),
        .testTarget(name: "BenchKitTests", dependencies: ["BenchKit", "Harness", "SeededRandom"], exclude: ["Fixtures"]),
        .testTarget(name: "BenchSuiteTests", dependencies: ["BenchSuite", "BenchKit", "Harness", "Workloads", "Runtime", "JSON"]),
    ]
)
