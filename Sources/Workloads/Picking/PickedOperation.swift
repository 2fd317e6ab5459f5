import Runtime

/// An operation chosen from a spec, with its loaded response and what its verdict walk reads there.
public struct PickedOperation: Sendable {
    /// The fixture that answers it.
    public let fixture: LoadedFixture
    /// The operation.
    public let operation: Operation
    /// The variables it is attached with.
    public let variables: [String: InputValue]
    /// The fixture's loaded response, normalized for the operation.
    public let response: NormalizedResponse
    /// How many slots its verdict walk reads over that response.
    public let slotsWalked: Int
    /// How many records the response holds, the root included.
    public let records: Int

    /// The parts as the picker works them out, or a scaled response's: `slotsWalked` and `records` are
    /// counted over a store holding `response` alone.
    public init(
        fixture: LoadedFixture, operation: Operation, variables: [String: InputValue], response: NormalizedResponse,
        slotsWalked: Int, records: Int
    ) {
        self.fixture = fixture
        self.operation = operation
        self.variables = variables
        self.response = response
        self.slotsWalked = slotsWalked
        self.records = records
    }

    /// The fixture's field-errors response, normalized for the operation: its first recorded variant
    /// whose name says `image-errors`, else the first that places a field error, else one made from
    /// its loaded response (`FieldErrorsVariant.of(_:)`); nil when none can be had.
    public func fieldErrorsResponse() -> NormalizedResponse? {
        try? fieldErrors().get().response
    }

    /// The field-errors response with where it came from, or why there is none.
    public func fieldErrors() -> Result<FieldErrorsVariant, FieldErrorsUnavailable> {
        FieldErrorsVariant.of(self)
    }

    /// The operation's name, or `(anonymous)`.
    public var name: String { operation.name ?? "(anonymous)" }
}

extension LoadedFixtureDirectory {
    /// The largest `@throwOnFieldError` operation the fixtures answer: the one whose verdict walk reads
    /// the most slots over its loaded response; ties go to the one with more records, then by name.
    ///
    /// - Throws: `FixtureDirectoryError` when the spec has no strict operation, or a strict operation's loaded
    ///   response does not normalize.
    public func largestStrictOperation() throws(FixtureDirectoryError) -> PickedOperation {
        let strict = try measured { $0.throwsOnFieldError }
        guard let best = strict.max(by: Self.smaller) else {
            throw FixtureDirectoryError("\(directory.path): no @throwOnFieldError operation to pick from")
        }
        return best
    }

    /// The strict operation whose own selection holds no field, only fragment spreads (directly or in
    /// inline fragments), as `query Q @throwOnFieldError { ...Q_query }`: the decision's second limit's
    /// subject. The largest by records when there are several, nil when none.
    public func spreadsOnlyOperation() throws(FixtureDirectoryError) -> PickedOperation? {
        try measured { $0.throwsOnFieldError && Self.isSpreadsOnly($0) }.max(by: Self.smaller)
    }

    /// The strict operation whose root fields' own selections are only fragment spreads: a root field
    /// with spreads beneath, counted beside the limit's case. The largest by records, nil when none.
    public func rootFieldSpreadsOperation() throws(FixtureDirectoryError) -> PickedOperation? {
        try measured { $0.throwsOnFieldError && Self.hasOnlySpreadsBelowRootFields($0) }.max(by: Self.smaller)
    }

    /// Whether the operation's own selection holds no field and spreads at least one fragment; inline
    /// fragments are looked into, since their fields are the operation's own.
    public static func isSpreadsOnly(_ operation: Operation) -> Bool {
        func spreads(_ selections: [Selection]) -> Int? {
            var count = 0
            for selection in selections {
                switch selection {
                case .field: return nil
                case .fragmentSpread: count += 1
                case .inlineFragment(let inline):
                    guard let inner = spreads(inline.selections) else { return nil }
                    count += inner
                }
            }
            return count
        }
        return (spreads(operation.selections) ?? 0) > 0
    }

    /// Whether every root field's own selection is fragment spreads and nothing else.
    public static func hasOnlySpreadsBelowRootFields(_ operation: Operation) -> Bool {
        var rootFields = 0
        for selection in operation.selections {
            guard case .field(let field) = selection else { return false }
            rootFields += 1
            guard !field.selections.isEmpty else { return false }
            for inner in field.selections {
                guard case .fragmentSpread = inner else { return false }
            }
        }
        return rootFields > 0
    }

    /// Normalizes the loaded response of `fixture` for `operation` into a fresh store and measures its
    /// verdict walk there.
    public func pick(_ operation: Operation, in fixture: LoadedFixture) throws(FixtureDirectoryError) -> PickedOperation {
        let response: NormalizedResponse
        do {
            response = try fixture.normalize(fixture.fixture.loadedResponse, for: operation)
        } catch {
            throw FixtureDirectoryError("\(responsePath(fixture.fixture, fixture.fixture.loadedResponse)): \(error)")
        }
        let store = makeStore()
        store.commit { response.write(into: &$0) }
        let variables = fixture.variables(for: operation)
        let prepared: PreparedOperation
        do { prepared = try PreparedOperation(operation, variables: variables, store: store) } catch {
            throw FixtureDirectoryError("\(directory.path)/\(fixture.fixture.name): \(operation.name ?? "(anonymous)"): \(error)")
        }
        return PickedOperation(
            fixture: fixture, operation: operation, variables: variables, response: response,
            slotsWalked: prepared.verdictWalkSlotCount(), records: store.recordCount
        )
    }

    private func measured(_ include: (Operation) -> Bool) throws(FixtureDirectoryError) -> [PickedOperation] {
        var picked: [PickedOperation] = []
        for (fixture, operation) in operations where include(operation) {
            picked.append(try pick(operation, in: fixture))
        }
        return picked
    }

    private static func smaller(_ a: PickedOperation, _ b: PickedOperation) -> Bool {
        if a.slotsWalked != b.slotsWalked { return a.slotsWalked < b.slotsWalked }
        if a.records != b.records { return a.records < b.records }
        return a.name > b.name
    }
}
