import Observation
import Synchronization

/// A minimal body for the runtime's own tests: runs a closure under `withObservationTracking`, counts
/// how often a change it tracked fired, and re-runs (re-arming) on `render()` when one did.
final class Probe {
    private let content: () -> Void
    private let flag = Flag()
    /// How many times `render()` re-ran the closure after a change.
    private(set) var reruns = 0

    init(_ content: @escaping () -> Void) {
        self.content = content
        arm()
    }

    /// Whether a tracked value changed since the last run.
    var isDirty: Bool { flag.value.load(ordering: .relaxed) }

    /// Re-runs the closure if dirty; returns whether it did.
    @discardableResult
    func render() -> Bool {
        guard isDirty else { return false }
        reruns += 1
        arm()
        return true
    }

    private func arm() {
        flag.value.store(false, ordering: .relaxed)
        let flag = self.flag
        withObservationTracking(content, onChange: { flag.value.store(true, ordering: .relaxed) })
    }

    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }
}
