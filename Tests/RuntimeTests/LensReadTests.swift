import Testing
@testable import Runtime

/// The read path made cheap (a lens keeps its record, a slot is looked at in place, no exclusivity
/// check) is still a real Observation read: a body depends on exactly the slots it read through a
/// lens or the verdict walk, and a lens reads what the store holds now.
struct LensReadTests {
    typealias C = Characters

    private func prepared(_ operation: Operation = C.strict) throws -> (Store, PreparedOperation) {
        let store = Store()
        store.commit { C.response().write(into: &$0) }
        return (store, try PreparedOperation(operation, store: store))
    }

    private func write(_ store: Store, _ id: RecordID, _ key: String, _ value: FieldValue, errors: [GraphQLError] = []) {
        store.commit { transaction in
            let ref = transaction.record(id)
            transaction.set(ref, key, value, errors: errors)
        }
    }

    @Test func aBodyReadingAFieldKeyDependsOnThatSlotAlone() throws {
        let (store, operation) = try prepared(C.plain)
        let hero = try #require(try operation.lens.object("hero"))
        let name = try #require(hero.key("name"))
        let probe = Probe { _ = try? hero.scalar(name) }

        write(store, "Character:1", "image", .scalar(.string("other.jpeg")))
        #expect(!probe.isDirty, "a write to a slot the body did not read must not fire it")
        write(store, "Character:1", "name", .scalar(.string("Rick C-137")))
        #expect(probe.isDirty, "a write to the slot the body read through the lens fires it")
    }

    @Test func aLensReadsWhatTheStoreHoldsNowEvenAfterADeletion() throws {
        let (store, operation) = try prepared(C.plain)
        let hero = try #require(try operation.lens.object("hero"))
        write(store, "Character:1", "name", .scalar(.string("Rick C-137")))
        #expect(try hero.scalar("name") == .string("Rick C-137"), "a lens made before a write reads the new value")

        store.commit { $0.delete($0.record("Character:1")) }
        #expect(try hero.scalar("name") == nil, "a deleted record holds no slots")
        write(store, "Character:1", "name", .scalar(.string("Rick again")))
        #expect(try hero.scalar("name") == .string("Rick again"), "the record written again is the one the lens reads")
    }

    @Test func aFieldErrorOnTheSlotStillThrowsAndFailsTheVerdict() throws {
        let (store, operation) = try prepared()
        let error = GraphQLError(message: "image unavailable", path: ["hero", "image"])
        write(store, "Character:1", "image", .null, errors: [error])
        let hero = try #require(try operation.lens.object("hero"))
        #expect(throws: LensError.fieldErrors([FieldError(path: ["image"], error: error)])) { try hero.scalar("image") }
        #expect(operation.verdict() == .fieldErrors([FieldError(path: ["hero", "image"], error: error)]))
    }

    @Test func theVerdictWalkInABodyDependsOnTheSlotsItWalked() throws {
        let (store, operation) = try prepared()
        let probe = Probe { _ = operation.verdict() }

        write(store, "Character:1", "status", .scalar(.string("Dead")))
        #expect(!probe.isDirty, "a slot outside the operation's selection is not walked")
        write(store, "Location:1", "name", .scalar(.string("Earth C-137")))
        #expect(probe.isDirty, "a slot the walk read fires the body, however deep")
    }

    @Test func aListOfScalarsIsStoredAndReadBackWhole() throws {
        let store = Store()
        let list = Scalar.list([.string("a"), nil, .list([.int(1), .bool(true)]), .double(0.5)])
        var ref: RecordRef!
        store.commit { transaction in
            ref = transaction.record("Thing:1")
            transaction.set(ref, "tags", .scalar(list))
        }
        #expect(store.record(at: ref).peek(store.channel(for: "tags").id) == Slot(.scalar(list)))
        #expect(Set([list, list, .string("a")]).count == 2, "equal lists hash alike")
    }
}
