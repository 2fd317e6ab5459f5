import JSON
import Runtime
import Workloads

/// The largest strict operation over its fixture at one scale, and where that fixture came from.
///
/// The fixture-size curve is about the judged fixture, so it is made from it where it can be:
/// 1. When the judged response is the bundled generator's page, the generator makes each size (so the
///    figures are the ones the generator has always given, and the sizes are the generator's own).
/// 2. Otherwise the judged response itself, its outermost lists cut or repeated with fresh ids
///    (`ScaledResponse`), before normalizing.
/// 3. Otherwise (nothing in it to cut or repeat, or a scaled copy that does not normalize) the
///    generator's page, when the operation selects that shape: said to be "not the judged one".
/// 4. Otherwise there is no curve, and the reason says why neither worked.
struct ScaledOperation {
    /// The operation over the scaled fixture.
    let picked: PickedOperation
    /// Where the fixture came from, as the results file records it.
    let scaling: ScalingRecord
    /// The response as JSON, before normalizing: what another set of variables normalizes again.
    let response: JSONValue

    /// `judged` over its fixture at `scale`, chosen as the type's discussion says.
    static func make(_ judged: PickedOperation, spec: LoadedFixtureDirectory, scale: Double) -> Result<ScaledOperation, ScalingUnavailable> {
        let recorded = judged.fixture.fixture.loadedResponse.value
        let generated = StrictFixture.response(.page, scale: scale)
        if recorded == StrictFixture.response(.page, scale: 1) {
            return normalized(judged, generated, spec: spec)
                .map { ScaledOperation(picked: $0, scaling: ScalingRecord(source: .bundledGenerator), response: generated) }
                .mapError { ScalingUnavailable(reason: "\(judged.name) does not select the generated fixture's shape: \($0)") }
        }
        let judgedReason: String
        do {
            let scaled = try ScaledResponse(recorded, scale: scale)
            let lists = scaled.lists.map(\.path).joined(separator: ", ")
            switch normalized(judged, scaled.value, spec: spec) {
            case .success(let picked):
                return .success(ScaledOperation(picked: picked, scaling: ScalingRecord(source: .judgedFixture, detail: lists), response: scaled.value))
            case .failure(let error):
                judgedReason = "its response with \(lists) scaled does not normalize: \(error)"
            }
        } catch {
            judgedReason = "its response cannot be scaled: \(error)"
        }
        switch normalized(judged, generated, spec: spec) {
        case .success(let picked):
            return .success(ScaledOperation(
                picked: picked, scaling: ScalingRecord(source: .generatedFixture, detail: "\(judged.name): \(judgedReason)"),
                response: generated))
        case .failure(let error):
            return .failure(ScalingUnavailable(
                reason: "\(judged.name): \(judgedReason); and it does not select the generated fixture's shape: \(error)"))
        }
    }

    /// `judged`'s operation over `response`, normalized into a fresh store, with its records and walk.
    private static func normalized(_ judged: PickedOperation, _ response: JSONValue, spec: LoadedFixtureDirectory) -> Result<PickedOperation, ScalingError> {
        let normalized: NormalizedResponse
        do {
            normalized = try Normalizer.normalize(
                response: response, operation: judged.operation, variables: judged.variables, schema: spec.schema)
        } catch {
            return .failure(ScalingError(description: "\(error)"))
        }
        let store = spec.makeStore()
        store.commit { normalized.write(into: &$0) }
        guard let prepared = try? PreparedOperation(judged.operation, variables: judged.variables, store: store) else {
            return .failure(ScalingError(description: "\(judged.name) cannot be prepared over it"))
        }
        return .success(PickedOperation(
            fixture: judged.fixture, operation: judged.operation, variables: judged.variables,
            response: normalized, slotsWalked: prepared.verdictWalkSlotCount(), records: store.recordCount))
    }

    /// Why one fixture could not stand for the operation: one line.
    struct ScalingError: Error, CustomStringConvertible {
        let description: String
    }
}
