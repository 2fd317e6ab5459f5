import Runtime
import Testing

/// Cases of Relay's `packages/relay-runtime/store/__tests__/RelayReader-RelayErrorHandling-test.js`
/// (facebook/relay), each named by its `it(...)` and its query, with Relay's expectation written as
/// the model's values: field errors and missing data, with and without `@throwOnFieldError` and
/// `@catch`.
struct RelayReaderErrorHandlingParityTests {
    typealias M = Model
    static let lastNameError = M.error("There was an error!", at: ["me", "lastName"])

    /// User 1 whose `lastName` is null with an error, and whose `profilePicture` was never fetched.
    private static func source() -> RelaySource {
        RelaySource([
            .init(.root, "__Root", [("me", .ref("1"))]),
            .init("1", "User", [("id", .string("1")), ("lastName", .nullWithError("There was an error!", path: ["me", "lastName"]))]),
        ])
    }

    @Test("adds the errors to errorResponseFields (RelayReaderRelayErrorHandlingTest1Query)")
    func anErrorWithoutThrowOnFieldErrorReadsAsNull() throws {
        let operation = try Self.source().prepare("query RelayReaderRelayErrorHandlingTest1Query { me { lastName } }")
        #expect(try operation.lens.read() == M.object(["me": M.object(["lastName": .null])]))
        #expect(try operation.lens.object("me")?.scalar("lastName") == nil)
        #expect(operation.verdict() == .sound, "shouldThrow: false; no directive, no walk")
    }

    @Test("adds the errors to errorResponseFields including missingData - without @catch (RelayReaderRelayErrorHandlingTest4Query)")
    func anErrorAndMissingDataFailAStrictRead() throws {
        let operation = try Self.source().prepare(
            "query RelayReaderRelayErrorHandlingTest4Query($size: [Int]) @throwOnFieldError { me { lastName profilePicture(size: $size) { uri } } }",
            variables: ["size": .int(42)])
        #expect(throws: LensError.fieldErrors([Self.lastNameError]), "relay_field_payload.error, shouldThrow: true") { try operation.lens.read() }
        let me = try #require(try operation.lens.object("me"))
        #expect(throws: LensError.fieldErrors([FieldError(path: ["lastName"], error: Self.lastNameError.error)])) { try me.scalar("lastName") }
        #expect(throws: LensError.missingData([["profilePicture"]]), "missing_expected_data.throw (fix 2)") { try me.object("profilePicture") }
        #expect(operation.verdict() == .fieldErrors([Self.lastNameError]))
        #expect(!operation.isAvailable, "the missing field makes the data unavailable (fix 2)")
    }

    @Test("adds the errors to errorResponseFields including missingData - with @catch (RelayReaderRelayErrorHandlingTest3Query)")
    func anErrorAndMissingDataUnderACatchAreAFailure() throws {
        let operation = try Self.source().prepare(
            "query RelayReaderRelayErrorHandlingTest3Query($size: [Int]) { me @catch { lastName profilePicture(size: $size) { uri } } }",
            variables: ["size": .int(42)])
        // Relay lists the missing field with an empty path ("we have a task out for adding path to
        // missingData"); the model keeps its path.
        #expect(try operation.lens.read() == M.object(["me": .result(.failure(
            fieldErrors: [Self.lastNameError], required: nil, missing: [["me", "profilePicture"]]))]))
        #expect(try operation.lens.object("me") == nil)
    }
}
