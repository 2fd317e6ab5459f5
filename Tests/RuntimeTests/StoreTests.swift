import Testing
@testable import Runtime

struct StoreTests {
    private func seeded() -> (Store, RecordRef) {
        let store = Store()
        var ref: RecordRef!
        store.commit { transaction in
            ref = transaction.record("Character:1", typename: "Character")
            transaction.set(ref, "name", .scalar(.string("Rick")))
            transaction.set(ref, "status", .scalar(.string("Alive")))
            transaction.set(ref, "origin", .link(transaction.record("Location:1")))
            transaction.set(ref, "friends", .links([transaction.record("Character:2"), nil]))
        }
        return (store, ref)
    }

    @Test func aBodyDependsOnExactlyTheSlotsItRead() {
        let (store, ref) = seeded()
        let name = store.channel(for: "name")
        let probe = Probe { _ = store.record(at: ref).read(name) }

        store.commit { $0.set(ref, "status", .scalar(.string("Dead"))) }
        #expect(!probe.isDirty, "a write to a slot the body did not read must not fire it")

        store.commit { $0.set(ref, "name", .scalar(.string("Rick Sanchez"))) }
        #expect(probe.isDirty, "a write to the slot the body read fires it")
    }

    @Test func anEqualWriteNotifiesNobodyAndChangesNothing() {
        let (store, ref) = seeded()
        let name = store.channel(for: "name")
        let probe = Probe { _ = store.record(at: ref).read(name) }
        let commit = store.commit { $0.set(ref, "name", .scalar(.string("Rick"))) }
        #expect(commit.isEmpty)
        #expect(!commit.nullsOrErrorsChanged)
        #expect(!probe.isDirty, "writing the value a slot already holds must notify nobody")
    }

    @Test func writesAreSilentUntilTheCommitEndsAndNotifyOncePerSlot() {
        let (store, ref) = seeded()
        let name = store.channel(for: "name")
        let probe = Probe { _ = store.record(at: ref).read(name) }
        var dirtyInside = true
        let commit = store.commit { transaction in
            transaction.set(ref, "name", .scalar(.string("A")))
            transaction.set(ref, "name", .scalar(.string("B")))
            dirtyInside = probe.isDirty
        }
        #expect(!dirtyInside, "writes inside a transaction are silent")
        #expect(probe.isDirty)
        #expect(commit.changedSlots.count == 1, "two writes to one slot are one change")
        #expect(store.record(at: ref).peek(name.id) == Slot(.scalar(.string("B"))))
    }

    @Test func aReadOutsideATrackingScopeIsUntracked() {
        let (store, ref) = seeded()
        let name = store.channel(for: "name")
        _ = store.record(at: ref).read(name)
        let probe = Probe {}
        store.commit { $0.set(ref, "name", .scalar(.string("Other"))) }
        #expect(!probe.isDirty, "a body that read nothing depends on nothing, whatever was read outside it")
    }

    @Test(arguments: [
        ("scalar to another scalar", FieldValue.scalar(.string("Rick Sanchez")), "name", false),
        ("scalar to null", .null, "name", true),
        ("link moved", .link(RecordRef(3)), "origin", true),
        ("list of links changed", .links([nil]), "friends", true),
        ("a field that was missing", .scalar(.int(1)), "episodeCount", true),
    ])
    func nullsOrErrorsChangedFollowsTheChainsRule(_ what: String, _ value: FieldValue, _ key: String, _ expected: Bool) {
        let (store, ref) = seeded()
        let commit = store.commit { $0.set(ref, key, value) }
        #expect(commit.nullsOrErrorsChanged == expected, "\(what)")
    }

    @Test(arguments: [
        ("scalar to another scalar", FieldValue.scalar(.string("Rick Sanchez")), "name", false),
        ("scalar to null", .null, "name", false),
        ("link moved", .link(RecordRef(3)), "origin", true),
        ("link to null", .null, "origin", true),
        ("list of links changed", .links([nil]), "friends", true),
        ("a field that was missing", .scalar(.int(1)), "episodeCount", true),
        ("a field that was missing, written null", .null, "episodeCount", true),
    ])
    func availabilityMayChangeFollowsMissingDatasRule(_ what: String, _ value: FieldValue, _ key: String, _ expected: Bool) {
        let (store, ref) = seeded()
        let commit = store.commit { $0.set(ref, key, value) }
        #expect(commit.availabilityMayChange == expected, "\(what)")
    }

    @Test func errorsBesideAValueADeletionARecordAndAFirstTypenameSetAvailabilityAsTheyMust() {
        let (store, ref) = seeded()
        let error = GraphQLError(message: "boom", path: ["character", "name"])
        #expect(!store.commit { $0.set(ref, "name", .scalar(.string("Rick Sanchez")), errors: [error]) }.availabilityMayChange)
        #expect(store.commit { $0.record(RecordID("Character:99")) }.availabilityMayChange, "a record created")
        #expect(store.commit { $0.record(RecordID("Character:99"), typename: "Character") }.availabilityMayChange, "its first typename")
        #expect(!store.commit { $0.record(RecordID("Character:99"), typename: "Character") }.availabilityMayChange, "the same again")
        #expect(store.commit { $0.delete(ref) }.availabilityMayChange, "a record deleted")
    }

    @Test func aFieldErrorChangeAndADeletionSetNullsOrErrorsChanged() {
        let (store, ref) = seeded()
        let error = GraphQLError(message: "boom", path: ["character", "name"])
        #expect(store.commit { $0.set(ref, "status", .scalar(.string("Alive")), errors: [error]) }.nullsOrErrorsChanged)
        #expect(store.commit { $0.delete(ref) }.nullsOrErrorsChanged)
    }

    @Test func deletionEmptiesTheRecordAndNotifiesItsReaders() {
        let (store, ref) = seeded()
        let name = store.channel(for: "name")
        let probe = Probe { _ = store.record(at: ref).read(name) }
        let commit = store.commit { $0.delete(ref) }
        #expect(commit.deletedRecords == [ref])
        #expect(probe.isDirty, "a reader of a deleted record's slot must hear of it")
        #expect(store.record(at: ref).isDeleted)
        #expect(store.record(at: ref).read(name) == nil)
        #expect(store.recordCount == 3, "root, Location:1 and Character:2 remain")

        store.commit { $0.set(ref, "name", .scalar(.string("Back"))) }
        #expect(!store.record(at: ref).isDeleted, "writing a deleted record brings it back")
    }
}
