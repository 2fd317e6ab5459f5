import Testing
@testable import Runtime

/// The walks iterate `walkItems` in place of `items`: each entry must name the same object, in the same
/// order, or a walk would read another selection than the lens does.
struct UnretainedSelectionTests {
    @Test func walkItemsNameTheObjectsOfItemsInOrder() throws {
        let operation = Operation(.query, selections: [
            .field(Field("viewer", selections: [.field(Field("name"))])),
            .inlineFragment(InlineFragment(on: "Query", selections: [.field(Field("id"))])),
            .fragmentSpread(FragmentSpread("Q_query")),
            .inlineFragment(InlineFragment(on: nil, selections: [.field(Field("count"))])),
            .field(Field("leaf")),
        ], fragments: [Fragment("Q_query", on: "Query", selections: [.field(Field("id"))])])
        let root = try PreparedOperation(operation, store: Store()).root
        #expect(root.walkItems.count == root.items.count)
        #expect(root.inlineConditions == ["Query", nil], "one condition an inline fragment, in order")
        for (item, unretained) in zip(root.items, root.walkItems) {
            switch (item, unretained) {
            case (.field(let field), .field(let same, let selections)):
                #expect(same.takeUnretainedValue() === field)
                #expect(selections?.takeUnretainedValue() === field.selections, "the field's own selections, or none for a leaf")
            case (.inline(let condition, let set), .inline(let same, let index)):
                #expect(same.takeUnretainedValue() === set)
                #expect(root.inlineConditions[index] == condition)
            case (.spread(let fragment), .spread(let same)):
                #expect(same.takeUnretainedValue() === fragment)
            default:
                Issue.record("\(unretained) stands in for another kind of entry than \(item)")
            }
        }
    }
}
