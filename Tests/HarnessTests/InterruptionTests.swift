import Foundation
import Testing

@testable import Harness

/// What the interruption says and removes. Its signals are tested end to end on the built bench, in
/// scripts/tests/test_leaves_nothing.py: a signal in a test process would end the tests.
struct InterruptionTests {
    @Test func theClosingLineSaysTheSignalWhatWasInterruptedAndWhatWasUndone() {
        #expect(
            Interruption.line(program: "bench", signal: SIGTERM, activity: "measuring, fork 2 of 8", children: 1, removed: 2)
                == "bench: interrupted by SIGTERM while measuring, fork 2 of 8: ended 1 child process, removed 2 temporary paths; no results file written")
        #expect(
            Interruption.line(program: "bench", signal: SIGINT, activity: "", children: 0, removed: 1)
                == "bench: interrupted by SIGINT: ended 0 child processes, removed 1 temporary path; no results file written")
        #expect(Interruption.name(of: SIGHUP) == "SIGHUP")
        #expect(Interruption.name(of: SIGUSR1) == "signal \(SIGUSR1)")
    }

    @Test func aTemporaryDirectoryIsMadeUnderTMPDIRAndRemovedWithWhatItHolds() throws {
        var kept = ""
        try Interruption.withTemporaryDirectory(prefix: "interruption-test.") { path in
            kept = path
            #expect(FileManager.default.fileExists(atPath: path))
            #expect((path as NSString).lastPathComponent.hasPrefix("interruption-test."))
            #expect(FileManager.default.createFile(atPath: path + "/inside", contents: Data("x".utf8)))
        }
        #expect(!kept.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: kept), "removed, with the file it held")
    }

    @Test func aTemporaryDirectoryIsRemovedWhenItsBodyThrows() {
        struct Failed: Error {}
        var kept = ""
        #expect(throws: Failed.self) {
            try Interruption.withTemporaryDirectory(prefix: "interruption-test.") { path in
                kept = path
                throw Failed()
            }
        }
        #expect(!kept.isEmpty && !FileManager.default.fileExists(atPath: kept))
    }

    @Test func theParentIsToldInTenDigits() throws {
        let value = try #require(Interruption.parentEnvironment[Interruption.parentVariable])
        #expect(value.count == 10 && value.allSatisfy(\.isNumber), "one length in every run: \(value)")
        #expect(Int32(value) == getpid())
    }

    @Test func aChildRunToItsEndIsForgotten() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 3"]
        try Interruption.run(process)
        #expect(process.terminationStatus == 3, "run waits for the child")
        #expect(!Interruption.isUnderway)
    }
}
