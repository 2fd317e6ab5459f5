/// Where the field-errors response a run committed came from: recorded in the fixture, or made by the
/// bench from the loaded response because no recorded one placed a field error.
///
/// Kept on the subject record (`fieldErrors`) so a reader knows whether the field-error figures are
/// of a real response or of one the bench made, and how it was made.
public struct FieldErrorsRecord: Sendable, Equatable, Codable {
    /// `recorded` or `made`.
    public var source: String
    /// The recorded response's name, or the name of the response it was made from.
    public var response: String
    /// How many fields hold an error in it.
    public var leaves: Int
    /// How it was chosen or made, in one sentence.
    public var how: String

    /// The sources a results file may name.
    public static let sources = ["recorded", "made"]

    /// Where one response came from: `source` one of `sources`, the response's name, how many fields
    /// hold an error in it, and `how`, the sentence that says so.
    public init(source: String, response: String, leaves: Int, how: String) {
        self.source = source
        self.response = response
        self.leaves = leaves
        self.how = how
    }

    /// `field errors: made the field-error variant from 0-page: 20 nullable leaves ...`, or the recorded
    /// response's sentence.
    public var line: String {
        source == "made" ? "field errors: made the field-error variant from \(response): \(how)" : "field errors: \(how)"
    }
}
