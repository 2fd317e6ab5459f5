@testable import BenchTool
import Foundation
import Synchronization
import Testing

/// The bench as a user runs it, built beside this test binary and started from `/tmp`: the
/// checkout's files by default, named in the report; one line per measurement group in a log;
/// nothing but the report under `--quiet`.
struct BenchFromAnywhereTests {
    private struct Output {
        var standardOutput: String
        var standardError: [String]
        var status: Int32
    }

    private static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ProfileTests.executable("bench")))
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: "/tmp", isDirectory: true)
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Standard error read on a thread of its own, so that neither pipe fills while the other is read.
        let errorText = Mutex(Data())
        let read = DispatchSemaphore(value: 0)
        Thread {
            let data = error.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = data }
            read.signal()
        }.start()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        read.wait()
        let lines = errorText.withLock { String(decoding: $0, as: UTF8.self) }.split(separator: "\n").map(String.init)
        return Output(standardOutput: text, standardError: lines, status: process.terminationStatus)
    }

    @Test func aRunFromTmpReadsTheCheckoutsFilesAndNamesThem() throws {
        let root = try #require(BuildCheckout.root).path
        let out = "/tmp/bench-anywhere-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try Self.run(["--quick", "--filter", "tracking-scope.empty", "--out", out])
        #expect(run.status == 0 || run.status == 1, "a verdict, not \(run.status): \(run.standardError.suffix(3))")
        #expect(run.standardOutput.contains("limits: \(root)/limits.json, sha256 "))
        #expect(run.standardOutput.contains("fixtures \(root)/spec"))
        #expect(!run.standardOutput.hasPrefix("commit unknown"), "git is asked in the checkout")
        // Standard error is not a terminal: one line for the one group measured, none of the sampler's.
        let groupLines = run.standardError.filter { $0.hasPrefix("[") && $0.contains("tracking-scope.empty") }
        #expect(groupLines.count == 1 && groupLines[0].hasPrefix("[1/1] tracking-scope.empty: ") && groupLines[0].hasSuffix(" samples"), "\(groupLines)")
        #expect(run.standardError.last?.hasPrefix("bench: results written to \(out) in ") == true)
    }

    @Test func quietPrintsTheReportAlone() throws {
        let out = "/tmp/bench-quiet-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try Self.run(["--quiet", "--quick", "--filter", "tracking-scope.empty", "--out", out])
        #expect(run.status == 0 || run.status == 1)
        #expect(run.standardError.isEmpty, "\(run.standardError.prefix(3))")
        #expect(run.standardOutput.hasPrefix("commit ") && run.standardOutput.contains("\ndecision: "))
        #expect(FileManager.default.fileExists(atPath: out), "the results file is written all the same")
    }

    @Test func listFromTmpSaysWhichFilesItRead() throws {
        let root = try #require(BuildCheckout.root).path
        let list = try Self.run(["--list"])
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.standardOutput.hasPrefix("# limits \(root)/limits.json, fixtures \(root)/spec\n"))
    }
}
