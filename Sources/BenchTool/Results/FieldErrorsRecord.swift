/// Where the field-errors response a run committed came from: recorded in the fixture, or made by the
/// bench from the loaded response because no recorded one placed a field error.
///
/// Kept on the subject record (`fieldErrors`) so a reader knows whether the field-error figures are
/// of a real response or of one the bench made, and how it was made.
struct FieldErrorsRecord: Sendable, Equatable, Codable {
    /// `recorded` or `made`.
    var source: String
    /// The recorded response's name, or the name of the response it was made from.
    var response: String
    /// How many fields hold an error in it.
    var leaves: Int
    /// How it was chosen or made, in one sentence.
    var how: String

    /// The sources a results file may name.
    static let sources = ["recorded", "made"]

    /// `field errors: made the field-error variant from 0-page: 20 nullable leaves ...`, or the recorded
    /// response's sentence.
    var line: String {
        source == "made" ? "field errors: made the field-error variant from \(response): \(how)" : "field errors: \(how)"
    }
}
