import Testing
@testable import Runtime

/// The key paths Observation keys a record's slots by: declared properties' up to
/// `RecordChannels.keyPaths.count`, the subscript's beyond, and per-field identity on both sides of
/// that line.
struct ChannelKeyPathTests {
    /// How many field ids have a declared property's key path.
    static let declared = RecordChannels.keyPaths.count

    /// A store whose one record holds a slot under every one of `count` interned storage keys.
    private func store(interning count: Int) -> (Store, RecordRef) {
        let store = Store()
        var ref: RecordRef!
        store.commit { transaction in
            ref = transaction.record("Character:1", typename: "Character")
            for index in 0..<count { transaction.set(ref, "field\(index)", .scalar(.int(index))) }
        }
        return (store, ref)
    }

    @Test(arguments: [
        ("two declared channels", 0, 1),
        ("the last declared channel and the first beyond", ChannelKeyPathTests.declared - 1, ChannelKeyPathTests.declared),
        ("two channels beyond the declared ones", ChannelKeyPathTests.declared, ChannelKeyPathTests.declared + 1),
        ("a declared channel and one beyond", 0, ChannelKeyPathTests.declared + 1),
    ])
    func aWriteFiresItsOwnFieldsObserverAndNotAnothers(_ what: String, _ a: Int, _ b: Int) {
        let (store, ref) = store(interning: Self.declared + 2)
        let channelA = store.channel(for: "field\(a)")
        let channelB = store.channel(for: "field\(b)")
        #expect(channelA.id.index == Int32(a) && channelB.id.index == Int32(b), "\(what): ids follow interning order")
        let observerA = Probe { _ = store.record(at: ref).read(channelA) }
        let observerB = Probe { _ = store.record(at: ref).read(channelB) }

        store.commit { $0.set(ref, "field\(a)", .scalar(.string("changed"))) }
        #expect(observerA.isDirty, "\(what): a write to field \(a) fires its observer")
        #expect(!observerB.isDirty, "\(what): a write to field \(a) must not fire an observer of field \(b)")

        observerA.render()
        store.commit { $0.set(ref, "field\(b)", .scalar(.string("changed"))) }
        #expect(observerB.isDirty, "\(what): a write to field \(b) fires its observer")
        #expect(!observerA.isDirty, "\(what): a write to field \(b) must not fire an observer of field \(a)")
    }

    @Test func channelsBelowTheStoredCountUseTheStoredKeyPathsAndAllAreDistinct() {
        let (store, _) = store(interning: Self.declared + 2)
        let channels = (0..<(Self.declared + 2)).map { store.channel(for: "field\($0)") }
        for channel in channels.prefix(Self.declared) {
            #expect(
                channel.keyPath == RecordChannels.keyPaths[Int(channel.id.index)],
                "field id \(channel.id.index) is keyed by a declared property, as an @Observable field is")
        }
        for channel in channels.dropFirst(Self.declared) {
            #expect(channel.keyPath == \Record.[channel: channel.id.index], "field id \(channel.id.index) falls back to the subscript")
        }
        let keyPaths = Set(channels.map(\.keyPath) + [store.existenceChannel.keyPath])
        #expect(keyPaths.count == channels.count + 1, "every channel, the existence channel too, has a key path of its own")
    }

    @Test func theExistenceChannelHearsADeletionAndNotAFieldWrite() {
        let (store, ref) = store(interning: 1)
        let existence = store.existenceChannel
        let probe = Probe { _ = store.record(at: ref).readExists(existence) }

        store.commit { $0.set(ref, "field0", .scalar(.string("changed"))) }
        #expect(!probe.isDirty, "a field write must not fire a reader of the record's existence")

        store.commit { $0.delete(ref) }
        #expect(probe.isDirty, "a deletion fires a reader of the record's existence")
    }
}
