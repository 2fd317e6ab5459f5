import Foundation
import Harness
import Testing

@testable import BenchTool

/// Encoding, decoding and the reader's refusals.
struct ResultsFileTests {
    @Test func encodeThenDecodeGivesTheSameValue() throws {
        let results = Synthetic.results()
        let decoded = try ResultsReader.decode(try results.encoded(), path: "r.json")
        #expect(decoded == results)
    }

    @Test func theBytesAreDeterministicSortedAndPretty() throws {
        let results = Synthetic.results()
        let first = try results.encoded()
        #expect(first == (try results.encoded()))
        #expect(first == (try ResultsReader.decode(first, path: "r.json").encoded()), "a decoded file re-encodes to its own bytes")
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"counts\" : ["), "keys sorted, two-space indent")
        #expect(text.hasSuffix("}\n"))
        let topKeys = try JSONSerialization.jsonObject(with: first) as! [String: Any]
        #expect(Set(topKeys.keys) == ["schema", "environment", "limitsFile", "limitsSHA256", "timer", "method", "options",
                                     "subjects", "measurements", "counts", "fits", "limits", "decision", "readFloor"])
    }

    @Test func phaseTimingsRoundTripAndAreAbsentFromFilesWithout() throws {
        var results = Synthetic.results()
        #expect(!String(decoding: try results.encoded(), as: UTF8.self).contains("\"phases\""), "no key when not recorded")
        results.phases = [
            PhaseTimingRecord(phase: "counting", seconds: 1.5),
            PhaseTimingRecord(phase: "measuring", seconds: 40.25, parts: [5, 5.25]),
        ]
        #expect(try ResultsReader.decode(try results.encoded(), path: "r.json") == results)
    }

    @Test func absentFiguresAreWrittenAsNullWithTheirReason() throws {
        let text = String(decoding: try Synthetic.results().encoded(), as: UTF8.self)
        #expect(text.contains("\"allocationsPerOperation\" : null"))
        #expect(text.contains("\"unavailableReason\" : \"jemalloc is not the process allocator: system malloc (libc.so.6)\""))
        #expect(text.contains("\"filter\" : null"))
        #expect(text.contains("\"strategy\" : null"), "a count limit's strategy")
        #expect(text.contains("\"ships\" : true"))
    }

    // MARK: - Instructions per operation

    @Test func instructionsAreWrittenAsNullWhenNotCountedAndRoundTripWhenCounted() throws {
        var results = Synthetic.results()
        let uncounted = String(decoding: try results.encoded(), as: UTF8.self)
        #expect(uncounted.contains("\"instructionsPerOperation\" : null"), "absent is written, as null")
        results.measurements[0].instructionsPerOperation = 12_345.5
        let decoded = try ResultsReader.decode(try results.encoded(), path: "r.json")
        #expect(decoded.measurements[0].instructionsPerOperation == 12_345.5)
        #expect(decoded.measurements[1].instructionsPerOperation == nil)
    }

    @Test func aFileWrittenBeforeInstructionCountingStillReads() throws {
        let text = try mutated { object in
            object["measurements"] = (object["measurements"] as! [[String: Any]]).map { measurement in
                var measurement = measurement
                measurement["instructionsPerOperation"] = nil
                return measurement
            }
        }
        #expect(!text.contains("instructionsPerOperation"))
        let decoded = try ResultsReader.decode(Data(text.utf8), path: "old.json")
        #expect(decoded == Synthetic.results(), "a missing key reads as not counted")
        #expect(ResultsValidator.problems(in: decoded) == [])
    }

    // MARK: - Where the fixture-size points came from

    @Test(arguments: ScalingRecord.Source.allCases)
    func scalingRoundTripsAndAFileWithoutItStillReads(source: ScalingRecord.Source) throws {
        var results = Synthetic.results()
        results.scaling = ScalingRecord(source: source, detail: source == .notMeasured ? "no list to scale" : nil)
        let encoded = try results.encoded()
        #expect(String(decoding: encoded, as: UTF8.self).contains("\"source\" : \"\(source.rawValue)\""))
        #expect(try ResultsReader.decode(encoded, path: "r.json") == results)

        let old = try mutated { $0["scaling"] = nil }
        #expect(!old.contains("scaling"))
        let decoded = try ResultsReader.decode(Data(old.utf8), path: "old.json")
        #expect(decoded.scaling == nil, "a file without the key (no fixture-size curve) reads as not saying")
        #expect(ResultsValidator.problems(in: decoded) == [])
    }

    @Test func theCommittedResultsFilesStillValidate() throws {
        let directory = Synthetic.repositoryFile("results")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter(ResultsWriter.isResultsFileName)
        #expect(!names.isEmpty, "results/ holds at least one run")
        for name in names {
            // Written under every layout since the first: each must read and validate.
            let results = try ResultsValidator.validate(path: directory + "/" + name)
            #expect((1...ResultsSchema.current).contains(results.schema), "\(name)")
        }
    }

    @Test func theCommittedFilesHoldTheJSONTheirSumsName() throws {
        // results/SHA256SUMS names each file of record by the SHA-256 of its JSON, as `sha256sum` wrote it
        // of the plain file: gzipped, a file still holds those bytes, so what was recorded and judged is
        // what is read.
        let directory = Synthetic.repositoryFile("results")
        let lines = try String(contentsOfFile: directory + "/SHA256SUMS", encoding: .utf8).split(separator: "\n")
        #expect(lines.count >= 20, "every file of record is listed")
        for line in lines {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            try #require(parts.count == 2, "\(line)")
            let name = String(parts[1])
            let path = [directory + "/" + name + ".gz", directory + "/" + name].first { FileManager.default.fileExists(atPath: $0) }
            let found = try #require(path, "\(name) is listed and is in results/")
            let bytes = try #require(try Gzip.contents(ofFile: found))
            #expect(SHA256.hex(of: Array(bytes)) == String(parts[0]), "\(found) holds other bytes than those of record")
        }
    }

    // MARK: - Reader

    private func refusal(_ text: String) -> String? {
        do {
            _ = try ResultsReader.decode(Data(text.utf8), path: "results/x.json")
            return nil
        } catch {
            return error.line
        }
    }

    private func mutated(_ change: (inout [String: Any]) -> Void) throws -> String {
        var object = try JSONSerialization.jsonObject(with: try Synthetic.results().encoded()) as! [String: Any]
        change(&object)
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func corruptJSONIsNotAResultsFile() {
        #expect(refusal("{\"schema\": 1,") == "results/x.json:1:14: not a results file: expected a member name in double quotes, found the end of the file")
        #expect(refusal("") == "results/x.json:1:1: not a results file: expected a JSON value, found the end of the file")
        #expect(refusal("[1]") == "results/x.json: not a results file: the top level is not a JSON object")
    }

    @Test func theSchemaIsCheckedFirst() throws {
        #expect(refusal("{}") == "results/x.json: not a results file: no 'schema' key")
        let next = ResultsSchema.current + 1
        #expect(
            refusal("{\"schema\": \(next)}")
                == "results/x.json: not a results file: schema \(next) (this bench reads schemas 1 to \(ResultsSchema.current))")
        #expect(refusal("{\"schema\": \"1\"}") == "results/x.json: not a results file: 'schema' is not a number")
    }

    @Test func missingKeysAndWrongTypesNameTheirPath() throws {
        #expect(refusal(try mutated { $0["decision"] = nil }) == "results/x.json: not a results file: missing key 'decision'")
        #expect(refusal(try mutated { object in
            var measurements = object["measurements"] as! [[String: Any]]
            var summary = measurements[1]["summary"] as! [String: Any]
            summary["median"] = nil
            measurements[1]["summary"] = summary
            object["measurements"] = measurements
        }) == "results/x.json: not a results file: missing key 'measurements[1].summary.median'")
        #expect(refusal(try mutated { object in
            var counts = object["counts"] as! [[String: Any]]
            counts[0]["reruns"] = "one"
            object["counts"] = counts
        }) == "results/x.json: not a results file: 'counts[0].reruns' is not a number")
        #expect(refusal(try mutated { object in
            var limits = object["limits"] as! [[String: Any]]
            limits[0]["value"] = nil
            object["limits"] = limits
        }) == "results/x.json: not a results file: missing key 'limits[0].value'")
    }

    @Test func anUnknownVerdictIsRefused() throws {
        let line = refusal(try mutated { object in
            var limits = object["limits"] as! [[String: Any]]
            limits[1]["verdict"] = "maybe"
            object["limits"] = limits
        })
        #expect(line?.hasPrefix("results/x.json: not a results file: 'limits[1].verdict': ") == true, "\(line ?? "accepted")")
    }

    @Test func aMissingFileIsOneLine() {
        #expect(throws: BenchError("/nonexistent/r.json: no such file")) {
            try ResultsReader.read(path: "/nonexistent/r.json")
        }
    }
}
