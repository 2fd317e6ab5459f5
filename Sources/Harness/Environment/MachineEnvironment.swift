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
            operatingSystem: (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8))
                .flatMap(prettyName(osRelease:)) ?? "unknown",
            kernel: kernelDescription(),
            cpuModel: (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))
                .flatMap(cpuModel(cpuinfo:)) ?? "unknown",
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
        let allowed = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)).flatMap(allowedCores(status:))
        return min(online, allowed ?? online)
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

    /// The `PRETTY_NAME` value of an os-release file, unquoted.
    static func prettyName(osRelease: String) -> String? {
        for line in osRelease.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
            let value = line.dropFirst("PRETTY_NAME=".count)
            return String(value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2
                ? value.dropFirst().dropLast() : value)
        }
        return nil
    }

    /// How many processors the `Cpus_allowed_list` line of a /proc/PID/status text names
    /// (`0-3,6,8-9` names 7), or nil without a line that reads so.
    static func allowedCores(status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else { return nil }
        var count = 0
        for range in line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).split(separator: ",") {
            let ends = range.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard let first = ends.first ?? nil, let last = ends.last ?? nil, ends.count <= 2, first <= last else { return nil }
            count += last - first + 1
        }
        return count > 0 ? count : nil
    }

    /// The first `model name` of a /proc/cpuinfo text.
    static func cpuModel(cpuinfo: String) -> String? {
        for line in cpuinfo.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
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
