/// One pass of a headless render: every dirty body re-runs once and re-arms its tracking.
///
/// A body made dirty while the pass runs (by another body's re-run) waits for the next pass, as in
/// SwiftUI, where a view invalidated during an update is drawn in the next frame.
public struct RenderPass {
    /// The bodies the pass renders, in order.
    public private(set) var bodies: [Body]

    /// A pass over `bodies`, which re-run in the order given; more join with `add(_:)`.
    public init(_ bodies: [Body] = []) { self.bodies = bodies }

    /// Adds a body to the pass.
    public mutating func add(_ body: Body) { bodies.append(body) }

    /// Re-runs every dirty body once; returns how many ran.
    @discardableResult
    public func run() -> Int {
        let dirty = bodies.filter(\.isDirty)
        for body in dirty { body.renderIfDirty() }
        return dirty.count
    }

    /// Forgets every body's re-run count.
    public func resetCounts() {
        for body in bodies { body.resetCounts() }
    }

    /// Each body's name and re-run count, in order.
    public var reruns: [(body: String, reruns: Int)] { bodies.map { ($0.name, $0.reruns) } }

    /// The re-runs of all bodies, added up.
    public var totalReruns: Int { bodies.reduce(0) { $0 + $1.reruns } }
}
