import Foundation
import Harness
import JSON

/// Turns a parsed limits file into limits, or the first reason it is not one.
struct LimitsReader {
    let path: String

    /// The file's keys, and the version that added each group: `changes` (why each version after the
    /// first was made), `shapes` (the order the shapes are preferred in, and the fallback), `looks`
    /// (the forks each look judges on, and the level over all looks), `noise` (the bounds of a
    /// disturbed run).
    private static let topKeysBySince: [(since: Int, keys: Set<String>)] = [
        (1, ["version", "decision", "units", "limits"]), (2, ["changes"]), (3, ["shapes"]), (4, ["looks"]), (6, ["noise"]),
    ]
    private static let noiseKeys: Set = ["runQueueShare", "ownRatioSpread", "note"]
    private static let lookKeys: Set = ["forks", "level"]
    /// Version 5 budgets the decision: `wrongShip` and `spending` in place of `level`.
    private static let lookKeysSinceVersion5: Set = ["forks", "wrongShip", "spending"]
    private static let changeKeys: Set = ["version", "date", "note"]
    private static let shapeKeys: Set = ["preference", "fallback"]
    private static let limitKeys: Set = [
        "id", "description", "metric", "statistic", "strategy", "comparison", "threshold", "unit", "source", "denominator",
    ]
    /// Version 6 adds a timing's `clock`.
    private static let limitKeysSinceVersion6: Set = limitKeys.union(["clock"])

    /// The limits file `root` is, its bytes' digest `sha256`.
    mutating func read(_ root: JSONValue, sha256: String) throws(BenchError) -> LimitsFile {
        let members = try object(root, what: "the file")
        let versionValue = try number(members, "version", in: "the file")
        guard let version = LimitsFile.supportedVersions.first(where: { Double($0) == versionValue }) else {
            let supported = LimitsFile.supportedVersions.map(String.init)
            let list = supported.dropLast().joined(separator: ", ") + " and " + supported.last!
            throw failure("unsupported version \(Self.format(versionValue)) (this bench reads versions \(list))")
        }
        let known = Self.topKeysBySince.filter { $0.since <= version }.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
        try refuseUnknownKeys(members, known: known, in: "the file")
        if version >= 2 { try readChanges(members, upTo: version) }
        let shapes = version >= 3 ? try readShapes(members) : nil
        let looks = version >= 4 ? try readLooks(members, version: version) : nil
        let noise = version >= 6 ? try readNoise(members) : nil
        let decision = try string(members, "decision", in: "the file")
        _ = try string(members, "units", in: "the file")
        guard case .array(let elements) = try value(members, "limits", in: "the file") else {
            throw failure("'limits' must be an array")
        }
        guard !elements.isEmpty else { throw failure("'limits' declares no limit") }
        var limits: [Limit] = []
        for (index, element) in elements.enumerated() {
            let limit = try readLimit(element, number: index + 1, version: version, shapes: shapes)
            guard !limits.contains(where: { $0.id == limit.id }) else { throw failure("duplicate limit id '\(limit.id)'") }
            limits.append(limit)
        }
        // A shape without a limit would pass on nothing at all.
        if let shapes, let bare = shapes.preference.first(where: { shape in !limits.contains { $0.shape == shape } }) {
            throw failure("shape '\(bare.rawValue)' of 'preference' has no limit")
        }
        if let looks { try checkFirstLookCanDecide(looks, limits: limits, shapes: shapes) }
        return LimitsFile(
            path: path, version: version, decision: decision, limits: limits, sha256: sha256, shapes: shapes, looks: looks, noise: noise)
    }

