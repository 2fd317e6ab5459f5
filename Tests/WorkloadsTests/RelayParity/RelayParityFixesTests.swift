import JSON
import Runtime
import Testing
import Workloads

/// Four behaviours the model shares with Relay's reader, each checked on every path that must share its rule: the
/// whole read (`read()`), the field-by-field reads, the verdict walk, the normalizer and the
/// availability check. Sources: facebook/relay `packages/relay-runtime/store/RelayReader.js`
/// (`_readScalar`, `_readLink`, `_markDataAsMissing`, `_catchErrors`, `_asResult`) and
/// `RelayResponseNormalizer.js` (errors set only beside a null).
struct RelayParityFixesTests {
    typealias M = Model

    // MARK: - 1: @catch in the field-by-field lens

    @Test("fix 1: under @throwOnFieldError, an error beneath a caught parent throws on neither path (RelayReaderCatchFieldsTest07Query, strict)")
    func anErrorBeneathACaughtParentIsHandledFieldByField() throws {
        let source = RelaySource([
            .init(.root, "__Root", [("me", .ref("1")), ("viewer", .ref("2"))]),
            .init("1", "User", [("id", .string("1")), ("lastName", .nullWithError("There was an error!", path: ["me", "lastName"]))]),
            .init("2", "Viewer", [("id", .string("2")), ("actor", .ref("1"))]),
        ])
        let operation = try source.prepare("query ParityStrictCatchQuery @throwOnFieldError { me @catch(to: NULL) { lastName } viewer { actor @catch { lastName } } }")
        let error = M.error("There was an error!", at: ["me", "lastName"])
        #expect(try operation.lens.read() == M.object([
            "me": .null,
            "viewer": M.object(["actor": .result(.failure(fieldErrors: [FieldError(path: ["viewer", "actor", "lastName"], error: error.error)], required: nil))]),
        ]))
        #expect(try operation.lens.object("me") == nil, "a caught object that caught an error reads as nil, and nothing throws")
        let viewer = try #require(try operation.lens.object("viewer"))
        #expect(try viewer.object("actor") == nil)
        #expect(operation.verdict() == .sound, "what a @catch caught is not the operation's")
    }

    @Test("fix 1: beneath a sound caught parent, a read of a caught leaf with an error is nil and does not throw (RelayReaderCatchFieldsTestSiblingErrorQuery, strict)")
    func readsBeneathACaughtParentDoNotThrow() throws {
        let source = RelaySource([
            .init(.root, "__Root", [("me", .ref("1"))]),
            .init("1", "User", [("id", .string("1")), ("firstName", .string("Elizabeth")), ("lastName", .nullWithError("There was an error!", path: ["me", "lastName"]))]),
        ])
        let operation = try source.prepare("query ParityStrictSiblingQuery @throwOnFieldError { me { firstName lastName @catch(to: NULL) } }")
        let me = try #require(try operation.lens.object("me"))
        #expect(try me.scalar("lastName") == nil)
        #expect(try me.scalar("firstName") == .string("Elizabeth"))
        #expect(try operation.lens.read() == M.object(["me": M.object(["firstName": M.string("Elizabeth"), "lastName": .null])]))
    }

    // MARK: - 2: missing data

    @Test("fix 2: missing data below the root makes a store-or-network handle fetch (RelayReader.js _markDataAsMissing, isMissingData)")
    func missingDataBelowTheRootIsNotAvailable() throws {
        let store = RelaySource([
            .init(.root, "__Root", [("me", .ref("1"))]),
            .init("1", "User", [("id", .string("1")), ("firstName", .string("Alice"))]),
        ]).store
        let operation = try #require(try GraphQLParser.parse("query ParityMissingQuery { me { firstName lastName } }").operation())
        let environment = Environment(strategy: DerivedPhaseStrategy(), store: store)
        let handle = try environment.attach(operation, policy: .storeOrNetwork)
        #expect(!handle.hasData, "the root field is there, but lastName below it was never fetched")
        #expect(environment.transport.sent.count == 1, "so the handle fetches instead of showing partial data")

        let complete = try #require(try GraphQLParser.parse("query ParityCompleteQuery { me { firstName } }").operation())
        let held = try environment.attach(complete, policy: .storeOrNetwork)
        #expect(held.hasData, "the negative case: every field selected is held")
        #expect(environment.transport.sent.count == 1, "and no request is made")
    }

    @Test("fix 2: missing data fails a @throwOnFieldError read on both paths (RelayReaderRelayErrorHandlingTest4Query, missing half)")
    func missingDataFailsAStrictRead() throws {
        let source = RelaySource([
            .init(.root, "__Root", [("me", .ref("1"))]),
            .init("1", "User", [("id", .string("1"))]),
        ])
        let strict = try source.prepare("query ParityMissingStrictQuery @throwOnFieldError { me { firstName } }")
        #expect(throws: LensError.missingData([["me", "firstName"]])) { try strict.lens.read() }
        let me = try #require(try strict.lens.object("me"))
        #expect(throws: LensError.missingData([["firstName"]])) { try me.scalar("firstName") }
        let plain = try source.prepare("query ParityMissingPlainQuery { me { firstName } }")
        #expect(try plain.lens.read() == M.object(["me": M.object(["firstName": .null])]), "without the directive, missing reads as null")
    }

    // MARK: - 3: an error beside a value

    @Test("fix 3: an error beside [] leaves the value readable on every path (RelayReader.js _readScalar weighs errors only where the value is null)")
    func anErrorBesideAValueLeavesTheValue() throws {
        let source = RelaySource([
            .init(.root, "__Root", [("me", .ref("1"))]),
            .init("1", "User", [
                ("id", .string("1")),
                ("emailAddresses", .valueWithError(.scalar(.list([])), "partial list", path: ["me", "emailAddresses"])),
                ("screennames", .valueWithError(.links([]), "partial list", path: ["me", "screennames"])),
            ]),
        ])
        let operation = try source.prepare("query ParityErrorBesideValueQuery @throwOnFieldError { me { emailAddresses screennames @required(action: THROW) { name } } }")
        #expect(try operation.lens.read() == M.object(["me": M.object(["emailAddresses": .scalar(.list([])), "screennames": .list([])])]))
        let me = try #require(try operation.lens.object("me"))
        #expect(try me.scalar("emailAddresses") == .list([]))
        #expect(try me.list("screennames")?.count == 0)
        #expect(operation.verdict() == .sound, "the walk weighs no error beside a value")
    }

    @Test("fix 3: the normalizer keeps errors only on null fields (RelayResponseNormalizer.js: setErrors only beside null)")
    func theNormalizerKeepsErrorsOnlyOnNulls() throws {
        let operation = try #require(try GraphQLParser.parse("query ParityNormalizerQuery { me { id emailAddresses lastName } }").operation())
        let response = try JSONValue.parse("""
            {"data": {"me": {"id": "1", "emailAddresses": [], "lastName": null}},
             "errors": [{"message": "partial", "path": ["me", "emailAddresses"]}, {"message": "gone", "path": ["me", "lastName"]}]}
            """)
        let normalized = try Normalizer.normalize(response: response, operation: operation)
        let fields = normalized.records.flatMap(\.fields)
        let kept: [String: [String]] = Dictionary(fields.map { ($0.storageKey, $0.errors.map(\.message)) }, uniquingKeysWith: { $1 })
        #expect(kept["emailAddresses"] == [], "an error beside [] is not kept")
        #expect(kept["lastName"] == ["gone"], "an error beside a null is")
        #expect(normalized.unplacedErrors.isEmpty, "the error named a field, so it is placed, not unplaced")
    }

    // MARK: - 4: LOG under a caught parent

    @Test("fix 4: a @required(action: LOG) null directly under @catch(to: RESULT) fails the caught parent (RelayReader.js _asResult; RelayReaderCatchFieldsTestSiblingLogRequiredErrorQuery)")
    func aLogUnderACaughtResultIsAFailure() throws {
        let source = RelaySource([
            .init(.root, "__Root", [("me", .ref("1"))]),
            .init("1", "User", [("id", .string("1")), ("lastName", .null)]),
        ])
        let logged = try source.prepare("query ParityLogUnderCatchQuery { me @catch(to: RESULT) { lastName @required(action: LOG) } }")
        let origin = RequiredFieldError(path: ["me", "lastName"], action: .log)
        #expect(try logged.lens.read() == M.object(["me": .result(.failure(fieldErrors: [], required: origin))]), "Relay: {ok: false, errors: []}")
        #expect(try logged.lens.object("me") == nil)
        #expect(source.logged.paths.count == 2 && source.logged.paths.allSatisfy { $0 == ["me", "lastName"] }, "each read reports the LOG once")

        let none = try source.prepare("query ParityNoneUnderCatchQuery { me @catch(to: RESULT) { lastName @required(action: NONE) } }")
        #expect(try none.lens.read() == M.object(["me": .result(.ok(.null))]), "the NONE half: Relay gives {ok: true, value: null}")
    }
}
