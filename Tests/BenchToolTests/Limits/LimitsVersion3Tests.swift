import Foundation
import Testing

@testable import BenchTool

/// Version 3 of the limits file: shapes in order of preference, every limit a shape's, and the new
/// statistics; and what versions 1 and 2 may not say.
struct LimitsVersion3Tests {
    private static var example: String { try! String(contentsOfFile: Synthetic.limitsV3Path, encoding: .utf8) }

    private func refusal(_ text: String) -> String? { Synthetic.limitsRefusal(text) }

    /// The example with `old` replaced by `new`, which must occur in it.
    private func edited(_ old: String, _ new: String) -> String {
        #expect(Self.example.contains(old), "the example has no '\(old)'")
        return Self.example.replacingOccurrences(of: old, with: new)
    }

    @Test func theExampleIsReadWithItsShapesAndEveryLimitsShape() throws {
        let file = Synthetic.limitsV3
        #expect(file.version == 3)
        #expect(file.shapes == ShapePreference(preference: [.derived, .root, .incremental], fallback: .stored))
        #expect(file.limits.map(\.shape) == [.derived, .derived, .root, .root, .root, .incremental, .incremental, .incremental])
        let rootCommit = try #require(file.limits.first { $0.id == "root-commit" })
        #expect(rootCommit.statistic == .medianAtMostStoredUpperBound && rootCommit.threshold == nil && rootCommit.unit == .nanoseconds)
        let ratio = try #require(file.limits.first { $0.id == "incremental-commit" })
        #expect(ratio.statistic == .ratioOfMedians && ratio.denominator == Synthetic.valueCommitNoHandle)
        #expect(ratio.threshold == 1.5 && ratio.unit == .ratio && ratio.comparison == .lessThanOrEqualTo)
    }

    @Test func aVersionTwoCountLimitBelongsToDerived() {
        let extraBodies = Synthetic.limits[1]
        #expect(extraBodies.strategy == nil && extraBodies.shape == .derived)
    }

    @Test(arguments: [
        ("\"shapes\": {", "\"shape\": {", "limits.json: the file: unknown key 'shape'"),
        ("\"fallback\": \"stored\"", "\"fallback\": \"root\"",
         "limits.json: 'shapes': 'fallback' must be stored (the phase as today), not 'root'"),
        ("\"derived\",\n      \"root\",", "\"derived\",\n      \"derived\",",
         "limits.json: 'shapes': 'derived' is named twice in 'preference'"),
        ("\"derived\",\n      \"root\",", "\"stored\",\n      \"root\",",
         "limits.json: 'shapes': 'stored' is not a shape (expected one of: derived, root, incremental)"),
        ("\"strategy\": \"root\",\n      \"statistic\": \"medianAtMostStoredUpperBound\",",
         "\"statistic\": \"medianAtMostStoredUpperBound\",",
         "limits.json: limit 'root-commit': a limit of version 3 needs 'strategy', the shape it belongs to (one of: derived, root, incremental)"),
        ("\"strategy\": \"root\",\n      \"statistic\": \"medianAtMostStoredUpperBound\",",
         "\"strategy\": \"stored\",\n      \"statistic\": \"medianAtMostStoredUpperBound\",",
         "limits.json: limit 'root-commit': strategy 'stored' is not a shape of 'preference' (one of: derived, root, incremental)"),
        ("\"comparison\": \"lessThanOrEqualTo\",\n      \"unit\": \"ns\"",
         "\"comparison\": \"lessThanOrEqualTo\",\n      \"threshold\": 10000,\n      \"unit\": \"ns\"",
         "limits.json: limit 'root-commit': statistic 'medianAtMostStoredUpperBound' takes no 'threshold': its bound is stored's upper 95% bound in the same run"),
        ("\"comparison\": \"lessThanOrEqualTo\",\n      \"unit\": \"ns\"", "\"comparison\": \"lessThan\",\n      \"unit\": \"ns\"",
         "limits.json: limit 'root-commit': statistic 'medianAtMostStoredUpperBound' is 'at most': comparison must be lessThanOrEqualTo"),
        ("\"denominator\": \"commit.verdict-read-value(largest-strict, no handle)\",", "",
         "limits.json: limit 'incremental-commit': missing 'denominator'"),
        ("\"threshold\": 1.5,\n      \"unit\": \"ratio\"", "\"threshold\": 1.5,\n      \"unit\": \"ns\"",
         "limits.json: limit 'incremental-commit': statistic 'ratioOfMedians' is stored in 'ratio', not 'ns'"),
        ("\"threshold\": 1.5,", "\"threshold\": 0,", "limits.json: limit 'incremental-commit': a ratio's threshold must be above 0"),
        ("\"statistic\": \"minusStoredByBody\"", "\"statistic\": \"derivedMinusStoredByBody\"",
         "limits.json: limit 'extra-bodies': statistic 'derivedMinusStoredByBody' is of versions 1 and 2; version 3 counts with minusStoredByBody and the shape in 'strategy'"),
    ])
    func versionThreeRefusesIncoherentShapesAndLimits(old: String, new: String, expected: String) {
        #expect(refusal(edited(old, new)) == expected)
    }

