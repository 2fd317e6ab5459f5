/// An operation the run judged, as it was picked from the fixtures: what the limits are about.
public struct SubjectRecord: Sendable, Equatable, Codable {
    /// Its role: `largest-strict` or `spreads-only`.
    public var role: String
    /// The operation's name.
    public var operation: String
    /// The fixture that answers it.
    public var fixture: String
    /// How many records its loaded response holds, the root included.
    public var records: Int
    /// How many slots its verdict walk reads over that response.
    public var slotsWalked: Int
    /// Where its field-errors response came from, for the operation whose field errors the run
    /// commits; absent for the others, and in files written before it was recorded.
    public var fieldErrors: FieldErrorsRecord?

    /// Creates a subject record.
    public init(role: String, operation: String, fixture: String, records: Int, slotsWalked: Int, fieldErrors: FieldErrorsRecord? = nil) {
        self.role = role
        self.operation = operation
        self.fixture = fixture
        self.records = records
        self.slotsWalked = slotsWalked
        self.fieldErrors = fieldErrors
    }

    /// `largest-strict: CharactersPage (characters-page), 899 records, its verdict walks 20356 slots`.
    public var line: String {
        "\(role): \(operation) (\(fixture)), \(records) records, its verdict walks \(slotsWalked) slot\(slotsWalked == 1 ? "" : "s")"
    }
}
