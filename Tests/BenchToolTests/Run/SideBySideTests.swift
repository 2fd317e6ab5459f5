import Foundation
import Synchronization
import Testing

@testable import BenchTool

/// The jobs of one step of the instruction pass, side by side: values in the jobs' order whatever
/// finishes first, never more at once than asked, and the first failure told, not what it caused.
struct SideBySideTests {
    /// What ran when, as the jobs saw it.
    final class Log: Sendable {
        private let state = Mutex((running: 0, most: 0, events: [String]()))

        func start(_ index: Int) {
            state.withLock {
                $0.running += 1
                $0.most = max($0.most, $0.running)
                $0.events.append("start \(index)")
            }
        }

        func end(_ index: Int) {
            state.withLock {
                $0.running -= 1
                $0.events.append("end \(index)")
            }
        }

        var most: Int { state.withLock { $0.most } }
        var events: [String] { state.withLock { $0.events } }
    }

    struct Failed: Error, Equatable {
        let index: Int
    }

    @Test(arguments: [1, 2, 3, 8])
    func valuesComeBackInTheJobsOrderWhateverEndsFirst(width: Int) throws {
        // The later a job, the sooner it ends.
        let values = try SideBySide.run(6, atMost: width) { index in
            Thread.sleep(forTimeInterval: Double(6 - index) * 0.003)
            return index * 10
        }
        #expect(values == [0, 10, 20, 30, 40, 50], "width \(width)")
    }

    @Test func oneAtATimeRunsThemOneAfterAnotherInOrder() throws {
        let log = Log()
        var started: [Int] = []
        _ = try SideBySide.run(4, atMost: 1, starting: { started.append($0) }) { index in
            log.start(index)
            Thread.sleep(forTimeInterval: 0.002)
            log.end(index)
        }
        #expect(log.events == ["start 0", "end 0", "start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
        #expect(started == [0, 1, 2, 3])
        #expect(log.most == 1)
    }

    @Test(arguments: [2, 3])
    func neverMoreAtOnceThanTheWidth(width: Int) throws {
        let log = Log()
        var started: [Int] = []
        _ = try SideBySide.run(9, atMost: width, starting: { started.append($0) }) { index in
            log.start(index)
            Thread.sleep(forTimeInterval: 0.005)
            log.end(index)
        }
        #expect(log.most <= width, "at most \(width) at once, saw \(log.most)")
        #expect(started == Array(0..<9), "started in order")
    }

    /// Two jobs of width 2 each wait for the other to have started: they can only both see it if
    /// they run at the same time. (The wait gives up after a while, so a scheduler that ran them one
    /// after another fails the test rather than hanging it.)
    @Test func jobsWithinTheWidthRunAtTheSameTime() throws {
        let log = Log()
        let sawTheOther = try SideBySide.run(2, atMost: 2) { index in
            log.start(index)
            let deadline = Date().addingTimeInterval(10)
            while log.most < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
            return log.most == 2
        }
        #expect(sawTheOther == [true, true])
    }

    /// Job 1 fails at once; job 0, running beside it, ends only when stopped, and then throws too.
    /// The error told is job 1's, stop is called once, and no later job starts.
    @Test func theFirstFailureIsToldAndStopsTheRest() {
        let stops = Mutex(0)
        let stopped = DispatchSemaphore(value: 0)
        var started: [Int] = []
        #expect(throws: Failed(index: 1)) {
            try SideBySide.run(
                5, atMost: 2, starting: { started.append($0) },
                stop: {
                    stops.withLock { $0 += 1 }
                    stopped.signal()
                }
            ) { index in
                if index == 1 { throw Failed(index: 1) }
                if index == 0 {
                    _ = stopped.wait(timeout: .now() + 10)
                    throw Failed(index: 0)
                }
                return index
            }
        }
        #expect(stops.withLock { $0 } == 1)
        #expect(started == [0, 1], "nothing starts once a job has failed")
    }

    @Test func jobsThatAllSucceedAreNeverStopped() throws {
        let stops = Mutex(0)
        let values = try SideBySide.run(4, atMost: 2, stop: { stops.withLock { $0 += 1 } }) { $0 }
        #expect(values == [0, 1, 2, 3])
        #expect(stops.withLock { $0 } == 0)
    }

    @Test func noJobsIsNoValues() throws {
        var started = 0
        #expect(try SideBySide.run(0, atMost: 2, starting: { _ in started += 1 }) { $0 }.isEmpty)
        #expect(started == 0)
    }
}
