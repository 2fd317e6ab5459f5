import Foundation
import Synchronization

/// Jobs run side by side, at most so many at once, their values returned in the jobs' order.
///
/// Made for jobs that wait on a child process: each runs on a thread of its own, and the calling
/// thread starts them in order as places free up, then waits for the last. What finishes first does
/// not change what is returned, so a caller that runs its jobs one at a time or many at once gets the
/// same answer.
enum SideBySide {
    /// Runs jobs `0..<count`, at most `width` at once, started in order; their values, in order.
    ///
    /// Once a job throws, no further job starts and `stop` is called, once, so that the running jobs
    /// can end early; the error rethrown, after every started job has ended, is the first one thrown.
    /// A job that `stop` ended throws too, but that error is the first one's doing, and is not told.
    ///
    /// - Parameters:
    ///   - count: How many jobs.
    ///   - width: The most that run at once; 1 runs them one after another.
    ///   - starting: Called on the calling thread just before job `index` starts: where to say so.
    ///   - stop: Called once, on the failing job's thread, when the first job throws.
    ///   - job: Job `index`'s work, on a thread of its own.
    /// - Returns: Every job's value, job 0's first.
    /// - Throws: The first error a job threw.
    static func run<Value: Sendable>(
        _ count: Int, atMost width: Int, starting: (Int) -> Void = { _ in }, stop: @escaping @Sendable () -> Void = {},
        _ job: @escaping @Sendable (Int) throws -> Value
    ) throws -> [Value] {
        precondition(width >= 1, "at least one job at a time")
        let state = Mutex(State<Value>(values: Array(repeating: nil, count: count)))
        let ended = DispatchSemaphore(value: 0)
        var running = 0
        for index in 0..<count {
            if running == width {
                ended.wait()
                running -= 1
            }
            guard state.withLock({ $0.failure == nil }) else { break }
            starting(index)
            running += 1
            Thread {
                let result = Result { try job(index) }
                let first = state.withLock { state in
                    switch result {
                    case .success(let value):
                        state.values[index] = value
                        return false
                    case .failure(let error):
                        guard state.failure == nil else { return false }
                        state.failure = error
                        return true
                    }
                }
                if first { stop() }
                ended.signal()
            }.start()
        }
        for _ in 0..<running { ended.wait() }
        return try state.withLock { state in
            if let failure = state.failure { throw failure }
            return state.values.map { $0! }
        }
    }

    private struct State<Value: Sendable>: Sendable {
        var values: [Value?]
        var failure: (any Error)?
    }
}
