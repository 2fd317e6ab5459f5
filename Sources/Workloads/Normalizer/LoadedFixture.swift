import JSON
import Runtime

/// A fixture with the operations its documents hold and the schema they are written against: what
/// a workload normalizes the fixture's responses with.
///
/// Parser-independent: the caller parses each `.graphql` of `fixture.operationSources` into a
/// `Document` (or builds one in code) and hands the documents over. Responses are normalized on
/// request, not up front, so set-up pays only for the variants it uses.
public struct LoadedFixture: Sendable {
    /// One response of the fixture, normalized for one operation: the records, or why not.
    public struct Variant: Sendable {
        /// The response's name, its file name without `.json`: `0-page`, `1-image-errors`.
        public var name: String
        /// The normalized response, or the error that stopped it (`NormalizeError.noData` for a
        /// response that fails the request as a whole).
        public var outcome: Result<NormalizedResponse, NormalizeError>
    }

    /// The fixture as read from disk.
    public let fixture: Fixture
    /// Every operation of the documents, in document order.
    public let operations: [Operation]
    /// The schema, when one is given.
    public let schema: Schema?

    /// The fixture with every operation of `documents`, in document order; no response is normalized until one
    /// is asked for.
    ///
    /// - Parameters:
    ///   - fixture: the fixture, from `Fixture.load(from:)`.
    ///   - documents: its documents, parsed; each operation carries the fragments it spreads.
    ///   - schema: the schema, usually `Schema.loadBundled()`; nil normalizes without one.
    public init(fixture: Fixture, documents: [Document], schema: Schema?) {
        self.fixture = fixture
        self.operations = documents.flatMap(\.operations)
        self.schema = schema
    }

    /// The operation called `name`.
    public func operation(named name: String) -> Operation? {
        operations.first { $0.name == name }
    }

    /// The variables a request of `operation` is made with: the fixture's `variables.json` as input
    /// values, then the operation's defaults for those it leaves out.
    ///
    /// A JSON string given for a variable the schema types as an enum becomes an enum value, so a
    /// storage key reads alike whether the enum was written inline or passed as a variable.
    public func variables(for operation: Operation) -> [String: InputValue] {
        var given: [String: InputValue] = [:]
        let types = Dictionary(operation.variableDefinitions.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        for member in fixture.variables.members ?? [] {
            given[member.key] = inputValue(member.value, type: types[member.key])
        }
        return operation.variables(given)
    }

    /// Normalizes one of the fixture's responses for `operation`.
    /// - Throws: `NormalizeError`, as `Normalizer.normalize(response:operation:variables:schema:)`.
    public func normalize(_ response: Fixture.Response, for operation: Operation) throws(NormalizeError) -> NormalizedResponse {
        try Normalizer.normalize(response: response.value, operation: operation, variables: variables(for: operation), schema: schema)
    }

    /// Every response of the fixture, normalized for `operation`, in the fixture's order.
    public func variants(for operation: Operation) -> [Variant] {
        fixture.responses.map { response in
            Variant(name: response.name, outcome: Result { () throws(NormalizeError) in try normalize(response, for: operation) })
        }
    }

    private func inputValue(_ json: JSONValue, type: TypeReference?) -> InputValue {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .float(number)
        case .string(let text):
            if let type, schema?.type(named: type.namedType)?.kind == .enumeration { return .enumValue(text) }
            return .string(text)
        case .array(let elements):
            let element = type?.listElement
            return .list(elements.map { inputValue($0, type: element) })
        case .object(let members):
            let input = type.flatMap { schema?.type(named: $0.namedType) }
            return .object(members.map { member in
                InputValue.ObjectField(name: member.key, value: inputValue(member.value, type: input?.field(named: member.key)?.type))
            })
        }
    }
}