    /// `noise`: the run-queue share and the fork's own ratio spread past which a run was disturbed.
    private func readNoise(_ members: [JSONValue.Member]) throws(BenchError) -> NoiseBounds {
        let owner = "'noise'"
        let fields = try object(try value(members, "noise", in: "the file"), what: owner)
        try refuseUnknownKeys(fields, known: Self.noiseKeys, in: owner)
        let share = try number(fields, "runQueueShare", in: owner)
        guard share > 0, share < 1 else { throw failure("\(owner): 'runQueueShare' must lie between 0 and 1, not \(Self.format(share))") }
        let spread = try number(fields, "ownRatioSpread", in: owner)
        guard spread > 0, spread.isFinite else { throw failure("\(owner): 'ownRatioSpread' must be above 0, not \(Self.format(spread))") }
        return NoiseBounds(runQueueShare: share, ownRatioSpread: spread, note: try string(fields, "note", in: owner))
    }

    /// `looks`: the rising fork counts a run judges on, the first the run's own, and the level over all.
    private func readLooks(_ members: [JSONValue.Member], version: Int) throws(BenchError) -> LookSchedule {
        let owner = "'looks'"
        let fields = try object(try value(members, "looks", in: "the file"), what: owner)
        try refuseUnknownKeys(fields, known: version >= 5 ? Self.lookKeysSinceVersion5 : Self.lookKeys, in: owner)
        let list = try value(fields, "forks", in: owner)
        guard case .array(let entries) = list else { throw failure("\(owner): 'forks' must be an array, not \(list.typeName)") }
        var forks: [Int] = []
        for entry in entries {
            guard case .int(let count) = entry, count >= 2, count <= RunOptions.maximumForks else {
                throw failure("\(owner): 'forks' must list whole numbers from 2 to \(RunOptions.maximumForks)")
            }
            guard forks.last.map({ count > $0 }) ?? true else { throw failure("\(owner): 'forks' must rise, and \(count) does not") }
            forks.append(count)
        }
        guard !forks.isEmpty else { throw failure("\(owner): 'forks' names no look") }
        if version >= 5 {
            let wrongShip = try number(fields, "wrongShip", in: owner)
            guard wrongShip > 0, wrongShip < 0.5 else {
                throw failure("\(owner): 'wrongShip' must lie between 0 and 0.5, not \(Self.format(wrongShip))")
            }
            let list = try value(fields, "spending", in: owner)
            guard case .array(let entries) = list else { throw failure("\(owner): 'spending' must be an array, not \(list.typeName)") }
            var spending: [Double] = []
            for entry in entries {
                let share: Double
                switch entry {
                case .int(let whole): share = Double(whole)
                case .double(let fraction): share = fraction
                default: throw failure("\(owner): 'spending' must list numbers, not \(entry.typeName)")
                }
                guard share > 0 else { throw failure("\(owner): 'spending' must list shares above 0, not \(Self.format(share))") }
                spending.append(share)
            }
            guard spending.count == forks.count else {
                throw failure("\(owner): 'spending' has \(spending.count) shares for \(forks.count) looks; give one for each count of 'forks'")
            }
            // Summed in the file's order, as a reader adds them; a hair over 1 from decimal fractions is 1.
            guard spending.reduce(0, +) <= 1 + 1e-9 else {
                throw failure("\(owner): 'spending' adds up to \(Self.format(spending.reduce(0, +))), more than the whole budget (1)")
            }
            return LookSchedule(forks: forks, wrongShip: wrongShip, spending: spending)
        }
        let level = try number(fields, "level", in: owner)
        guard level > 0, level < 1 else { throw failure("\(owner): 'level' must lie between 0 and 1, not \(Self.format(level))") }
        return LookSchedule(forks: forks, level: level)
    }

    /// `changes`: one entry for each version after the first, in order, each saying why it was made.
    private func readChanges(_ members: [JSONValue.Member], upTo version: Int) throws(BenchError) {
        guard case .array(let entries) = try value(members, "changes", in: "the file") else {
            throw failure("'changes' must be an array")
        }
        guard entries.count == version - 1 else {
            throw failure("'changes' has \(entries.count) entr\(entries.count == 1 ? "y" : "ies"); version \(version) needs one for each version after the first (\(version - 1))")
        }
        for (index, entry) in entries.enumerated() {
            let owner = "change \(index + 1)"
            let fields = try object(entry, what: owner)
            try refuseUnknownKeys(fields, known: Self.changeKeys, in: owner)
            guard try number(fields, "version", in: owner) == Double(index + 2) else {
                throw failure("\(owner): 'version' must be \(index + 2)")
            }
            _ = try string(fields, "date", in: owner)
            _ = try string(fields, "note", in: owner)
        }
    }

