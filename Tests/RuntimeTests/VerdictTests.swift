import Testing
@testable import Runtime

/// `@throwOnFieldError` and `@required` as the verdict weighs them, over `Characters`' hero.
struct VerdictTests {
    typealias C = Characters
    let imageError = GraphQLError(message: "image unavailable", path: ["hero", "image"])

    private func prepared(_ operation: Operation, _ response: NormalizedResponse = Characters.response(), log: RequiredFieldLog? = nil) throws -> PreparedOperation {
        let store = Store()
        store.commit { response.write(into: &$0) }
        return try PreparedOperation(operation, store: store, log: log)
    }

    private func required(_ action: RequiredAction = .none) -> [Directive] { [.required(action)] }

    @Test func aFieldErrorInTheOwnSelectionFailsAStrictOperation() throws {
        let operation = try prepared(C.strict, C.response(imageError: imageError))
        #expect(operation.verdict() == .fieldErrors([FieldError(path: ["hero", "image"], error: imageError)]))
    }

    @Test func aSoundStrictOperationIsSound() throws {
        let operation = try prepared(C.strict)
        #expect(operation.hasVerdictWalk)
        #expect(operation.verdict() == .sound)
        // hero, then id name image origin(id name) friends(id name) x2
        #expect(operation.verdictWalkSlotCount() == 1 + 5 + 2 + 2 * 2)
    }

