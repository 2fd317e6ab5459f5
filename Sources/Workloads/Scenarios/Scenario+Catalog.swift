import Runtime

extension Scenario {
    /// The handle counts the stored chain's cost is measured against.
    public static let handleCounts = [1, 10, 100, 1000]

    /// Every scenario, in report order.
    public static let all: [Scenario] = [
        verdictReadValueChanges(.largestStrict),
        verdictReadValueChanges(.spreadsOnly),
        verdictReadValueChanges(.rootFieldSpreads),
        unreadValueChanges(.largestStrict),
        unreadValueChanges(.spreadsOnly),
        unreadValueChanges(.rootFieldSpreads),
        refetchFailsBehindData,
        fieldErrorsLandThenClear,
    ] + handleCounts.map(nullsOrErrorsWithRetainedHandles)

    /// A value the verdict read changes and the phase stays equal. For the largest strict operation,
    /// the first result's `name`; for the root-field-spreads one, whose verdict reads only its root
    /// field, an updater points that field at a new record of equal content. The spreads-only
    /// operation's verdict reads no slot at all, so it gets the same commit as the root-field case: the
    /// root field its fragment selects is repointed, a link moved, which the stored chain answers with a
    /// re-evaluation.
    public static func verdictReadValueChanges(_ subject: Subject) -> Scenario {
        switch subject {
        case .largestStrict:
            return Scenario(id: "verdict-read-value-changes", subject: subject, handleCount: 1,
                            summary: "the first result's name changes; the verdict read it; the phase stays ready") { world in
                try changeFirstRowValue(world)
            }
        case .spreadsOnly:
            return Scenario(id: "verdict-read-value-changes", subject: subject, handleCount: 1,
                            summary: "an updater points the root field its fragment selects at a new record of equal content; "
                                + "its own selection is spreads, so the verdict reads no slot; the phase stays ready") { world in
                try repointRootField(world)
            }
        case .rootFieldSpreads:
            return Scenario(id: "verdict-read-value-changes", subject: subject, handleCount: 1,
                            summary: "an updater points the root field at a new record of equal content; the verdict read that link; the phase stays ready") { world in
                try repointRootField(world)
            }
        }
    }

    /// A value the verdict did not read changes: for the largest strict operation, another screen's
    /// data (`User:me`); for the operations with spreads, the first result's `name`, inside a spread.
    public static func unreadValueChanges(_ subject: Subject) -> Scenario {
        switch subject {
        case .largestStrict:
            return Scenario(id: "unread-value-changes", subject: subject, handleCount: 1,
                            summary: "another screen's value changes (User:me.name); no body here read it") { world in
                world.environment.commit { transaction in
                    transaction.set(transaction.record(ScenarioWorld.viewer), "name", .scalar(.string("Beth Smith (clone)")))
                }
            }
        case .spreadsOnly, .rootFieldSpreads:
            return Scenario(id: "unread-value-changes", subject: subject, handleCount: 1,
                            summary: "the first result's name changes, inside a spread the verdict does not walk") { world in
                try changeFirstRowValue(world)
            }
        }
    }

    /// A refetch behind data fails with a timeout; the data stays shown.
    public static let refetchFailsBehindData = Scenario(
        id: "refetch-fails-behind-data", subject: .largestStrict, handleCount: 1,
        summary: "a refetch starts, a render pass runs, the refetch fails with a timeout"
    ) { world in
        world.handle.refetch()
        world.render()
        try world.environment.transport.completeNext(with: .failure(Failure(.timeout)))
    }

    /// The fixture's 20 field errors land on the result rows' `image`, then the clean page clears them:
    /// the phase flips to failed and back.
    public static let fieldErrorsLandThenClear = Scenario(
        id: "field-errors-land-then-clear", subject: .largestStrict, handleCount: 1,
        summary: "the image-errors response commits (20 field errors), a render pass runs, then the clean page commits"
    ) { world in
        guard let errors = world.picked.fieldErrorsResponse() else {
            throw ScenarioError("\(world.picked.fixture.fixture.name): no response places field errors")
        }
        world.environment.commit { errors.write(into: &$0) }
        world.render()
        world.environment.commit { world.picked.response.write(into: &$0) }
    }

    /// `count` handles of the largest strict operation are retained; a commit sets
    /// `nullsOrErrorsChanged` without touching their data (another screen's value goes null).
    public static func nullsOrErrorsWithRetainedHandles(_ count: Int) -> Scenario {
        Scenario(id: "nulls-or-errors-commit", subject: .largestStrict, handleCount: count,
                 summary: "\(count) handles retained; another screen's value goes null, which sets nullsOrErrorsChanged") { world in
            world.environment.commit { $0.set($0.record(ScenarioWorld.viewer), "name", .null) }
        }
    }

    // MARK: - Changes

    /// Changes the value the first row shows (its `name`, where it has one) to another string.
    static func changeFirstRowValue(_ world: ScenarioWorld) throws {
        let shown = try world.firstRowValue()
        world.environment.commit { $0.set(shown.record, shown.storageKey, .scalar(.string(shown.text + " (C-137)"))) }
    }

    /// Points the operation's root field at a copy of the record it links to.
    static func repointRootField(_ world: ScenarioWorld) throws {
        guard let (owner, key) = try world.rootField(), let current = try owner.object(key) else {
            throw ScenarioError("the root field holds no object")
        }
        let original = world.environment.store.record(at: current.record)
        let field = key.fieldID
        world.environment.commit { transaction in
            let copy = transaction.record(RecordID(original.id.rawValue + ":updated"), typename: original.typename)
            for (field, slot) in original.slotsUntracked { transaction.set(copy, field, slot) }
            transaction.set(owner.record, field, Slot(.link(copy)))
        }
    }
}