    /// `shapes`: the shapes a decision may ship, preferred first, and the stored fallback.
    private func readShapes(_ members: [JSONValue.Member]) throws(BenchError) -> ShapePreference {
        let owner = "'shapes'"
        let fields = try object(try value(members, "shapes", in: "the file"), what: owner)
        try refuseUnknownKeys(fields, known: Self.shapeKeys, in: owner)
        let fallback = try choice(fields, "fallback", of: FigureStrategy.self, in: owner)
        guard fallback == .fallback else {
            throw failure("\(owner): 'fallback' must be \(FigureStrategy.fallback.rawValue) (the phase as today), not '\(fallback.rawValue)'")
        }
        let list = try value(fields, "preference", in: owner)
        guard case .array(let entries) = list else { throw failure("\(owner): 'preference' must be an array, not \(list.typeName)") }
        guard !entries.isEmpty else { throw failure("\(owner): 'preference' names no shape") }
        var preference: [FigureStrategy] = []
        for entry in entries {
            guard case .string(let name) = entry else {
                throw failure("\(owner): 'preference' must list names, not \(entry.typeName)")
            }
            guard let shape = FigureStrategy(rawValue: name), shape != .unshaped, shape != fallback else {
                let allowed = FigureStrategy.measured.filter { $0 != fallback }.map(\.rawValue).joined(separator: ", ")
                throw failure("\(owner): '\(name)' is not a shape (expected one of: \(allowed))")
            }
            guard !preference.contains(shape) else { throw failure("\(owner): '\(name)' is named twice in 'preference'") }
            preference.append(shape)
        }
        return ShapePreference(preference: preference, fallback: fallback)
    }

    private func readLimit(_ element: JSONValue, number: Int, version: Int, shapes: ShapePreference?) throws(BenchError) -> Limit {
        let members = try object(element, what: "limit \(number)")
        let id = try string(members, "id", in: "limit \(number)")
        let name = "limit '\(id)'"
        try refuseUnknownKeys(members, known: version >= 6 ? Self.limitKeysSinceVersion6 : Self.limitKeys, in: name)
        let statistic = try choice(members, "statistic", of: Statistic.self, in: name)
        if statistic.retiredInVersion5, version >= 5 {
            throw failure("\(name): statistic '\(statistic.rawValue)' was retired in version 5, which gives each fork one vote: use pairedRatioToStored or pairedRatioOfMedians")
        }
        let strategy: FigureStrategy? =
            if has(members, "strategy") {
                try choice(members, "strategy", of: FigureStrategy.self, in: name)
            } else { nil }
        let unitText = try string(members, "unit", in: name)
        guard let unit = LimitUnit(rawValue: unitText) else {
            throw failure("\(name): unknown unit '\(unitText)' (thresholds are stored in canonical units: ns for timings, count for counts, ratio for ratios)")
        }
        guard unit == statistic.canonicalUnit else {
            throw failure("\(name): statistic '\(statistic.rawValue)' is stored in '\(statistic.canonicalUnit.rawValue)', not '\(unit.rawValue)'")
        }
        if statistic.needsVersion4, version < 4 {
            throw failure("\(name): statistic '\(statistic.rawValue)' needs version 4 (this file is version \(version))")
        }
        if let shapes {
            try checkShape(strategy, of: statistic, shapes: shapes, in: name)
        } else {
            try checkBeforeVersion3(strategy, of: statistic, version: version, in: name)
        }
        let comparison = try choice(members, "comparison", of: Comparison.self, in: name)
        if statistic.isByBody, comparison != .lessThan, comparison != .lessThanOrEqualTo {
            throw failure("\(name): statistic '\(statistic.rawValue)' bounds each body's extra re-runs from above: comparison must be lessThan or lessThanOrEqualTo")
        }
        let threshold = try readThreshold(members, statistic: statistic, comparison: comparison, in: name)
        let denominator: String? = statistic.takesDenominator ? try string(members, "denominator", in: name) : nil
        if !statistic.takesDenominator, has(members, "denominator") {
            throw failure("\(name): statistic '\(statistic.rawValue)' takes no 'denominator' (only ratioOfMedians and pairedRatioOfMedians do)")
        }
        if statistic == .pairedRatioToStored, strategy == .fallback {
            throw failure("\(name): statistic 'pairedRatioToStored' divides a shape by \(FigureStrategy.fallback.rawValue): its strategy cannot be \(FigureStrategy.fallback.rawValue)")
        }
        let clock: TimingClock? =
            if version >= 6, statistic.isTiming {
                try choice(members, "clock", of: TimingClock.self, in: name)
            } else { nil }
        if version >= 6, !statistic.isTiming, has(members, "clock") {
            throw failure("\(name): a count is exact and takes no 'clock' (only a timing does)")
        }
        return Limit(
            id: id,
            description: try string(members, "description", in: name),
            metric: try string(members, "metric", in: name),
            statistic: statistic,
            strategy: strategy,
            comparison: comparison,
            threshold: threshold,
            unit: unit,
            source: try string(members, "source", in: name),
            denominator: denominator,
            clock: clock)
    }

