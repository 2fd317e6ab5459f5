// MARK: - Parsing callgrind's format

extension CallgrindProfile {
    /// Parses the text of one callgrind dump.
    ///
    /// A cost line after `fn=` is the function's own cost; a `calls=COUNT TARGET` line says the
    /// current function called the last `cfn=` COUNT times, and the cost line after it is what those
    /// calls cost inclusively. So a function's inclusive cost is its self cost plus the costs of its
    /// call lines (calls to itself left out). Names may be compressed: `(7) name` defines id 7 in its
    /// kind's table (functions for `fn`/`cfn`, objects for `ob`/`cob`, files for the rest), `(7)`
    /// alone refers to it. Positions (`positions: line`, or `instr line`) are skipped, as are
    /// `jump=`/`jcnd=` lines.
    ///
    /// - Throws: `CallgrindDump.Malformed` naming the line for a reference to an undefined id, a cost
    ///   before any `fn=`, a `calls=` without a `cfn=` or a cost line after it, a number that is not
    ///   one, or a dump without `events:` or an `Ir` event.
    public static func parse(_ text: String) throws(CallgrindDump.Malformed) -> CallgrindProfile {
        var reader = Reader()
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            do {
                try reader.read(line)
            } catch {
                throw CallgrindDump.Malformed(reason: "line \(number): \(error.reason)")
            }
        }
        guard reader.pendingCalls == nil else { throw CallgrindDump.Malformed(reason: "a 'calls=' line ends the file without its cost line") }
        guard let irIndex = reader.events.firstIndex(of: "Ir") else { throw CallgrindDump.Malformed(reason: "no 'events:' line with Ir") }
        let total = reader.totals.map { irIndex < $0.count ? $0[irIndex] : 0 } ?? reader.functions.values.reduce(0) { $0 + $1.selfInstructions }
        var functions = reader.functions
        for (name, function) in functions {
            functions[name]?.inclusiveInstructions = function.selfInstructions + reader.callCosts[name, default: 0]
        }
        return CallgrindProfile(trigger: reader.trigger, totalInstructions: total, functions: functions)
    }

    /// The parser's state between lines.
    private struct Reader {
        var trigger = ""
        var events: [String] = []
        var positionCount = 1
        var totals: [UInt64]?
        var functions: [String: FunctionCost] = [:]
        /// The inclusive cost of each function's calls to others, added to its self cost at the end.
        var callCosts: [String: UInt64] = [:]
        var names: [String: [String: String]] = [:]
        var object = ""
        var function: String?
        var callee: String?
        var calleeObject: String?
        var pendingCalls: UInt64?

        mutating func read(_ line: Substring) throws(CallgrindDump.Malformed) {
            guard let first = line.first, first != "#" else { return }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                return try cost(line)
            }
            if let equals = line.firstIndex(of: "="), !line[..<equals].contains(":") {
                return try specification(String(line[..<equals]), line[line.index(after: equals)...])
            }
            guard let colon = line.firstIndex(of: ":") else { throw CallgrindDump.Malformed(reason: "not a line of callgrind's format: '\(line)'") }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            switch line[..<colon] {
            case "desc":
                if value.hasPrefix("Trigger: ") {
                    let trigger = value.dropFirst("Trigger: ".count)
                    self.trigger = String(trigger.hasPrefix(CallgrindDump.clientRequestPrefix) ? trigger.dropFirst(CallgrindDump.clientRequestPrefix.count) : trigger)
                }
            case "events": events = value.split(separator: " ").map(String.init)
            case "positions": positionCount = max(1, value.split(separator: " ").count)
            case "totals": totals = try Self.numbers(value.split(separator: " "))
            default: break
            }
        }

        mutating func specification(_ key: String, _ value: Substring) throws(CallgrindDump.Malformed) {
            switch key {
            case "ob": object = try name(value, table: "ob")
            case "cob": calleeObject = try name(value, table: "ob")
            case "fl", "fi", "fe", "cfi", "cfl": _ = try name(value, table: "fl")
            case "fn":
                let name = try name(value, table: "fn")
                function = name
                callee = nil
                if functions[name] == nil {
                    functions[name] = FunctionCost(name: name, object: object, selfInstructions: 0, inclusiveInstructions: 0, calls: 0)
                }
            case "cfn": callee = try name(value, table: "fn")
            case "calls":
                guard callee != nil, function != nil else { throw CallgrindDump.Malformed(reason: "'calls=' without 'fn=' and 'cfn=' before it") }
                guard let count = value.split(separator: " ").first.flatMap({ UInt64($0) }) else {
                    throw CallgrindDump.Malformed(reason: "'calls=\(value)' has no call count")
                }
                pendingCalls = count
            case "jump", "jcnd": break
            default: throw CallgrindDump.Malformed(reason: "unknown specification '\(key)='")
            }
        }

        /// A name, resolving and recording `(id)` compression in `table`.
        mutating func name(_ value: Substring, table: String) throws(CallgrindDump.Malformed) -> String {
            guard value.first == "(", let close = value.firstIndex(of: ")") else { return String(value) }
            let id = String(value[value.index(after: value.startIndex)..<close])
            let rest = value[value.index(after: close)...].drop { $0 == " " }
            if rest.isEmpty {
                guard let known = names[table]?[id] else { throw CallgrindDump.Malformed(reason: "name (\(id)) used before it is defined") }
                return known
            }
            names[table, default: [:]][id] = String(rest)
            return String(rest)
        }

        mutating func cost(_ line: Substring) throws(CallgrindDump.Malformed) {
            guard let function else { throw CallgrindDump.Malformed(reason: "a cost line before any 'fn='") }
            let fields = line.split(separator: " ")
            let costs = try Self.numbers(fields.dropFirst(positionCount))
            let irIndex = events.firstIndex(of: "Ir") ?? 0
            let instructions = irIndex < costs.count ? costs[irIndex] : 0
            guard let count = pendingCalls, let callee else {
                functions[function]?.selfInstructions += instructions
                return
            }
            if functions[callee] == nil {
                functions[callee] = FunctionCost(name: callee, object: calleeObject ?? object, selfInstructions: 0, inclusiveInstructions: 0, calls: 0)
            }
            pendingCalls = nil
            calleeObject = nil
            functions[callee]?.calls += count
            if callee != function { callCosts[function, default: 0] += instructions }
        }

        static func numbers(_ fields: some Sequence<Substring>) throws(CallgrindDump.Malformed) -> [UInt64] {
            var result: [UInt64] = []
            for field in fields {
                guard let number = UInt64(field) else { throw CallgrindDump.Malformed(reason: "'\(field)' is not a count") }
                result.append(number)
            }
            return result
        }
    }
}
