import Foundation

/// The machine, build and source a run was made on, recorded with every result.
///
/// Figures from different commits, toolchains or machines are only comparable when a reader can see
/// which was which; a dirty tree means the commit alone does not say what was measured. Fields that
/// could not be determined hold `"unknown"` rather than a guess.
public struct MachineEnvironment: Sendable, Equatable, Codable {
    /// `git rev-parse HEAD` of the source tree, or `"unknown"` outside a repository.
    public var commit: String
    /// Whether `git status --porcelain` listed anything but new files under `results/` (the bench's own
    /// output): the commit does not describe the code run.
    public var dirtyTree: Bool?
    /// The first line of `swift --version` when a toolchain is on PATH, else the compile-time version.
    public var toolchain: String
    /// `PRETTY_NAME` from `/etc/os-release`.
    public var operatingSystem: String
    /// `uname` system, release and machine, e.g. `Linux 6.8.0-45-generic x86_64`.
    public var kernel: String
    /// The first `model name` of `/proc/cpuinfo`.
    public var cpuModel: String
    /// Logical processors online.
    public var cores: Int
    /// `debug` or `release`, from the `DEBUG` condition SwiftPM sets in debug builds.
    public var buildConfiguration: String
    /// The allocator serving `malloc`, as `ProcessAllocator.description` gives it.
    public var allocator: String
    /// When the environment was captured, ISO 8601 in UTC.
    public var date: String

    /// The build configuration this code was compiled in.
    public static var compiledConfiguration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    /// Captures the environment now.
    ///
    /// - Parameters:
    ///   - sourceDirectory: Where git is asked about the commit; the working directory by default.
    ///   - allocator: The process allocator; `ProcessAllocator.current` by default.
    ///   - date: The capture time.
    public static func capture(
        sourceDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        allocator: ProcessAllocator = .current,
        date: Date = Date()
    ) -> MachineEnvironment {
        let commit = ToolOutput.of("git", ["-C", sourceDirectory.path, "rev-parse", "HEAD"])
        let status = ToolOutput.of("git", ["-C", sourceDirectory.path, "status", "--porcelain"])
        let toolchain = ToolOutput.of("swift", ["--version"]).flatMap { $0.split(separator: "\n").first.map(String.init) }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return MachineEnvironment(
            commit: commit?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown",
            dirtyTree: status.map(isDirty(porcelain:)),
            toolchain: toolchain ?? compiledToolchain,
            operatingSystem: OperatingSystem.distribution() ?? "unknown",
            kernel: kernelDescription(),
            cpuModel: OperatingSystem.cpuModel() ?? "unknown",
            cores: ProcessInfo.processInfo.activeProcessorCount,
            buildConfiguration: compiledConfiguration,
            allocator: allocator.description,
            date: formatter.string(from: date)
        )
    }

    /// The logical processors this process may run on: the online ones, narrowed by its affinity
    /// (`Cpus_allowed_list` in `/proc/self/status`, what `taskset -c` sets) where that can be read.
    public static var usableCores: Int {
        let online = max(1, ProcessInfo.processInfo.activeProcessorCount)
        return min(online, OperatingSystem.allowedCores() ?? online)
    }

    // MARK: - Parsing, pure so it is tested on fixed text

    /// Whether `git status --porcelain` output lists any change but a new file under `results/`: the
    /// bench writes its results files there, and one run's file is no change to the next run's build
    /// (the release gate keeps its run there, and the gate after it would be called dirty).
    static func isDirty(porcelain: String) -> Bool {
        porcelain.split(separator: "\n").contains { line in
            line.contains { !$0.isWhitespace } && !line.hasPrefix("?? results/")
        }
    }

    // MARK: - Sources

    private static var compiledToolchain: String {
        #if compiler(>=6.3)
            "Swift compiler >= 6.3 (compile time; swift not on PATH)"
        #elseif compiler(>=6.0)
            "Swift compiler >= 6.0 (compile time; swift not on PATH)"
        #else
            "Swift compiler < 6.0 (compile time; swift not on PATH)"
        #endif
    }

    static func kernelDescription() -> String {
        var names = utsname()
        guard uname(&names) == 0 else { return "unknown" }
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))"
    }
}
