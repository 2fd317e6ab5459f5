import Foundation
import Synchronization
import Workloads

/// Scenario runs counted on a thread of their own, over subjects read again from the run's spec, so
/// the thread shares no object with the one that started it.
///
/// Only the options and the items cross to the thread, and only the counts come back: every object
/// a count touches (the spec, the store, the handles, Observation's registrars) is made on that
/// thread and stays there.
final class BackgroundCounting: Sendable {
    private let options: RunOptions
    private let items: [CountingItem]
    /// The shapes in force where counting was started: the thread counts under them too.
    private let registry: ShapeRegistry
    private let outcome = Mutex<Result<[CountingItem: [CountRecord]], any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(options: RunOptions, items: [CountingItem]) {
        self.options = options
        self.items = items
        self.registry = ShapeRegistry.current
    }

    /// Starts counting on a new thread.
    func start() {
        let thread = Thread { [self] in
            let result = ShapeRegistry.$current.withValue(registry) { Result { try self.countAll() } }
            outcome.withLock { $0 = result }
            done.signal()
        }
        // Walks recurse as deep as the selection nests: the main thread's stack size, so a spec deep
        // enough to count on the main thread counts here too.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits for the thread; its counts, by item.
    ///
    /// - Throws: What reading the spec or running a scenario threw on the thread.
    func wait() throws -> [CountingItem: [CountRecord]] {
        done.wait()
        return try outcome.withLock { $0! }.get()
    }

    private func countAll() throws -> [CountingItem: [CountRecord]] {
        let subjects = try BenchSubjects(specDirectory: URL(fileURLWithPath: options.specDirectory))
        let scenarios = SuiteRunner.selectedScenarios(subjects, options: options)
        var counts: [CountingItem: [CountRecord]] = [:]
        for item in items {
            counts[item] = try SuiteRunner.count(item, scenarios: scenarios, spec: subjects.spec)
        }
        return counts
    }
}
