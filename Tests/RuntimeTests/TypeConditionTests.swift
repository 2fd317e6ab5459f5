import Testing
@testable import Runtime

struct TypeConditionTests {
    @Test func anInlineFragmentOnAnAbstractTypeAppliesToItsPossibleTypesOnly() throws {
        let store = Store(possibleTypes: ["Node": ["Character", "Location"]])
        store.commit { transaction in
            let root = transaction.record(.root)
            let rick = transaction.record("Character:1", typename: "Character")
            let pilot = transaction.record("Episode:1", typename: "Episode")
            transaction.set(root, "search", .links([rick, pilot]))
            transaction.set(rick, "id", .scalar(.string("1")))
            transaction.set(pilot, "id", .scalar(.string("1")))
        }
        let operation = Operation(.query, selections: [
            .field(Field("search", selections: [.inlineFragment(InlineFragment(on: "Node", selections: [.field(Field("id"))]))])),
        ])
        let data = try PreparedOperation(operation, store: store).lens.read()
        #expect(data["search"]?[0] == .object([.init("id", .scalar(.string("1")))]), "a Character is a Node")
        #expect(data["search"]?[1] == .object([]), "an Episode is not")
        #expect(store.typeCondition("Character", appliesTo: "Character"))
        #expect(store.typeCondition("Location", appliesTo: nil), "a record of unknown type gets the benefit of the doubt")
        #expect(!store.typeCondition("Location", appliesTo: "Character"))
    }
}
