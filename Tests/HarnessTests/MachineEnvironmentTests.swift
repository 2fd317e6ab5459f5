import Foundation
import Testing

@testable import Harness

/// The environment record: parsing on fixed text, capture against this machine, build and a source
/// directory the test makes itself, so it holds in any build configuration, on Linux or macOS, and
/// from a tarball as well as a git checkout.
struct MachineEnvironmentTests {
    @Test func parsesOSReleaseCPUInfoAndPorcelain() {
        let osRelease = "NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n"
        #expect(OperatingSystem.prettyName(osRelease: osRelease) == "Debian GNU/Linux 12 (bookworm)")
        #expect(OperatingSystem.prettyName(osRelease: "PRETTY_NAME=Plain\n") == "Plain", "unquoted values too")
        #expect(OperatingSystem.prettyName(osRelease: "ID=debian\n") == nil)

        let cpuinfo = "processor\t: 0\nmodel name\t: AMD EPYC 7B13\nflags\t: fpu\nprocessor\t: 1\nmodel name\t: other\n"
        #expect(OperatingSystem.cpuModel(cpuinfo: cpuinfo) == "AMD EPYC 7B13", "the first model name")
        #expect(OperatingSystem.cpuModel(cpuinfo: "processor : 0\n") == nil)

        let status = "Name:\tbench\nCpus_allowed:\tff\nCpus_allowed_list:\t0-3,6,8-9\nMems_allowed_list:\t0\n"
        #expect(OperatingSystem.allowedCores(status: status) == 7, "ranges and single cores")
        #expect(OperatingSystem.allowedCores(status: "Cpus_allowed_list:\t1\n") == 1, "taskset -c 1")
        #expect(OperatingSystem.allowedCores(status: "Name:\tbench\n") == nil, "no such line")
        #expect(OperatingSystem.allowedCores(status: "Cpus_allowed_list:\t3-1\n") == nil, "not a range")
        #expect(OperatingSystem.allowedCores(status: "Cpus_allowed_list:\t0-1-2\n") == nil, "not a range")

        #expect(MachineEnvironment.isDirty(porcelain: " M Package.swift\n"))
        #expect(!MachineEnvironment.isDirty(porcelain: ""), "clean tree")
        #expect(!MachineEnvironment.isDirty(porcelain: "\n"))
        #expect(!MachineEnvironment.isDirty(porcelain: "?? results/20261205-074546-bfe9728-a7ee6a.json\n"), "a run's own results file")
        #expect(MachineEnvironment.isDirty(porcelain: "?? results/x.json\n?? Sources/New.swift\n"), "a new source beside it")
        #expect(MachineEnvironment.isDirty(porcelain: " M results/README.md\n"), "a tracked file changed, even under results/")
    }

    @Test func captureDescribesThisMachineAndBuild() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let directory = try Self.emptyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = MachineEnvironment.capture(sourceDirectory: directory, date: date)
        #expect(environment.date == "2023-11-14T22:13:20Z", "ISO 8601 in UTC")
        // The test target is compiled in the same configuration as the harness, so its own DEBUG
        // condition says which build `swift test` (or `swift test -c release`) made.
        #if DEBUG
            #expect(environment.buildConfiguration == "debug")
        #else
            #expect(environment.buildConfiguration == "release")
        #endif
        #expect(environment.cores == ProcessInfo.processInfo.activeProcessorCount && environment.cores > 0)
        #expect((1...environment.cores).contains(MachineEnvironment.usableCores))
        #if os(Linux)
            #expect(environment.kernel.hasPrefix("Linux "), "uname on Linux: \(environment.kernel)")
            #expect(environment.cpuModel != "unknown" && environment.operatingSystem != "unknown",
                    "/proc/cpuinfo and /etc/os-release exist on Linux")
        #elseif os(macOS)
            #expect(environment.kernel.hasPrefix("Darwin "), "uname on macOS: \(environment.kernel)")
        #endif
        #expect(environment.allocator == ProcessAllocator.current.description)
        #expect(environment.toolchain.contains("Swift"), "toolchain: \(environment.toolchain)")

        let decoded = try JSONDecoder().decode(MachineEnvironment.self, from: JSONEncoder().encode(environment))
        #expect(decoded == environment, "the record survives a results file")
    }

    @Test func outsideARepositoryTheCommitIsUnknown() throws {
        let directory = try Self.emptyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = MachineEnvironment.capture(sourceDirectory: directory)
        #expect(environment.commit == "unknown", "a tarball's tree has no commit: \(environment.commit)")
        #expect(environment.dirtyTree == nil, "git did not answer, so cleanliness is not known")
    }

    @Test(.enabled(if: Self.gitIsAvailable, "git is not on PATH"))
    func insideARepositoryTheCommitAndCleanlinessAreKnown() throws {
        let directory = try Self.emptyDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.git(["init", "--quiet"], in: directory)
        try Data("one\n".utf8).write(to: directory.appendingPathComponent("file"))
        try Self.git(["add", "file"], in: directory)
        try Self.git(["-c", "user.name=test", "-c", "user.email=test@example.invalid",
                      "commit", "--quiet", "-m", "one"], in: directory)
        let head = try Self.git(["rev-parse", "HEAD"], in: directory)

        let clean = MachineEnvironment.capture(sourceDirectory: directory)
        #expect(clean.commit == head, "the commit is git's full hash of HEAD")
        #expect(clean.commit.count == 40 && clean.commit.allSatisfy(\.isHexDigit), "commit: \(clean.commit)")
        #expect(clean.dirtyTree == false, "nothing changed since the commit")

        try Data("two\n".utf8).write(to: directory.appendingPathComponent("file"))
        #expect(MachineEnvironment.capture(sourceDirectory: directory).dirtyTree == true, "a changed file")
    }

    // MARK: - A source directory of the test's own

    static let gitIsAvailable: Bool = (try? git(["--version"], in: FileManager.default.temporaryDirectory)) != nil

    /// A new empty directory under the temporary directory, outside any repository this test runs in;
    /// the test that asks for it removes it.
    static func emptyDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("machine-environment-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Runs git in `directory` and returns its trimmed output; throws unless it exits 0.
    @discardableResult
    static func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GitFailed(arguments: arguments) }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct GitFailed: Error { var arguments: [String] }
}
