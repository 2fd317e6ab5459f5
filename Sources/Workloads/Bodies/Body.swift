import Observation
import Synchronization

/// The headless stand-in for a SwiftUI view body.
///
/// A body is a closure run inside `withObservationTracking`. When a value it read changes, Observation
/// calls back once and the body is marked dirty; the next `RenderPass` re-runs every dirty body once
/// and re-arms it. `reruns` counts those re-runs (the first run is not a re-run).
public final class Body {
    /// A stable name for reports: `phase`, `row[3]`, `fragment(CharacterRow)`.
    public let name: String
    /// How many times a render pass re-ran the body after a change it had tracked.
    public private(set) var reruns = 0
    /// How many times the body has run in all, the first run included.
    public private(set) var runs = 0

    private let content: () -> Void
    private let dirtyFlag = DirtyFlag()

    /// Creates a body and runs it once, tracking what it reads.
    public init(_ name: String, _ content: @escaping () -> Void) {
        self.name = name
        self.content = content
        run()
    }

    /// Whether a tracked value changed since the body last ran.
    public var isDirty: Bool { dirtyFlag.isSet }

    /// Re-runs the body if it is dirty, and re-arms its tracking. Returns whether it ran.
    @discardableResult
    public func renderIfDirty() -> Bool {
        guard dirtyFlag.isSet else { return false }
        reruns += 1
        run()
        return true
    }

    /// Forgets the re-run count, so a scenario can count from a settled state.
    public func resetCounts() {
        reruns = 0
    }

    private func run() {
        dirtyFlag.clear()
        runs += 1
        let flag = dirtyFlag
        withObservationTracking(content, onChange: { flag.set() })
    }
}

/// The one bit Observation's `onChange` callback may touch: it is `@Sendable`, so it cannot capture the
/// body itself.
private final class DirtyFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
    func clear() { value.store(false, ordering: .relaxed) }
}