    @Test func anErrorInsideASpreadIsTheFragmentsNotTheOperations() throws {
        let rootField = try prepared(C.rootFieldSpreads, C.response(imageError: imageError))
        #expect(rootField.verdict() == .sound, "the root-field-spreads operation's own selection holds no error")
        #expect(rootField.verdictWalkSlotCount() == 1, "its walk reads only the root field")
        let spreadsOnly = try prepared(C.spreadsOnly, C.response(imageError: imageError))
        #expect(spreadsOnly.verdict() == .sound, "the spreads-only operation's own selection holds no field at all")
        #expect(spreadsOnly.verdictWalkSlotCount() == 0, "its walk reads nothing")

        let strictFragment = Operation(
            .query, selections: [C.field("hero", [], [.fragmentSpread(FragmentSpread("Strict"))])],
            fragments: [Fragment("Strict", on: "Character", directives: [.throwOnFieldError], selections: C.heroFields)]
        )
        let lens = try #require(try prepared(strictFragment, C.response(imageError: imageError)).lens.object("hero")?.fragment("Strict"))
        #expect(throws: LensError.fieldErrors([FieldError(path: ["image"], error: imageError)]), "the fragment weighs its own errors") {
            try lens.scalar("image")
        }
        #expect(try lens.scalar("name") == .string("Rick Sanchez"), "a sound field of the fragment still reads")
    }

    @Test func unplacedErrorsCountOnlyUnderThrowOnFieldError() throws {
        let unplaced = GraphQLError(message: "rate limit warning")
        #expect(try prepared(C.strict).verdict(unplaced: [unplaced]) == .fieldErrors([FieldError(path: nil, error: unplaced)]))
        let plain = try prepared(C.plain)
        #expect(!plain.hasVerdictWalk, "an operation with neither directive has no walk")
        #expect(plain.verdict(unplaced: [unplaced]) == .sound)
        #expect(plain.verdictWalkSlotCount() == 0)
    }

    @Test func aRequiredChainToTheRootFailsTheOperation() throws {
        let operation = Operation(.query, selections: [
            C.field("hero", required(), [C.field("origin", required(), [C.field("name", required())])]),
        ])
        var response = C.response()
        response.records[2].fields[1].value = .null  // Location:1.name
        let prepared = try prepared(operation, response)
        #expect(prepared.requiredReachesRoot)
        #expect(prepared.verdict() == .requiredFieldMissing(RequiredFieldError(path: ["hero", "origin", "name"], action: .none)))
        #expect(throws: LensError.requiredFieldMissing(RequiredFieldError(path: ["hero", "origin", "name"], action: .none))) {
            try prepared.lens.read()
        }
    }

    @Test func aRequiredChainThatStopsBelowNullsItsParentOnly() throws {
        let operation = Operation(.query, selections: [
            C.field("hero", [], [C.field("id"), C.field("origin", [], [C.field("name", required())])]),
        ])
        var response = C.response()
        response.records[2].fields[1].value = .null
        let prepared = try prepared(operation, response)
        #expect(!prepared.requiredReachesRoot, "hero is not @required, so the chain stops at origin's parent")
        #expect(!prepared.hasVerdictWalk)
        #expect(prepared.verdict() == .sound)
        let hero = try #require(try prepared.lens.object("hero"))
        #expect(try hero.object("origin") == nil, "origin is nulled by its @required name")
        #expect(try prepared.lens.read()["hero"]?["origin"] == .null)
        #expect(try prepared.lens.read()["hero"]?["id"] == .scalar(.string("1")))
    }

    @Test func aRequiredNullInAListNullsTheItemNotTheList() throws {
        let operation = Operation(.query, selections: [
            C.field("hero", required(), [C.field("friends", required(), [C.field("name", required())])]),
        ])
        var response = C.response()
        response.records[3].fields[1].value = .null  // Character:2.name
        let prepared = try prepared(operation, response)
        #expect(prepared.requiredReachesRoot, "statically, the chain hero > friends > name is all @required")
        #expect(prepared.verdict() == .sound, "but a list item stops it: the item is nulled, not the list")
        let friends = try #require(try prepared.lens.object("hero")?.list("friends"))
        #expect(friends.count == 2)
        #expect(friends[0] == nil && friends[1] != nil)
        #expect(try prepared.lens.read()["hero"]?["friends"]?[0] == .null)
    }

    @Test func throwFailsTheReadWhereverItIs() throws {
        let operation = Operation(.query, selections: [
            C.field("hero", [], [C.field("origin", [], [C.field("name", required(.throw))])]),
        ])
        var response = C.response()
        response.records[2].fields[1].value = .null
        let prepared = try prepared(operation, response)
        #expect(prepared.requiredReachesRoot, "a THROW anywhere outside @catch can fail the operation")
        let failure = RequiredFieldError(path: ["hero", "origin", "name"], action: .throw)
        #expect(prepared.verdict() == .requiredFieldMissing(failure))
        #expect(throws: LensError.requiredFieldMissing(failure)) { try prepared.lens.read() }
        let hero = try #require(try prepared.lens.object("hero"))
        #expect(throws: LensError.requiredFieldMissing(RequiredFieldError(path: ["name"], action: .throw)), "reading origin reads its THROW field") {
            try hero.object("origin")
        }
    }

    @Test func logReportsThePathAndBubblesLikeNone() throws {
        let operation = Operation(.query, selections: [C.field("hero", required(), [C.field("name", required(.log))])])
        var response = C.response()
        response.records[1].fields[1].value = .null  // Character:1.name
        var logged: [ResponsePath] = []
        let prepared = try prepared(operation, response, log: RequiredFieldLog { logged.append($0) })
        #expect(prepared.verdict() == .requiredFieldMissing(RequiredFieldError(path: ["hero", "name"], action: .log)))
        #expect(logged == [["hero", "name"]])
    }

    @Test func aFieldErrorOnARequiredFieldCountsAsNull() throws {
        let operation = Operation(.query, selections: [C.field("hero", required(), [C.field("image", required())])])
        let prepared = try prepared(operation, C.response(imageError: imageError))
        #expect(prepared.verdict() == .requiredFieldMissing(RequiredFieldError(path: ["hero", "image"], action: .none)))
    }

    @Test func catchStopsWhatBubblesBeneathIt() throws {
        let operation = Operation(.query, directives: [.throwOnFieldError], selections: [
            C.field("hero", required(), [
                C.field("origin", required() + [.catch(to: .result)], [C.field("name", required())]),
                C.field("image", [.catch(to: .null)]),
            ]),
        ])
        var response = C.response(imageError: imageError)
        response.records[2].fields[1].value = .null
        let prepared = try prepared(operation, response)
        #expect(prepared.verdict() == .sound, "neither the caught required null nor the caught field error reaches the operation")
        let hero = try prepared.lens.read()["hero"]
        #expect(hero?["origin"] == .result(.failure(fieldErrors: [], required: RequiredFieldError(path: ["hero", "origin", "name"], action: .none))))
        #expect(hero?["image"] == .null)
        #expect(try prepared.lens.object("hero")?.scalar("image") == nil, "a caught field error reads as null, not a throw")
    }

    @Test func catchResultHoldsTheValueWhenNothingWentWrong() throws {
        let operation = Operation(.query, selections: [C.field("hero", [], [C.field("name", [.catch(to: .result)])])])
        #expect(try prepared(operation).lens.read()["hero"]?["name"] == .result(.ok(.scalar(.string("Rick Sanchez")))))
    }

    @Test func aLinkToADeletedRecordReadsAsNull() throws {
        let operation = Operation(.query, selections: [C.field("hero", required(), [C.field("origin", required(), [C.field("name")])])])
        let prepared = try prepared(operation)
        #expect(prepared.verdict() == .sound)
        prepared.store.commit { $0.delete(prepared.store.record("Location:1")!.ref) }
        #expect(prepared.verdict() == .requiredFieldMissing(RequiredFieldError(path: ["hero", "origin"], action: .none)))
    }

    @Test func anUnknownFragmentOrACycleIsADocumentError() {
        let store = Store()
        #expect(throws: DocumentError.unknownFragment("Nope")) {
            try PreparedOperation(Operation(.query, selections: [.fragmentSpread(FragmentSpread("Nope"))]), store: store)
        }
        let a = Fragment("A", on: "Query", selections: [.fragmentSpread(FragmentSpread("B"))])
        let b = Fragment("B", on: "Query", selections: [.fragmentSpread(FragmentSpread("A"))])
        #expect(throws: DocumentError.fragmentCycle(["A", "B", "A"])) {
            try PreparedOperation(Operation(.query, selections: [.fragmentSpread(FragmentSpread("A"))], fragments: [a, b]), store: store)
        }
    }
}