    /// Versions 1 and 2: a timing of derived or stored; a count compares derived with stored and names
    /// no strategy.
    private func checkBeforeVersion3(_ strategy: FigureStrategy?, of statistic: Statistic, version: Int, in name: String) throws(BenchError) {
        if statistic.needsVersion3 {
            throw failure("\(name): statistic '\(statistic.rawValue)' needs version 3 (this file is version \(version))")
        }
        if statistic.isTiming {
            guard let strategy, strategy == .derived || strategy == .stored else {
                if let strategy, strategy != .unshaped { throw failure("\(name): strategy '\(strategy.rawValue)' needs version 3 (this file is version \(version))") }
                throw failure("\(name): a timing limit needs 'strategy' (derived or stored)")
            }
        } else if strategy != nil {
            throw failure("\(name): statistic '\(statistic.rawValue)' compares both shapes and takes no 'strategy'")
        }
    }

    /// Version 3: every limit names the shape it belongs to, one of the preference, and a count
    /// compares that shape with stored.
    private func checkShape(_ strategy: FigureStrategy?, of statistic: Statistic, shapes: ShapePreference, in name: String) throws(BenchError) {
        let allowed = shapes.preference.map(\.rawValue).joined(separator: ", ")
        guard let strategy else { throw failure("\(name): a limit of version 3 needs 'strategy', the shape it belongs to (one of: \(allowed))") }
        guard shapes.preference.contains(strategy) else {
            throw failure("\(name): strategy '\(strategy.rawValue)' is not a shape of 'preference' (one of: \(allowed))")
        }
        if statistic == .derivedMinusStored || statistic == .derivedMinusStoredByBody {
            throw failure("\(name): statistic '\(statistic.rawValue)' is of versions 1 and 2; version 3 counts with minusStoredByBody and the shape in 'strategy'")
        }
    }

    /// `threshold`: none for `medianAtMostStoredUpperBound`, whose bound is the run's; else a number,
    /// not negative, whole for a count, above 0 for a ratio.
    private func readThreshold(
        _ members: [JSONValue.Member], statistic: Statistic, comparison: Comparison, in name: String
    ) throws(BenchError) -> Double? {
        if statistic == .medianAtMostStoredUpperBound {
            guard !has(members, "threshold") else {
                throw failure("\(name): statistic 'medianAtMostStoredUpperBound' takes no 'threshold': its bound is stored's upper 95% bound in the same run")
            }
            guard comparison == .lessThanOrEqualTo else {
                throw failure("\(name): statistic 'medianAtMostStoredUpperBound' is 'at most': comparison must be lessThanOrEqualTo")
            }
            return nil
        }
        let threshold = try self.number(members, "threshold", in: name)
        guard threshold >= 0 else { throw failure("\(name): threshold \(Self.format(threshold)) is negative") }
        guard statistic.isTiming || threshold == threshold.rounded() else {
            throw failure("\(name): a count threshold must be a whole number, not \(Self.format(threshold))")
        }
        guard statistic.canonicalUnit != .ratio || threshold > 0 else { throw failure("\(name): a ratio's threshold must be above 0") }
        return threshold
    }

