import JSON

/// The steps that bring a results file of an older layout to the next, on its JSON before decoding:
/// the upgrades `ResultsSchema.changes` names. They are the one place that knows what an older file
/// lacks, so the file's types decode one layout, and strictly.
enum ResultsUpgrade {
    /// Schema 1 to 2: the keys that came under schema 1 and are required from 2, filled in as the run
    /// that wrote the file was made, and the verdict's former word.
    @Sendable static func fromSchema1(_ file: inout JSONValue) {
        file.update("options") { $0.fill("forks", .int(1)) }
        file.updateEach("measurements") { $0.update("policy") { $0.fill("maximumBatchesPerRound", .int(1)) } }
        file.updateEach("limits") { limit in
            limit.fill("bodyDifferences", .null)
            limit.renameVerdict()
        }
        file.updateEach("readFloor") { $0.renameVerdict() }
        // A point of schema 1 may not name its measurement: it is the one of its fit's strategy whose
        // median the point's y is, as the run drew it.
        let measurements = file["measurements"]?.elements ?? []
        file.updateEach("fits") { fit in
            let strategy = fit["strategy"]
            fit.updateEach("points") { point in
                guard point["measurement"] == nil, let y = point["y"]?.number else { return }
                let drawn = measurements.first { $0["strategy"] == strategy && $0["summary"]?["median"]?.number == y }
                if let name = drawn?["name"] { point.set("measurement", name) }
            }
        }
    }

    /// Schema 2 to 3: the strategy of a figure no shape changes, `none`, is `unshaped`.
    @Sendable static func fromSchema2(_ file: inout JSONValue) {
        for key in ["measurements", "counts", "fits", "limits"] {
            file.updateEach(key) { entry in
                if entry["strategy"] == .string("none") { entry.set("strategy", .string(FigureStrategy.unshaped.rawValue)) }
            }
        }
    }

    /// Schema 6 to 7: a file with instruction counts made them by `CountingMethod` 1.
    /// `method` as its clauses: schema 8 and before joined them with "; ", which no clause of those
    /// files holds otherwise but inside the sampling and looks clauses, which a report split alike.
    @Sendable static func fromSchema8(_ file: inout JSONValue) {
        guard case .string(let text)? = file["method"] else { return }
        let clauses = text.components(separatedBy: "; ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        file.set("method", .array(clauses.map(JSONValue.string)))
    }

    @Sendable static func fromSchema6(_ file: inout JSONValue) {
        let counted = file["measurements"]?.elements?.contains { entry in
            if let count = entry["instructionsPerOperation"], count != .null { return true }
            return false
        }
        if counted == true { file.set("countingMethod", .int(1)) }
    }
}

extension JSONValue {
    /// The number, integer or not; nil when this is not a number.
    fileprivate var number: Double? {
        switch self {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    /// Sets the member `key` of an object, adding it when there is none; anything else is left alone.
    fileprivate mutating func set(_ key: String, _ value: JSONValue) {
        guard case .object(var members) = self else { return }
        self = .null
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(Member(key, value))
        }
        self = .object(members)
    }

    /// Says `undecided` for a verdict of `inconclusive`, the word schema 1 used first.
    fileprivate mutating func renameVerdict() {
        if self["verdict"] == .string("inconclusive") { set("verdict", .string("undecided")) }
    }

    /// Adds the member `key` to an object that has none.
    fileprivate mutating func fill(_ key: String, _ value: JSONValue) {
        if case .object = self, self[key] == nil { set(key, value) }
    }

    /// Changes the value of the member `key`, when this is an object that has one.
    fileprivate mutating func update(_ key: String, _ change: (inout JSONValue) -> Void) {
        guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key == key }) else { return }
        // Let go of the old value first, so the change does not copy what it changes.
        self = .null
        change(&members[index].value)
        self = .object(members)
    }

    /// Changes each element of the array that is the member `key`, when there is one.
    fileprivate mutating func updateEach(_ key: String, _ change: (inout JSONValue) -> Void) {
        update(key) { array in
            guard case .array(var elements) = array else { return }
            array = .null
            for index in elements.indices { change(&elements[index]) }
            array = .array(elements)
        }
    }
}
