import Runtime

/// The shapes this bench measures, in the order every report, help text and plot lists them.
///
/// The standard registry is the four shapes of the decision record: derived (the decision), stored
/// (today's, the fallback), and root and incremental (the verdict kept on a root entry). `current` is
/// the one in force: a task-local, so a test can run the bench with a shape of its own
/// (`ShapeRegistry.$current.withValue(_:operation:)`) without any other test seeing it. Work handed to
/// another thread takes `current` with it (`BackgroundCounting`).
struct ShapeRegistry: Sendable {
    /// The shapes, in order; exactly one is the fallback.
    let shapes: [Shape]

    /// A registry of `shapes`, in the order given.
    ///
    /// - Precondition: the names are distinct, and exactly one shape is the fallback.
    init(_ shapes: [Shape]) {
        precondition(Set(shapes.map(\.label)).count == shapes.count, "two shapes share a name: \(shapes.map(\.label.rawValue))")
        precondition(shapes.filter { $0.role == .fallback }.count == 1, "a registry has exactly one fallback")
        self.shapes = shapes
    }

    /// The four shapes of the decision record.
    static let standard = ShapeRegistry([
        // Its phase bodies walk every verdict they read: three times the others' to count.
        Shape(
            "derived", summary: "the phase is derived when it is read", colour: "#2563eb", countingWeight: 3,
            behaviour: DerivedPhaseStrategy()),
        Shape(
            "stored", summary: "the phase is stored and settled after each commit", colour: "#d97706", role: .fallback,
            behaviour: StoredPhaseStrategy()),
        Shape("root", summary: "the verdict is kept on the root, the phase derived from it", colour: "#7c3aed", behaviour: RootPhaseStrategy()),
        Shape(
            "incremental", summary: "the verdict is kept on the root and updated by what a commit changed, the phase derived from it",
            colour: "#0891b2", behaviour: IncrementalPhaseStrategy()),
    ])

    /// The registry in force.
    @TaskLocal static var current = ShapeRegistry.standard

    /// The colour of figures no shape changes (`FigureStrategy.unshaped`).
    static let unshapedColour = "#374151"
    /// The colour of a name this registry does not know (a file of another build).
    static let unknownColour = "#6b7280"

    /// Every shape's name, in order.
    var labels: [FigureStrategy] { shapes.map(\.label) }

    /// The shapes a decision can ship, in order.
    var candidates: [Shape] { shapes.filter { $0.role == .candidate } }

    /// The shape that ships when none passes.
    var fallback: Shape { shapes.first { $0.role == .fallback }! }

    /// The shape named `label`, if this registry has it.
    func shape(_ label: FigureStrategy) -> Shape? {
        shapes.first { $0.label == label }
    }

    /// What `label` is, in the words a decision line ends with.
    func summary(of label: FigureStrategy) -> String {
        label == .unshaped ? "no shape changes the figure" : shape(label)?.summary ?? "a shape this build does not know"
    }

    /// The colour `label`'s figures are drawn in.
    func colour(of label: FigureStrategy) -> String {
        label == .unshaped ? Self.unshapedColour : shape(label)?.colour ?? Self.unknownColour
    }

    /// The names as a reader lists them: "derived, stored, root and incremental".
    static func list(_ labels: [FigureStrategy]) -> String {
        let names = labels.map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
