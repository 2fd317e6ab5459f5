import JSON
import Runtime

/// The response whose field errors the field-error scenarios and measurements commit, and where it
/// came from: a recorded response of the fixture, or one the bench made from the loaded response.
///
/// A real API rarely records a response with field errors, so when none of the fixture's responses
/// places one, the bench makes it, the same way every time (`FieldErrorsVariant.make`): the run still
/// reaches a verdict, and its report and results file say the variant was made, and how.
public struct FieldErrorsVariant: Sendable {
    /// Where the response came from.
    public enum Source: String, Sendable {
        /// A response recorded in the fixture.
        case recorded
        /// Made by the bench from the fixture's loaded response.
        case made
    }

    /// Where the response came from.
    public let source: Source
    /// The recorded response's name, or the name of the response it was made from.
    public let responseName: String
    /// How many fields hold an error in it.
    public let leaves: Int
    /// How it was chosen or made, in one sentence.
    public let how: String
    /// The paths a made variant set to null, dotted (`allFilms.films.0.title`); empty for a recorded one.
    public let paths: [String]
    /// The response, normalized for the operation.
    public let response: NormalizedResponse

    /// How many leaves a made variant sets to null, as the bundled fixture's recorded one does.
    public static let madeLeaves = 20

    /// The field-errors response of `picked`: its first recorded response whose name says
    /// `image-errors`, else the first that places a field error, else one made from its loaded response.
    ///
    /// - Returns: The variant, or why none can be had, in one line.
    public static func of(_ picked: PickedOperation, madeLeaves count: Int = madeLeaves) -> Result<FieldErrorsVariant, FieldErrorsUnavailable> {
        let variants = picked.fixture.variants(for: picked.operation)
        for variant in variants.filter({ $0.name.contains("image-errors") }) + variants {
            guard case .success(let response) = variant.outcome else { continue }
            let placed = fieldErrorCount(response)
            guard placed > 0 else { continue }
            return .success(FieldErrorsVariant(
                source: .recorded, responseName: variant.name, leaves: placed,
                how: "recorded response \(variant.name) places \(placed) field error\(placed == 1 ? "" : "s")", paths: [], response: response))
        }
        return make(picked, leaves: count)
    }

    /// A variant made from `picked`'s loaded response: `count` leaves of the operation's own selection
    /// set to null, each with an error at its path (see `FieldErrorsMaker` for which leaves).
    public static func make(_ picked: PickedOperation, leaves count: Int = madeLeaves) -> Result<FieldErrorsVariant, FieldErrorsUnavailable> {
        let loaded = picked.fixture.fixture.loadedResponse
        guard let maker = FieldErrorsMaker(
            response: loaded.value, operation: picked.operation, schema: picked.fixture.schema, count: count)
        else {
            return .failure(FieldErrorsUnavailable(
                "no recorded response places field errors, and none can be made: \(loaded.name).json holds no nullable leaf "
                    + "of \(picked.name)'s own selection (a field other than id or __typename, outside fragment spreads)"))
        }
        let response: NormalizedResponse
        do {
            response = try picked.fixture.normalize(Fixture.Response(name: loaded.name, value: maker.response), for: picked.operation)
        } catch {
            return .failure(FieldErrorsUnavailable("no recorded response places field errors, and the one made from \(loaded.name).json does not normalize: \(error)"))
        }
        let spread = maker.listPath.map { " spread over the \(maker.listItems) item\(maker.listItems == 1 ? "" : "s") of \($0)," } ?? ""
        let how = "\(maker.paths.count) nullable leaves of \(picked.name)'s own selection,\(spread) "
            + "set to null in \(loaded.name) with an error at each path (first: \(dotted(maker.paths[0])))"
        return .success(FieldErrorsVariant(
            source: .made, responseName: loaded.name, leaves: maker.paths.count, how: how, paths: maker.paths.map(dotted), response: response))
    }

    /// How many fields of `response` hold at least one error.
    static func fieldErrorCount(_ response: NormalizedResponse) -> Int {
        response.records.reduce(0) { total, record in total + record.fields.count { !$0.errors.isEmpty } }
    }

    private static func dotted(_ path: [JSONValue]) -> String {
        path.map { $0.stringValue ?? "\($0.intValue ?? 0)" }.joined(separator: ".")
    }
}

/// Why an operation has no field-errors response: one line.
public struct FieldErrorsUnavailable: Error, Sendable, CustomStringConvertible {
    /// What is missing.
    public let description: String
    init(_ description: String) { self.description = description }
}