    @Test func everyShapeOfThePreferenceNeedsALimit() {
        let text = edited("\"strategy\": \"incremental\"", "\"strategy\": \"root\"")
        #expect(refusal(text) == "limits.json: shape 'incremental' of 'preference' has no limit")
    }

    @Test func versionThreeNeedsShapesAndOneChangeMore() {
        let lines = Self.example.components(separatedBy: "\n")
        let open = lines.firstIndex { $0.contains("\"shapes\"") }!
        let close = lines[open...].firstIndex { $0 == "  }," }!
        let withoutShapes = (lines[..<open] + lines[(close + 1)...]).joined(separator: "\n")
        #expect(refusal(withoutShapes) == "limits.json: the file: missing 'shapes'")
        #expect(refusal(edited("\"version\": 3,\n      \"date\"", "\"version\": 4,\n      \"date\"")) == "limits.json: change 2: 'version' must be 3")
    }

    @Test func versionsOneAndTwoRefuseWhatOnlyVersionThreeSays() {
        let v2 = Self.example
            .replacingOccurrences(of: "\"version\": 3,\n  \"decision\"", with: "\"version\": 2,\n  \"decision\"")
        #expect(refusal(v2) == "limits.json: the file: unknown key 'shapes'")
        let phaseRead = """
            "id": "p", "description": "d", "metric": "m", "strategy": "root", "statistic": "median",
            "comparison": "lessThan", "threshold": 50000, "unit": "ns", "source": "s"
            """
        let v1 = "{\"version\": 1, \"decision\": \"d\", \"units\": \"u\", \"limits\": [{\(phaseRead)}]}"
        #expect(refusal(v1) == "limits.json: limit 'p': strategy 'root' needs version 3 (this file is version 1)")
        let bound = v1.replacingOccurrences(of: "\"root\", \"statistic\": \"median\"", with: "\"derived\", \"statistic\": \"ratioOfMedians\"")
            .replacingOccurrences(of: "\"ns\"", with: "\"ratio\"")
        #expect(refusal(bound) == "limits.json: limit 'p': statistic 'ratioOfMedians' needs version 3 (this file is version 1)")
        let denominator = v1.replacingOccurrences(of: "\"root\"", with: "\"derived\"")
            .replacingOccurrences(of: "\"source\": \"s\"", with: "\"source\": \"s\", \"denominator\": \"x\"")
        #expect(refusal(denominator) == "limits.json: limit 'p': statistic 'median' takes no 'denominator' (only ratioOfMedians and pairedRatioOfMedians do)")
    }

    @Test func aLimitWithoutADenominatorEncodesAsBeforeAndOneWithItKeepsIt() throws {
        let old = String(decoding: try JSONEncoder().encode(Synthetic.limits[0]), as: UTF8.self)
        #expect(!old.contains("denominator"))
        let ratio = try #require(Synthetic.limitsV3.limits.last)
        let decoded = try JSONDecoder().decode(Limit.self, from: try JSONEncoder().encode(ratio))
        #expect(decoded == ratio)
    }
}
