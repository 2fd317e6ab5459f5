import Foundation
import Runtime
import Workloads

/// The bench's subjects: the operations picked from a fixture directory for the roles limits and
/// scenarios name (`largest-strict`, `spreads-only`, `root-field-spreads`), the directory they came
/// from, and environments built over them on demand.
///
/// A *subject* is always such a picked operation: what a limit is judged on (`JudgedSubject`), what a
/// scenario is about (`Scenario.Subject`), what a results file records (`SubjectRecord`, `subjects`).
/// What a measurement times is `SuiteMeasurement.Prepared`, not a subject.
final class BenchSubjects {
    /// The fixture directory the subjects were picked from.
    let spec: LoadedFixtureDirectory
    /// The largest `@throwOnFieldError` operation the fixtures answer.
    let largestStrict: PickedOperation
    /// The strict operation whose own selection holds no field, only spreads, if any: the second
    /// limit's subject.
    let spreadsOnly: PickedOperation?
    /// A strict operation with a root field and only spreads beneath it, if any: counted beside it.
    let rootFieldSpreads: PickedOperation?

    /// The largest strict operation's field-errors response, made at the first ask and kept: every
    /// strategy's commits and frames commit the same one, and making it takes longer than building
    /// the environment it lands in.
    private(set) lazy var largestStrictFieldErrors: NormalizedResponse? = largestStrict.fieldErrorsResponse()

    /// Reads and picks from `directory`.
    /// - Throws: `FixtureDirectoryError` with one line saying what and where.
    init(specDirectory directory: URL) throws(FixtureDirectoryError) {
        spec = try LoadedFixtureDirectory.load(directory)
        largestStrict = try spec.largestStrictOperation()
        spreadsOnly = try spec.spreadsOnlyOperation()
        rootFieldSpreads = try spec.rootFieldSpreadsOperation()
    }

    /// The operation a scenario's subject names, nil when the spec has none.
    func picked(_ subject: Scenario.Subject) -> PickedOperation? {
        switch subject {
        case .largestStrict: largestStrict
        case .spreadsOnly: spreadsOnly
        case .rootFieldSpreads: rootFieldSpreads
        }
    }

    /// An environment under `strategy` whose store holds `picked`'s response and another screen's
    /// value (`User:me.name`, which no operation here reads), with `handles` handles attached.
    func environment(_ strategy: any PhaseStrategy, _ picked: PickedOperation, handles: Int) throws -> (Environment, [Handle]) {
        try ScenarioWorld.makeEnvironment(spec: spec, picked: picked, strategy: strategy, handleCount: handles)
    }

    /// The largest strict operation over its fixture at `scale`, and where that fixture came from:
    /// the bundled generator when the judged response is its page, else the judged response with its
    /// lists cut or repeated with fresh ids, else the generator when the operation selects its shape;
    /// a failure with the reason when none of them fits. `ScaledOperation` says why in that order.
    func scaledLargestStrict(_ scale: Double) -> Result<ScaledOperation, ScalingUnavailable> {
        ScaledOperation.make(largestStrict, spec: spec, scale: scale)
    }
}

/// Why the scaling curve over fixture sizes is not measured.
struct ScalingUnavailable: Error, CustomStringConvertible {
    /// Why, in one line: the run prints it after `fixture-size curve not measured: `.
    let reason: String
    var description: String { reason }
}
