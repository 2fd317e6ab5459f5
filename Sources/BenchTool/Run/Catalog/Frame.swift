import Runtime
import Workloads

/// A commit and the render pass it causes, over the scenarios' world: the time a user waits.
///
/// Under the derived strategy the verdict's work moves out of the commit and into the next render
/// (the re-run phase and operation bodies walk it), so a commit timed alone favours derived. A frame
/// times both: the commit, then one `RenderPass` over every body of the world, which re-runs each body
/// the commit dirtied. The world is `ScenarioWorld`'s: the view tree over the first handle (phase body,
/// operation body, rows) and a phase-only body over each other handle, whether the handles share one
/// root or each has its own (`DistinctRoots`, the judged root's handle first).
///
/// Every timed call starts from a settled frame: a change that must start from one state (field errors
/// landing or clearing) restores it and renders it in its set-up, off the clock, one call per set-up; a
/// change that toggles between two values needs no set-up, since each call's render settles what its
/// commit dirtied.
final class Frame {
    /// Which commit a frame times.
    enum Change: String, CaseIterable, Sendable {
        /// The fixture's field-errors response commits over the clean page: the phase flips to failed.
        case fieldErrorsLand = "field-errors.land"
        /// The clean page commits over the field-errors response: the phase flips back to ready.
        case fieldErrorsClear = "field-errors.clear"
        /// Another screen's value (`User:me.name`) goes null or back: `nullsOrErrorsChanged` is set,
        /// and nothing any body here read changes.
        case nullsOrErrors = "nulls-or-errors"
        /// The first result's `name`, which the verdict read, changes; the phase stays ready.
        case verdictReadValueChanges = "verdict-read-value-changes"

        /// Whether each call needs the set-up first: a response written twice changes nothing the
        /// second time, so landing and clearing must start from the other state every call.
        var needsSetUpPerCall: Bool { self == .fieldErrorsLand || self == .fieldErrorsClear }
    }

    /// The change this frame times.
    let change: Change
    /// The world the commit and render run in.
    let world: ScenarioWorld
    /// Puts the world in the state before the change and renders it, off the clock.
    let setUp: () -> Void
    private let commit: () -> Void

    /// Builds a world of `handles` handles of the largest strict operation under `strategy`, ready for
    /// `change`.
    ///
    /// - Throws: `BenchError` or `ScenarioError` when the spec lacks what the change needs (a response
    ///   that places field errors, a first list with a named row).
    convenience init(_ change: Change, subjects: BenchSubjects, strategy: any PhaseStrategy, handles: Int) throws {
        try self.init(
            change, subjects: subjects,
            world: ScenarioWorld(spec: subjects.spec, picked: subjects.largestStrict, strategy: strategy, handleCount: handles))
    }

    /// Builds a world of `count` distinct roots of the largest strict operation under `strategy`, ready
    /// for `change`: the view tree over the judged root's handle, a phase-only body over each other
    /// root's. The field errors land on the judged root's page alone.
    ///
    /// - Throws: as `init(_:subjects:strategy:handles:)`, and `BenchError` when a page does not normalize.
    convenience init(_ change: Change, roots: DistinctRoots, count: Int, subjects: BenchSubjects, strategy: any PhaseStrategy) throws {
        try self.init(change, subjects: subjects, world: roots.world(strategy, count: count))
    }

    /// The landing and the clearing of the field errors over one world of `handles` handles: each
    /// one's timed call is the other's set-up, so a run can time them in alternation.
    static func fieldErrorsPair(
        subjects: BenchSubjects, strategy: any PhaseStrategy, handles: Int
    ) throws -> (land: Frame, clear: Frame) {
        let world = try ScenarioWorld(spec: subjects.spec, picked: subjects.largestStrict, strategy: strategy, handleCount: handles)
        return (try Frame(.fieldErrorsLand, subjects: subjects, world: world), try Frame(.fieldErrorsClear, subjects: subjects, world: world))
    }

    /// A frame of `change` over `world`, which it shares with no frame but its field-errors partner.
    private init(_ change: Change, subjects: BenchSubjects, world: ScenarioWorld) throws {
        let environment = world.environment
        self.change = change
        self.world = world
        switch change {
        case .fieldErrorsLand, .fieldErrorsClear:
            guard let errors = subjects.largestStrictFieldErrors else {
                throw BenchError("no response of the largest strict operation places field errors")
            }
            let clean = subjects.largestStrict.response
            let (before, after) = change == .fieldErrorsLand ? (clean, errors) : (errors, clean)
            setUp = {
                environment.commit { before.write(into: &$0) }
                world.render()
            }
            commit = { environment.commit { after.write(into: &$0) } }
        case .nullsOrErrors:
            let viewer = try Self.record(ScenarioWorld.viewer, in: environment)
            let shown = try Self.value(viewer, "name", in: environment)
            commit = Self.toggle(viewer, "name", between: shown, and: .null, in: environment)
            setUp = { world.render() }
        case .verdictReadValueChanges:
            let shown = try world.firstRowValue()
            commit = Self.toggle(
                shown.record, shown.storageKey, between: .scalar(.string(shown.text)), and: .scalar(.string(shown.text + " (C-137)")),
                in: environment)
            setUp = { world.render() }
        }
    }

    /// One timed call: the commit, then one render pass. Returns how many bodies the pass re-ran.
    @discardableResult
    func run() -> Int {
        commit()
        return world.render()
    }

    /// The set-up and the timed call, for the sampler.
    var prepared: SuiteMeasurement.Prepared {
        .init(setUp: setUp, operation: { self.run() })
    }

    // MARK: - Building the changes

    private static func record(_ id: RecordID, in environment: Environment) throws -> RecordRef {
        guard let record = environment.store.record(id) else { throw BenchError("the store holds no \(id)") }
        return record.ref
    }

    private static func value(_ record: RecordRef, _ field: String, in environment: Environment) throws -> FieldValue {
        guard let slot = environment.store.peek(record, field), !slot.value.isNull else {
            throw BenchError("\(environment.store.record(at: record).id).\(field) holds no value to change")
        }
        return slot.value
    }

    /// A commit that writes `field` to `other` and, the next time, back to `shown`: every call changes it.
    private static func toggle(
        _ record: RecordRef, _ field: String, between shown: FieldValue, and other: FieldValue, in environment: Environment
    ) -> () -> Void {
        var showsOther = false
        return {
            showsOther.toggle()
            let value = showsOther ? other : shown
            environment.commit { $0.set(record, field, value) }
        }
    }
}
