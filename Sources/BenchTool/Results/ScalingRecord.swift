/// Where a run's fixture-size points (`phase.read.tracked(largest-strict, 1/4x fixture)` to `4x`)
/// came from, or why it has none.
///
/// The curve is worth what its fixture is: points made from the bundled generator say nothing about
/// someone's own `--spec` data unless that data is the generator's. So a results file says which it
/// was, and the report prints it beside the curves.
struct ScalingRecord: Sendable, Equatable, Codable {
    /// Where the points came from.
    enum Source: String, Sendable, Equatable, Codable, CaseIterable {
        /// The judged operation's own loaded response, its outermost lists cut or repeated with
        /// fresh ids.
        case judgedFixture = "judged-fixture"
        /// The bundled generator at each scale: the judged fixture is that generator's page.
        case bundledGenerator = "bundled-generator"
        /// The bundled generator, although the judged fixture is something else.
        case generatedFixture = "generated-fixture"
        /// No points: neither the judged fixture nor the generator could be scaled for the operation.
        case notMeasured = "not-measured"

        /// What the report says.
        var label: String {
            switch self {
            case .judgedFixture: "judged fixture (lists cut or repeated with fresh ids)"
            case .bundledGenerator: "bundled generator (same shape as the judged fixture)"
            case .generatedFixture: "generated fixture, not the judged one"
            case .notMeasured: "not measured"
            }
        }
    }

    /// Where the points came from.
    var source: Source
    /// One line more: the lists scaled, why the judged fixture could not be, or why there are no
    /// points; nil when there is nothing to add.
    var detail: String?

    /// `fixture-size points: judged fixture (lists cut or repeated with fresh ids): characters.results`.
    var line: String {
        "fixture-size points: \(source.label)" + (detail.map { ": \($0)" } ?? "")
    }
}
