import Testing
@testable import Runtime

struct DocumentTests {
    @Test func storageKeySortsArgumentsAndResolvesVariables() {
        let field = Field(
            "characters",
            arguments: [
                Argument(name: "page", value: .variable("page")),
                Argument(name: "filter", value: .object([.init(name: "name", value: .string("Rick")), .init(name: "alive", value: .bool(true))])),
            ]
        )
        #expect(field.storageKey(variables: ["page": .int(2)]) == #"characters(filter:{alive:true,name:"Rick"},page:2)"#)
        #expect(Field("name").storageKey(variables: [:]) == "name", "a field without arguments is stored under its name")
    }

    @Test func directivesReadWithRelayDefaults() {
        #expect([Directive("required")].requiredAction == RequiredAction.none, "@required without action is NONE")
        #expect([Directive.required(.throw)].requiredAction == .throw)
        #expect([Directive("catch")].catchTarget == .result, "@catch without to is RESULT")
        #expect([Directive.catch(to: .null)].catchTarget == .null)
        #expect([Directive]().requiredAction == nil)
    }

    @Test func documentLinksReachableFragmentsToEachOperation() {
        let inner = Fragment("Inner", on: "Character", selections: [.field(Field("name"))])
        let outer = Fragment("Outer", on: "Character", selections: [.fragmentSpread(FragmentSpread("Inner"))])
        let unused = Fragment("Unused", on: "Character", selections: [.field(Field("id"))])
        let query = Operation(.query, name: "Q", selections: [.field(Field("character", selections: [.fragmentSpread(FragmentSpread("Outer"))]))])
        let document = Document(operations: [query], fragments: [inner, outer, unused])
        #expect(Set(document.operation(named: "Q")!.fragments.keys) == ["Inner", "Outer"])
    }

    @Test func variablesFillDeclaredDefaults() {
        let operation = Operation(
            .query,
            variableDefinitions: [VariableDefinition("page", type: .named("Int"), defaultValue: .int(1)), VariableDefinition("name", type: .named("String"))],
            selections: []
        )
        #expect(operation.variables([:]) == ["page": .int(1)])
        #expect(operation.variables(["page": .int(3)]) == ["page": .int(3)])
    }
}
