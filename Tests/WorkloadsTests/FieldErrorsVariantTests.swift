import Foundation
import Runtime
import Testing
@testable import Workloads

/// The field-errors variant: recorded when a response places field errors, else made from the loaded
/// response, the same way every time, on nullable leaves of the operation's own selection only.
struct FieldErrorsVariantTests {
    private static func largestStrict() throws -> PickedOperation {
        try LoadedFixtureDirectory.load(Fixture.bundledSpecDirectory).largestStrictOperation()
    }

    @Test func aRecordedResponseIsPreferred() throws {
        let variant = try Self.largestStrict().fieldErrors().get()
        #expect(variant.source == .recorded)
        #expect(variant.responseName == "1-image-errors")
        #expect(variant.paths.isEmpty)
    }

    @Test func aMadeVariantSpreadsItsLeavesOverTheFirstListAndPlacesAnErrorOnEach() throws {
        let picked = try Self.largestStrict()
        let rows = try #require(picked.fixture.fixture.loadedResponse.value["data"]?["characters"]?["results"]?.elements?.count)
        for leaves in [1, 7, FieldErrorsVariant.madeLeaves] {
            let variant = try FieldErrorsVariant.make(picked, leaves: leaves).get()
            #expect(variant.source == .made)
            #expect(variant.leaves == leaves && variant.paths.count == leaves)
            #expect(FieldErrorsVariant.fieldErrorCount(variant.response) == leaves, "one field error per leaf made null")
            // One leaf per row, at evenly spaced rows, each the row's first eligible leaf.
            let expected = (0..<leaves).map { "characters.results.\($0 * rows / leaves).name" }
            #expect(variant.paths == expected)
            #expect(try FieldErrorsVariant.make(picked, leaves: leaves).get().response == variant.response, "not deterministic")
        }
    }

    @Test func moreLeavesThanRowsTakeEachRowsNextLeafInTurn() throws {
        let picked = try Self.largestStrict()
        let rows = try #require(picked.fixture.fixture.loadedResponse.value["data"]?["characters"]?["results"]?.elements?.count)
        let variant = try FieldErrorsVariant.make(picked, leaves: rows + 1).get()
        #expect(variant.paths.prefix(rows).allSatisfy { $0.hasSuffix(".name") })
        // The second round is wanted once: its first row, k × rows / wanted for k = 0.
        #expect(variant.paths.last == "characters.results.0.status", "\(variant.paths.suffix(2))")
    }
}
