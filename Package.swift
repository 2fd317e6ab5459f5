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
        // Arrows point one way: Bench -> Workloads -> Runtime. Runtime imports nothing of ours.
        .target(name: "Runtime"),
        .target(name: "Workloads", dependencies: ["Runtime"]),
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        .target(name: "Harness"),
        .executableTarget(name: "Bench", dependencies: ["Runtime", "Workloads", "CJemalloc", "Harness"]),
        .testTarget(name: "RuntimeTests", dependencies: ["Runtime"]),
        .testTarget(name: "WorkloadsTests", dependencies: ["Workloads", "Runtime"]),
        .testTarget(name: "HarnessTests", dependencies: ["Harness"]),
    ]
)
