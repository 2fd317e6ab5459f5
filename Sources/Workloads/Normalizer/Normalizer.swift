import JSON
import Runtime

/// Turns a GraphQL response into the records an operation's selection says it holds.
///
/// What it makes, Relay's way:
/// - **Records.** An object with an `id` is the record `<Type>:<id>`, its type being its `__typename`
///   when the response carries one, else the schema's type of the field. An object without an `id`,
///   or with one but no knowable type (an abstract field without `__typename`, or no schema), gets a
///   client id from its path: the parent's id, the storage key and, in a list, the index, joined by
///   `:` under `client:` (`client:root:characters(page:1):results:0`). The root is `client:root` for a
///   query, `client:root:mutation` and `client:root:subscription` otherwise, as `PreparedOperation`.
/// - **Fields.** Written under their storage key (aliases resolved, arguments with variables resolved
///   and sorted): scalars and lists of scalars as `Scalar`, objects as links, lists of objects as lists
///   of links with null elements kept. `__typename` is the record's typename and, when selected, a field.
/// - **Selections.** Fields, inline fragments and fragment spreads, each fragment applied when the
///   object meets its type condition (by `__typename` or schema type, through the schema's possible
///   types for an interface or union). A condition that cannot be decided is applied, and the fields
///   under it may then be absent from the response.
/// - **Errors.** Each `errors[]` entry whose `path` names a field of the walk is put beside that field;
///   one whose path runs beneath a null field, or a null list element, collects on that field. A
///   field keeps its errors only when its value is null, Relay's rule (`Slot.keepsErrors(valueIsNull:)`):
///   an error that lands beside `[]` or any other value is placed but not kept, so the value stays
///   readable. The rest (no path, or a path naming nothing the walk met) are `unplacedErrors`.
///
/// Records and fields come out in the order the response first reaches them, so two runs over one
/// response are equal. A record reached twice is written once, with the later value of a field and
/// the errors of both places.
public enum Normalizer {
    /// Normalizes `response` for `operation`.
    ///
    /// - Parameters:
    ///   - response: the response as parsed, `{"data": ..., "errors": [...]}`.
    ///   - operation: the operation it answers, with its fragments.
    ///   - variables: the request's variables; the operation's defaults fill those not given.
    ///   - schema: the types, to key and check objects the response leaves without `__typename`. Without
    ///     one, objects without `__typename` get client ids and leaves are not type-checked.
    /// - Returns: the records, and the errors no field holds.
    /// - Throws: `NormalizeError.noData` when the response has errors and no data (see
    ///   `NormalizeError.failure`); `.mismatch` naming the path where the data does not fit the
    ///   selection; `.malformedResponse` for what is not a GraphQL response; `.document` for a spread
    ///   of a fragment the operation lacks.
    /// - Complexity: O(response size × selection width).
    public static func normalize(
        response: JSONValue,
        operation: Operation,
        variables: [String: InputValue] = [:],
        schema: Schema? = nil
    ) throws(NormalizeError) -> NormalizedResponse {
        guard case .object = response else {
            throw .malformedResponse("expected a JSON object, found \(ResponseWalker.describe(response))")
        }
        let errors = try graphQLErrors(response["errors"])
        let members: [JSONValue.Member]
        switch response["data"] {
        case nil, .null?:
            guard !errors.isEmpty else { throw .malformedResponse("neither data nor errors") }
            throw .noData(errors)
        case .object(let dataMembers)?:
            members = dataMembers
        case let data?:
            throw .mismatch(path: [], reason: "expected an object, found \(ResponseWalker.describe(data))")
        }

        let placement = ErrorPlacement(errors)
        var walker = ResponseWalker(
            fragments: operation.fragments, variables: operation.variables(variables), schema: schema, placement: placement)
        try walker.walkRoot(
            members, rootID: rootRecordID(for: operation.kind), rootType: schema?.rootType(for: operation.kind),
            selections: operation.selections)
        return NormalizedResponse(records: walker.records.records, unplacedErrors: placement.unplaced)
    }

    /// The record an operation's root fields are stored on, as `PreparedOperation` reads them.
    public static func rootRecordID(for kind: Operation.Kind) -> RecordID {
        switch kind {
        case .query: return .root
        case .mutation: return "client:root:mutation"
        case .subscription: return "client:root:subscription"
        }
    }
}
