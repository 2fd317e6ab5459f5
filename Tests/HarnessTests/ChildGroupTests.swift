import Foundation
import Testing

@testable import Harness

/// Children side by side that end together: a group ended stops what runs in it and starts nothing
/// more; a group never ended lets each child run to its own end.
struct ChildGroupTests {
    private func process(_ path: String, _ arguments: [String] = []) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        return process
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sleep")))
    func endingTheGroupStopsTheChildThatRuns() throws {
        let group = ChildGroup()
        let child = process("/bin/sleep", ["60"])
        let ended = DispatchSemaphore(value: 0)
        Thread {
            // A child starts with its starter's blocked signals, and the test runner's threads block
            // most, SIGTERM too; the bench starts its children from threads of its main thread, which
            // block none. So this thread blocks none either.
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            try? group.run(child)
            ended.signal()
        }.start()
        while !child.isRunning { Thread.sleep(forTimeInterval: 0.001) }
        group.end()
        #expect(ended.wait(timeout: .now() + 10) == .success, "the child outlived the group's end")
        #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGTERM)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/true")))
    func anEndedGroupStartsNothing() {
        let group = ChildGroup()
        group.end()
        let child = process("/bin/true")
        #expect(throws: ChildGroup.Ended.self) { try group.run(child) }
        #expect(child.processIdentifier == 0, "never started")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh")))
    func aGroupNeverEndedLetsEachChildExitByItself() throws {
        let group = ChildGroup()
        let first = process("/bin/sh", ["-c", "exit 0"])
        let second = process("/bin/sh", ["-c", "exit 3"])
        try group.run(first)
        try group.run(second)
        #expect(first.terminationReason == .exit && first.terminationStatus == 0)
        #expect(second.terminationReason == .exit && second.terminationStatus == 3, "its own status, not the group's doing")
    }
}
