import Foundation
import Testing

@testable import BenchTool

/// The committed limits file, and every way a limits file is refused: whole, or not at all.
struct LimitsFileTests {
    /// A valid file with one limit whose members are given; `members` replaces the limit's text.
    private static func file(limit members: String) -> String {
        """
        {
          "version": 1,
          "decision": "d",
          "units": "u",
          "limits": [
            {
        \(members)
            }
          ]
        }
        """
    }

    private static let goodLimit = """
              "id": "phase-read",
              "description": "a read",
              "metric": "phase.read.tracked(largest-strict)",
              "strategy": "derived",
              "statistic": "median",
              "comparison": "lessThan",
              "threshold": 50000,
              "unit": "ns",
              "source": "under 50 µs for a read"
        """

    private func refusal(_ text: String) -> String? { Synthetic.limitsRefusal(text) }

    /// The SHA-256 of limits.json as declared (version 6). A changed limits file fails here
    /// until the change is deliberate: a new version declared, with its `changes` note, and this
    /// hash moved with it in the same commit.
    static let declaredSHA256 = "6a4062e676311c4f6e1d1c8c9542174df2e4137741f9a2e52e7dd15714e33862"

    @Test func theCommittedFileDeclaresTheDecisionsTwoLimitsForEachDerivedShape() throws {
        let path = Synthetic.repositoryFile("limits.json")
        let file = try LimitsFile.load(path: path)
        #expect(file.version == 6)
        #expect(file.shapes?.preference == [.derived, .root, .incremental] && file.shapes?.fallback == .stored)
        #expect(file.looks == LookSchedule(forks: [8, 16, 32], wrongShip: 0.025, spending: [0.48, 0.26, 0.26]))
        #expect(file.limits.map(\.id) == [
            "phase-read", "extra-bodies", "root-phase-read", "root-extra-bodies", "root-cost-land", "root-cost-clear",
            "incremental-phase-read", "incremental-extra-bodies", "incremental-commit", "incremental-cost-land", "incremental-cost-clear",
        ])
        let sentence = "The limits, written before the bench runs: under 50 µs for a read, and no extra body for an operation whose own selection is spreads."
        for shape in [FigureStrategy.derived, .root, .incremental] {
            // The record's two limits, word for word and threshold for threshold, for each derived shape.
            let own = file.limits.filter { $0.shape == shape && $0.source == sentence }
            #expect(own.count == 2, "\(shape.rawValue): limits 1 and 2 of the record")
            let phaseRead = try #require(own.first { $0.statistic == .median })
            #expect(phaseRead.metric == "phase.read.tracked(largest-strict)" && phaseRead.strategy == shape)
            #expect(phaseRead.comparison == .lessThan && phaseRead.threshold == 50_000 && phaseRead.unit == .nanoseconds)
            let extraBodies = try #require(own.first { $0.statistic == .minusStoredByBody })
            #expect(extraBodies.metric == "verdict-read-value-changes(spreads-only)" && extraBodies.strategy == shape)
            #expect(extraBodies.comparison == .lessThanOrEqualTo && extraBodies.threshold == 0 && extraBodies.unit == .count)
        }
        // The cost is today's, for every shape that does its work at the commit: its median of the
        // landing and the clearing over stored's, paired, at most 1.05.
        for shape in [FigureStrategy.root, .incremental] {
            for (what, metric) in [
                ("land", "commit.field-errors.land(largest-strict, 1 handle)"), ("clear", "commit.field-errors.clear(largest-strict, 1 handle)"),
            ] {
                let cost = try #require(file.limits.first { $0.id == "\(shape.rawValue)-cost-\(what)" })
                #expect(cost.metric == metric && cost.strategy == shape && cost.statistic == .pairedRatioToStored)
                #expect(cost.comparison == .lessThanOrEqualTo && cost.threshold == 1.05 && cost.unit == .ratio)
            }
        }
        #expect(!file.limits.contains { $0.statistic == .medianAtMostStoredUpperBound }, "version 4 replaces root-commit")
        let incremental = try #require(file.limits.first { $0.id == "incremental-commit" })
        #expect(incremental.metric == "commit.verdict-read-value-changes(largest-strict, 1 handle)")
        #expect(incremental.denominator == "commit.verdict-read-value-changes(largest-strict, no handle)")
        #expect(incremental.statistic == .pairedRatioOfMedians && incremental.threshold == 1.5 && incremental.comparison == .lessThanOrEqualTo)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(file.sha256 == SHA256.hex(of: Array(bytes)))
        #expect(file.sha256 == Self.declaredSHA256, "limits.json is not the file declared: declare a new version, then move the hash")
    }

    @Test func versionTwoIsKeptForTheFiguresJudgedAgainstIt() throws {
        // The two-shape limits the tests' synthetic figures are judged against: limits.json as it was
        // committed at version 2.
        let file = try LimitsFile.load(path: Synthetic.repositoryFile("Tests/BenchToolTests/Fixtures/limits-v2.json"))
        #expect(file.version == 2 && file.limits.map(\.id) == ["phase-read", "extra-bodies"])
        #expect(file.limits[1].statistic == .derivedMinusStoredByBody && file.limits[1].strategy == nil)
    }

    @Test func aGoodFileIsReadWhole() throws {
        let file = try LimitsFile.parse(Array(Self.file(limit: Self.goodLimit).utf8), path: "limits.json")
        #expect(file.limits.count == 1 && file.limits[0].source == "under 50 µs for a read")
    }

    @Test func aMissingFileIsOneLine() {
        #expect(throws: BenchError("/nonexistent/limits.json: no such file")) {
            try LimitsFile.load(path: "/nonexistent/limits.json")
        }
    }

    @Test(arguments: [
        ("", "limits.json:1:1: expected a JSON value, found the end of the file"),
        ("{\n  \"version\": 1,\n  \"limits\": [}\n", "limits.json:3:14: expected a JSON value, found '}'"),
        ("{\"version\": 1 \"limits\": []}", "limits.json:1:15: expected ',' or '}' after a member of an object"),
        ("{\"version\": 1, \"version\": 1}", "limits.json:1:16: duplicate key 'version'"),
        ("{\"version\": 1} x", "limits.json:1:16: unexpected content after the JSON value"),
        ("{\"version\": 01}", "limits.json:1:13: a number may not have a leading zero"),
        ("{\"version\": \"1\n\"}", "limits.json:1:15: control character in a string (escape it)"),
        ("{\"µ\": tru}", "limits.json:1:7: expected 'true'"),
        ("[1, 2,]", "limits.json:1:7: expected a JSON value, found ']'"),
        ("{\"a\": \"\\x\"}", "limits.json:1:9: unknown escape '\\x'"),
    ])
    func syntaxErrorsPointAtTheCharacter(text: String, expected: String) {
        #expect(refusal(text) == expected)
    }

    @Test(arguments: [
        ("[]", "limits.json: the file must be an object, not an array"),
        ("{\"decision\": \"d\", \"units\": \"u\", \"limits\": []}", "limits.json: the file: missing 'version'"),
        ("{\"version\": 7, \"decision\": \"d\", \"units\": \"u\", \"limits\": []}",
         "limits.json: unsupported version 7 (this bench reads versions 1, 2, 3, 4, 5 and 6)"),
        ("{\"version\": 1, \"decision\": \"d\", \"units\": \"u\", \"changes\": [], \"limits\": []}",
         "limits.json: the file: unknown key 'changes'"),
        ("{\"version\": 2, \"decision\": \"d\", \"units\": \"u\", \"limits\": []}",
         "limits.json: the file: missing 'changes'"),
        ("{\"version\": 2, \"decision\": \"d\", \"units\": \"u\", \"changes\": [], \"limits\": []}",
         "limits.json: 'changes' has 0 entries; version 2 needs one for each version after the first (1)"),
        ("{\"version\": 2, \"decision\": \"d\", \"units\": \"u\", \"changes\": [{\"version\": 3, \"date\": \"x\", \"note\": \"y\"}], \"limits\": []}",
         "limits.json: change 1: 'version' must be 2"),
        ("{\"version\": 2, \"decision\": \"d\", \"units\": \"u\", \"changes\": [{\"version\": 2, \"date\": \"x\"}], \"limits\": []}",
         "limits.json: change 1: missing 'note'"),
        ("{\"version\": 2, \"decision\": \"d\", \"units\": \"u\", \"changes\": [{\"version\": 2, \"date\": \"x\", \"note\": \"y\", \"by\": \"z\"}], \"limits\": []}",
         "limits.json: change 1: unknown key 'by'"),
        ("{\"version\": 1, \"decision\": \"d\", \"units\": \"u\", \"limits\": []}", "limits.json: 'limits' declares no limit"),
        ("{\"version\": 1, \"decision\": \"d\", \"units\": \"u\", \"limits\": {}}", "limits.json: 'limits' must be an array"),
        ("{\"version\": 1, \"decision\": \"d\", \"units\": \"u\", \"limits\": [], \"extra\": 1}",
         "limits.json: the file: unknown key 'extra'"),
        ("{\"version\": 1, \"decision\": \"d\", \"units\": \"u\", \"limits\": [3]}",
         "limits.json: limit 1 must be an object, not a number"),
        ("{\"version\": 1, \"decision\": \"d\", \"units\": \"u\", \"limits\": [{}]}", "limits.json: limit 1: missing 'id'"),
    ])
    func fileLevelErrors(text: String, expected: String) {
        #expect(refusal(text) == expected)
    }

    @Test(arguments: [
        ("\"comparison\": \"lessThan\"", "\"comparison\": \"lessthan\"",
         "limits.json: limit 'phase-read': unknown comparison 'lessthan' (expected one of: lessThan, lessThanOrEqualTo, equalTo, greaterThanOrEqualTo, greaterThan)"),
        ("\"statistic\": \"median\"", "\"statistic\": \"mean\"",
         "limits.json: limit 'phase-read': unknown statistic 'mean' (expected one of: median, derivedMinusStored, derivedMinusStoredByBody, minusStoredByBody, medianAtMostStoredUpperBound, ratioOfMedians, pairedRatioToStored, pairedRatioOfMedians)"),
        ("\"strategy\": \"derived\"", "\"strategy\": \"fast\"",
         "limits.json: limit 'phase-read': unknown strategy 'fast' (expected one of: derived, stored, root, incremental, unshaped)"),
        ("\"strategy\": \"derived\",", "",
         "limits.json: limit 'phase-read': a timing limit needs 'strategy' (derived or stored)"),
        ("\"strategy\": \"derived\"", "\"strategy\": \"unshaped\"",
         "limits.json: limit 'phase-read': a timing limit needs 'strategy' (derived or stored)"),
        ("\"unit\": \"ns\"", "\"unit\": \"µs\"",
         "limits.json: limit 'phase-read': unknown unit 'µs' (thresholds are stored in canonical units: ns for timings, count for counts, ratio for ratios)"),
        ("\"unit\": \"ns\"", "\"unit\": \"count\"",
         "limits.json: limit 'phase-read': statistic 'median' is stored in 'ns', not 'count'"),
        ("\"threshold\": 50000", "\"threshold\": \"50000\"",
         "limits.json: limit 'phase-read': 'threshold' must be a number, not a string"),
        ("\"threshold\": 50000", "\"threshold\": -1",
         "limits.json: limit 'phase-read': threshold -1 is negative"),
        ("\"threshold\": 50000,", "",
         "limits.json: limit 'phase-read': missing 'threshold'"),
        ("\"threshold\": 50000", "\"threshold\": 50000, \"threshhold\": 5",
         "limits.json: limit 'phase-read': unknown key 'threshhold'"),
        ("\"source\": \"under 50 µs for a read\"", "\"source\": \" \"",
         "limits.json: limit 'phase-read': 'source' is empty"),
        ("\"metric\": \"phase.read.tracked(largest-strict)\"", "\"metric\": null",
         "limits.json: limit 'phase-read': 'metric' must be a string, not null"),
    ])
    func limitErrorsNameTheLimit(replacing: String, with replacement: String, expected: String) {
        let text = Self.file(limit: Self.goodLimit.replacingOccurrences(of: replacing, with: replacement))
        #expect(refusal(text) == expected)
    }

    @Test func countLimitsAreWholeAndTakeNoStrategy() {
        let count = Self.goodLimit
            .replacingOccurrences(of: "\"median\"", with: "\"derivedMinusStored\"")
            .replacingOccurrences(of: "\"ns\"", with: "\"count\"")
            .replacingOccurrences(of: "50000", with: "0.5")
        #expect(refusal(Self.file(limit: count)) == "limits.json: limit 'phase-read': statistic 'derivedMinusStored' compares both shapes and takes no 'strategy'")
        let withoutStrategy = count.replacingOccurrences(of: "\"strategy\": \"derived\",", with: "")
        #expect(refusal(Self.file(limit: withoutStrategy)) == "limits.json: limit 'phase-read': a count threshold must be a whole number, not 0.5")
    }

    @Test func aByBodyLimitBoundsEachBodyFromAbove() throws {
        let byBody = Self.goodLimit
            .replacingOccurrences(of: "\"median\"", with: "\"derivedMinusStoredByBody\"")
            .replacingOccurrences(of: "\"ns\"", with: "\"count\"")
            .replacingOccurrences(of: "50000", with: "0")
            .replacingOccurrences(of: "\"strategy\": \"derived\",", with: "")
        let equal = byBody.replacingOccurrences(of: "\"lessThan\"", with: "\"equalTo\"")
        #expect(refusal(Self.file(limit: equal)) == "limits.json: limit 'phase-read': statistic 'derivedMinusStoredByBody' bounds each body's extra re-runs from above: comparison must be lessThan or lessThanOrEqualTo")
        let bounded = byBody.replacingOccurrences(of: "\"lessThan\"", with: "\"lessThanOrEqualTo\"")
        let file = try LimitsFile.parse(Array(Self.file(limit: bounded).utf8), path: "limits.json")
        #expect(file.limits[0].statistic.isByBody && file.limits[0].comparison == .lessThanOrEqualTo)
    }

    @Test func versionTwoSaysWhyItWasMade() throws {
        let text = Self.file(limit: Self.goodLimit).replacingOccurrences(
            of: "\"version\": 1,", with: "\"version\": 2, \"changes\": [{\"version\": 2, \"date\": \"2026-11-30\", \"note\": \"why\"}],")
        #expect(try LimitsFile.parse(Array(text.utf8), path: "limits.json").version == 2)
    }

    @Test func duplicateIdsAreRefused() {
        let text = """
            {"version": 1, "decision": "d", "units": "u", "limits": [{\(Self.goodLimit)}, {\(Self.goodLimit)}]}
            """
        #expect(refusal(text) == "limits.json: duplicate limit id 'phase-read'")
    }

    @Test func theHashChangesWithAnyByte() throws {
        let text = Self.file(limit: Self.goodLimit)
        let first = try LimitsFile.parse(Array(text.utf8), path: "limits.json")
        let second = try LimitsFile.parse(Array((text + "\n").utf8), path: "limits.json")
        #expect(first.limits == second.limits)
        #expect(first.sha256 != second.sha256)
    }
}
