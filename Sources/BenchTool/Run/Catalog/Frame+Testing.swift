import Workloads

extension Frame {
    /// What one timed call of a frame did: the bodies its render pass re-ran and the verdict walks it
    /// caused.
    struct CallOutcome: Equatable {
        /// The re-runs of each body that re-ran, by the body's name in the world.
        var reruns: [String: Int]
        /// The verdict walks made by every handle's operation, during the commit and the render.
        var verdictWalks: Int
        /// The first handle's phase after the render.
        var phase: String
        /// How many bodies the render pass reported running.
        var bodiesRendered: Int
        /// Whether no body was left dirty: the pass re-ran everything the commit dirtied.
        var settled: Bool
    }

    /// Runs the measurement's set-up (when `settingUp`), then one call exactly as the sampler times it,
    /// and says what that call re-ran.
    ///
    /// Counts are taken from after the set-up, so a body the set-up's own render re-ran is not counted.
    func timedCall(settingUp: Bool = true) -> CallOutcome {
        if settingUp { setUp() }
        for body in world.bodies { body.resetCounts() }
        let walksBefore = world.verdictWalks
        let rendered = prepared.operation() as? Int ?? -1
        // Walks first: an untracked read of a derived phase walks the verdict again.
        let walks = world.verdictWalks - walksBefore
        let reruns = world.bodies.filter { $0.reruns != 0 }.map { ($0.name, $0.reruns) }
        return CallOutcome(
            reruns: Dictionary(uniqueKeysWithValues: reruns), verdictWalks: walks, phase: world.handle.phase.name,
            bodiesRendered: rendered, settled: !world.bodies.contains(where: \.isDirty))
    }
}