    // MARK: - Typed access

    /// A schedule whose first look asks for intervals its forks cannot give decides nothing there: every
    /// timing limit of every shape would be undecided at the first look. With the error budget shared by
    /// more shapes each look's level rises (docs/adding-a-shape.md), so a file that adds a shape to the
    /// budget must give its first look more forks, or a larger share of the budget, in the same version.
    private func checkFirstLookCanDecide(_ looks: LookSchedule, limits: [Limit], shapes: ShapePreference?) throws(BenchError) {
        guard looks.wrongShip != nil, let first = looks.forks.first, limits.contains(where: \.isTiming) else { return }
        let sharing = LookSchedule.shapesSharingTheBudget(limits: limits, shapes: shapes)
        let level = looks.level(forks: first, shapes: sharing)
        let paired = limits.contains { $0.isTiming && $0.statistic == .pairedRatioToStored }
        let needed = max(ForkMedians.fewest(level: level), paired ? PairedRatio.fewestProcesses(level: level) : 0)
        guard needed > first else { return }
        throw failure(
            "'looks': \(sharing) shape\(sharing == 1 ? "" : "s") share 'wrongShip', so the first look's intervals are at "
                + "\(Self.format(level * 100)) %, which \(first) forks cannot give (\(needed) can): give the first look more forks, "
                + "or the first share of 'spending' more")
    }

    private func failure(_ message: String) -> BenchError {
        BenchError("\(path): \(message)")
    }

    private func object(_ json: JSONValue, what: String) throws(BenchError) -> [JSONValue.Member] {
        guard case .object(let members) = json else { throw failure("\(what) must be an object, not \(json.typeName)") }
        return members
    }

    private func refuseUnknownKeys(_ members: [JSONValue.Member], known: Set<String>, in owner: String) throws(BenchError) {
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw failure("\(owner): unknown key '\(unknown.key)'")
        }
    }

    private func has(_ members: [JSONValue.Member], _ key: String) -> Bool {
        members.contains { $0.key == key }
    }

    private func value(_ members: [JSONValue.Member], _ key: String, in owner: String) throws(BenchError) -> JSONValue {
        guard let member = members.first(where: { $0.key == key }) else { throw failure("\(owner): missing '\(key)'") }
        return member.value
    }

    private func string(_ members: [JSONValue.Member], _ key: String, in owner: String) throws(BenchError) -> String {
        let json = try value(members, key, in: owner)
        guard case .string(let text) = json else { throw failure("\(owner): '\(key)' must be a string, not \(json.typeName)") }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw failure("\(owner): '\(key)' is empty") }
        return text
    }

    private func number(_ members: [JSONValue.Member], _ key: String, in owner: String) throws(BenchError) -> Double {
        let json = try value(members, key, in: owner)
        switch json {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: throw failure("\(owner): '\(key)' must be a number, not \(json.typeName)")
        }
    }

    private func choice<Choice: RawRepresentable & CaseIterable>(
        _ members: [JSONValue.Member], _ key: String, of type: Choice.Type, in owner: String
    ) throws(BenchError) -> Choice where Choice.RawValue == String {
        let text = try string(members, key, in: owner)
        guard let choice = Choice(rawValue: text) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw failure("\(owner): unknown \(key) '\(text)' (expected one of: \(allowed))")
        }
        return choice
    }

    /// A number as written for a person: `2`, not `2.0`.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
