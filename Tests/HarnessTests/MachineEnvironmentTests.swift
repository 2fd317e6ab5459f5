import Foundation
import Testing

@testable import Harness

/// The environment record: parsing on fixed text, capture against this machine's own sources.
struct MachineEnvironmentTests {
    @Test func parsesOSReleaseCPUInfoAndPorcelain() {
        let osRelease = "NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n"
        #expect(MachineEnvironment.prettyName(osRelease: osRelease) == "Debian GNU/Linux 12 (bookworm)")
        #expect(MachineEnvironment.prettyName(osRelease: "PRETTY_NAME=Plain\n") == "Plain", "unquoted values too")
        #expect(MachineEnvironment.prettyName(osRelease: "ID=debian\n") == nil)

        let cpuinfo = "processor\t: 0\nmodel name\t: AMD EPYC 7B13\nflags\t: fpu\nprocessor\t: 1\nmodel name\t: other\n"
        #expect(MachineEnvironment.cpuModel(cpuinfo: cpuinfo) == "AMD EPYC 7B13", "the first model name")
        #expect(MachineEnvironment.cpuModel(cpuinfo: "processor : 0\n") == nil)

        #expect(MachineEnvironment.isDirty(porcelain: " M Package.swift\n"))
        #expect(!MachineEnvironment.isDirty(porcelain: ""), "clean tree")
        #expect(!MachineEnvironment.isDirty(porcelain: "\n"))
    }

    @Test func captureDescribesThisMachineAndBuild() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let environment = MachineEnvironment.capture(date: date)
        #expect(environment.date == "2023-11-14T22:13:20Z", "ISO 8601 in UTC")
        #expect(environment.buildConfiguration == "debug", "swift test builds debug, where SwiftPM defines DEBUG")
        #expect(environment.cores == ProcessInfo.processInfo.activeProcessorCount && environment.cores > 0)
        #expect(environment.kernel.hasPrefix("Linux "), "uname on Linux: \(environment.kernel)")
        #expect(environment.allocator == ProcessAllocator.current.description)
        #expect(environment.toolchain.contains("Swift"), "toolchain: \(environment.toolchain)")
        #expect(environment.cpuModel != "unknown" && environment.operatingSystem != "unknown")
        // Tests run from the package root, a git checkout: the commit is a full hash.
        #expect(environment.commit.count == 40 && environment.commit.allSatisfy(\.isHexDigit), "commit: \(environment.commit)")
        #expect(environment.dirtyTree != nil, "git answered, so cleanliness is known")

        let decoded = try JSONDecoder().decode(MachineEnvironment.self, from: JSONEncoder().encode(environment))
        #expect(decoded == environment, "the record survives a results file")
    }
}
