import Foundation
import Harness
import Testing

@testable import BenchTool

/// Absent optionals in results files: written as `null` under their own key, every key there, and
/// read back as absent, from files that wrote `null` and from files written before the key existed.
struct ExplicitNullTests {
    @Test func aResultsFileWithAbsentFiguresHasExactlyItsKeys() throws {
        var results = Synthetic.results()
        results.measurements[0].policy.targetRelativeHalfWidth = nil
        let file = try Self.object(try results.encoded())

        let measurement = (file["measurements"] as! [[String: Any]])[0]
        #expect(Set(measurement.keys) == [
            "name", "strategy", "unit", "summary", "samples", "batches", "policy", "allocations",
            "instructionsPerOperation", "instructionsUnderOtherHashSeeds", "forks", "threadCPUSamples", "sampleTerms",
        ])
        for key in ["instructionsPerOperation", "instructionsUnderOtherHashSeeds", "forks", "threadCPUSamples", "sampleTerms"] {
            #expect(measurement[key] is NSNull, "\(key) not counted is null")
        }
        #expect((measurement["policy"] as! [String: Any])["targetRelativeHalfWidth"] is NSNull)

        let unavailable = (file["measurements"] as! [[String: Any]])[2]["allocations"] as! [String: Any]
        #expect(Set(unavailable.keys) == ["count", "allocationsPerOperation", "bytesPerOperation", "unavailableReason"])
        #expect(unavailable["count"] is NSNull && unavailable["bytesPerOperation"] is NSNull)
        let counted = (file["measurements"] as! [[String: Any]])[0]["allocations"] as! [String: Any]
        #expect(counted["unavailableReason"] is NSNull && counted["allocationsPerOperation"] as? Double == 0)

        let options = file["options"] as! [String: Any]
        #expect(Set(options.keys) == ["quick", "filter", "strategy", "specDirectory", "forks"])
        #expect(options["filter"] is NSNull)

        // A count limit of version 2 has no strategy, written null; no limit of it has a denominator,
        // which is left out, as files before `ratioOfMedians` had it.
        let countLimit = (file["limits"] as! [[String: Any]]).first { $0["unit"] as? String == "count" }!
        #expect(countLimit["strategy"] is NSNull)
        #expect(countLimit["denominator"] == nil, "no key for an absent denominator")

        #expect(try ResultsReader.decode(try results.encoded(), path: "r.json") == results, "round trip")
    }

    @Test func keysLeftOutByOlderFilesReadAsAbsentAndAreWrittenAsNull() throws {
        let results = Synthetic.results()
        var file = try Self.object(try results.encoded())
        file["measurements"] = (file["measurements"] as! [[String: Any]]).map { measurement in
            var measurement = measurement
            for key in ["instructionsPerOperation", "instructionsUnderOtherHashSeeds", "forks"] {
                measurement.removeValue(forKey: key)
            }
            return measurement
        }
        let older = try JSONSerialization.data(withJSONObject: file)
        let decoded = try ResultsReader.decode(older, path: "older.json")
        #expect(decoded.measurements.allSatisfy { $0.instructionsPerOperation == nil && $0.forks == nil })
        #expect(try decoded.encoded() == results.encoded(), "written again with every key")
    }

    @Test func anExactRankTestWritesItsZAsNull() throws {
        let exact = RankTest(u: 3, z: nil, pValue: 0.5, method: .exact)
        let object = try Self.object(try JSONEncoder().encode(exact))
        #expect(Set(object.keys) == ["u", "z", "pValue", "method"])
        #expect(object["z"] is NSNull)
        #expect(try JSONDecoder().decode(RankTest.self, from: JSONEncoder().encode(exact)) == exact)
        let normal = RankTest(u: 3, z: -1.5, pValue: 0.1, method: .normalApproximation)
        #expect(try Self.object(try JSONEncoder().encode(normal))["z"] as? Double == -1.5)
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }
}
