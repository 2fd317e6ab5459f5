/// An operation the run judged, as it was picked from the fixtures: what the limits are about.
struct SubjectRecord: Sendable, Equatable, Codable {
    /// Its role: `largest-strict`, `spreads-only` or `root-field-spreads`. Before the second limit was
    /// judged as written, `spreads-only` named a root field with spreads beneath (results files up to
    /// 0f6b412); `why` says which, where a file has it.
    var role: String
    /// The operation's name.
    var operation: String
    /// The fixture that answers it.
    var fixture: String
    /// How many records its loaded response holds, the root included.
    var records: Int
    /// How many slots its verdict walk reads over that response.
    var slotsWalked: Int
    /// Why the operation was picked for its role, in one line.
    var why: String?
    /// Where its field-errors response came from, for the operation whose field errors the run
    /// commits; nil for the others.
    var fieldErrors: FieldErrorsRecord?

    /// `largest-strict: CharactersPage (characters-page), 12 records, its verdict walks 48 slots`, with its figures.
    var line: String {
        "\(role): \(operation) (\(fixture)), \(records) records, its verdict walks \(slotsWalked) slot\(slotsWalked == 1 ? "" : "s")"
    }
}
