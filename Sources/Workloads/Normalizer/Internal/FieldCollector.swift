import Runtime

/// The fields one response object answers, by response key: GraphQL's CollectFields over the
/// selection, with inline fragments and spreads whose type condition the object meets.
struct FieldCollector {
    /// The fields of one response key, merged from every place the selection names it.
    struct Group {
        var responseKey: String
        /// Every selection of the key; the first one names the field and its arguments.
        var fields: [Field]
        /// Whether every selection of the key sits under a type condition that could not be decided
        /// (no schema, or an object of unknown type). Such a field may be absent from the response.
        var isConditional: Bool

        /// Whether the key selects a leaf: no selection of it has a selection set.
        var isLeaf: Bool { fields.allSatisfy { $0.selections.isEmpty } }
    }

    /// Whether an object meets a type condition.
    enum ConditionOutcome {
        case applies
        case doesNotApply
        /// Neither can be told: the fragment is applied, and its fields may be absent.
        case unknown
    }

    let fragments: [String: Fragment]
    let schema: Schema?

    /// Collects the fields of `selectionSets` for an object whose type is `concreteType` (its
    /// `__typename`, or an object field type) or, failing that, is known only to be `staticType`.
    ///
    /// - Throws: `NormalizeError.document` when a spread names a fragment the operation lacks.
    func collect(_ selectionSets: [[Selection]], concreteType: String?, staticType: String?) throws(NormalizeError) -> [Group] {
        var groups: [Group] = []
        var visited: [String: Bool] = [:]
        for selections in selectionSets {
            try collect(selections, isConditional: false, concreteType: concreteType, staticType: staticType, into: &groups, visited: &visited)
        }
        return groups
    }

    private func collect(
        _ selections: [Selection], isConditional: Bool, concreteType: String?, staticType: String?,
        into groups: inout [Group], visited: inout [String: Bool]
    ) throws(NormalizeError) {
        for selection in selections {
            switch selection {
            case .field(let field):
                let key = field.responseKey
                if let index = groups.firstIndex(where: { $0.responseKey == key }) {
                    groups[index].fields.append(field)
                    groups[index].isConditional = groups[index].isConditional && isConditional
                } else {
                    groups.append(Group(responseKey: key, fields: [field], isConditional: isConditional))
                }
            case .inlineFragment(let inline):
                let outcome = self.outcome(of: inline.typeCondition, concreteType: concreteType, staticType: staticType)
                guard outcome != .doesNotApply else { continue }
                try collect(
                    inline.selections, isConditional: isConditional || outcome == .unknown,
                    concreteType: concreteType, staticType: staticType, into: &groups, visited: &visited)
            case .fragmentSpread(let spread):
                guard let fragment = fragments[spread.name] else { throw .document(.unknownFragment(spread.name)) }
                let outcome = self.outcome(of: fragment.typeCondition, concreteType: concreteType, staticType: staticType)
                guard outcome != .doesNotApply else { continue }
                let conditional = isConditional || outcome == .unknown
                // A fragment is collected once per object, as CollectFields' visited set says, which
                // also ends a cycle of spreads; a second, unconditional spread may still firm it up.
                if let wasDefinite = visited[spread.name], wasDefinite || conditional { continue }
                visited[spread.name] = !conditional
                try collect(
                    fragment.selections, isConditional: conditional,
                    concreteType: concreteType, staticType: staticType, into: &groups, visited: &visited)
            }
        }
    }

    /// Whether an object of `concreteType` (or, unknown, of static type `staticType`) meets `condition`.
    ///
    /// Without a schema a condition naming another type may be an interface or union the object
    /// belongs to, so it is undecided rather than refused; so is any condition on an object of
    /// unknown type, except one naming the static type itself.
    func outcome(of condition: String?, concreteType: String?, staticType: String?) -> ConditionOutcome {
        guard let condition else { return .applies }
        if let concreteType {
            if condition == concreteType { return .applies }
            guard let schema, schema.type(named: condition) != nil, schema.type(named: concreteType) != nil else { return .unknown }
            return schema.objectType(concreteType, meets: condition) ? .applies : .doesNotApply
        }
        if let staticType, condition == staticType { return .applies }
        return .unknown
    }
}
