import Foundation
import Synchronization

/// Child processes run side by side that end together: once one of them has failed, the others are
/// stopped rather than waited for, and none starts after.
///
/// A failed child already decides the run's answer, and one beside it may have minutes to go
/// under callgrind. The others get `SIGTERM`, which valgrind ends on cleanly; a child starts with
/// the signals its starting thread blocks, so start them from threads of the main thread (as
/// `bench --instructions` does), not of a dispatch queue, whose threads block most signals.
public final class ChildGroup: Sendable {
    private let state = Mutex(State())

    /// Creates a group with nothing running.
    public init() {}

    /// Starts `process` as one of the group and waits for it to exit.
    ///
    /// - Throws: `Ended` when the group was ended before it could start; what `Process.run()` throws.
    public func run(_ process: Process) throws {
        let process = Child(process: process)
        try state.withLock { state in
            guard !state.ended else { throw Ended() }
            try Interruption.start(process.process)
            state.running[ObjectIdentifier(process.process)] = process
        }
        process.process.waitUntilExit()
        Interruption.ended(process.process)
        state.withLock { _ = $0.running.removeValue(forKey: ObjectIdentifier(process.process)) }
    }

    /// Ends the group: sends every running child `SIGTERM`, and starts none after.
    public func end() {
        state.withLock { state in
            state.ended = true
            for child in state.running.values { child.process.terminate() }
        }
    }

    /// The group had ended before a child could start.
    public struct Ended: Error, CustomStringConvertible {
        public var description: String { "not started: a child beside it had failed" }
    }

    private struct State {
        var ended = false
        var running: [ObjectIdentifier: Child] = [:]
    }

    /// A process the group's lock alone touches once started.
    private struct Child: @unchecked Sendable {
        let process: Process
    }
}
