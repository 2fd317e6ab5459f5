import Foundation
import Testing

@testable import BenchTool

/// The results file's layouts: a file of schema 1 reads as one of the current, a file of the current
/// layout is decoded strictly, and a number the bench does not know is refused.
struct ResultsSchemaTests {
    /// A file whose schema-1 forms can all be told: an undecided limit and read-floor figure, a limit
    /// without body differences, and a fit's point drawn through a measurement of the file.
    private func results() -> ResultsFile {
        var results = Synthetic.results()
        results.limits[0].verdict = .undecided
        results.limits[0].bodyDifferences = nil
        results.readFloor?[0].verdict = .undecided
        let stored = results.measurements.record(MeasurementKey(name: Synthetic.phaseRead, strategy: .stored))!
        results.fits = [
            FitRecord(
                name: "phase.read(by nothing)", strategy: .stored, xUnit: "thing", yUnit: MeasurementRecord.nanoseconds, slope: 0,
                intercept: stored.summary.median, rSquared: 1, points: [.init(x: 1, y: stored.summary.median, measurement: stored.name)])
        ]
        return results
    }

    /// `results` as schema 1 wrote it: without the keys schema 2 requires, `inconclusive` for undecided,
    /// and `none` for unshaped, as schemas 1 and 2 did.
    private func asSchema1(_ results: ResultsFile, schema: Int = 1) throws -> Data {
        var file = try JSONSerialization.jsonObject(with: try results.encoded()) as! [String: Any]
        file["schema"] = schema
        file["method"] = (file["method"] as! [String]).joined(separator: "; ")
        file["options"] = (file["options"] as! [String: Any]).filter { $0.key != "forks" }
        file["measurements"] = (file["measurements"] as! [[String: Any]]).map { measurement in
            var measurement = asSchema2(measurement)
            measurement["policy"] = (measurement["policy"] as! [String: Any]).filter { $0.key != "maximumBatchesPerRound" }
            return measurement
        }
        func formerWord(_ entry: [String: Any]) -> [String: Any] {
            var entry = entry
            if entry["verdict"] as? String == "undecided" { entry["verdict"] = "inconclusive" }
            return entry
        }
        file["limits"] = (file["limits"] as! [[String: Any]]).map { limit in
            formerWord(limit["bodyDifferences"] is NSNull ? limit.filter { $0.key != "bodyDifferences" } : limit)
        }
        file["readFloor"] = (file["readFloor"] as! [[String: Any]]).map(formerWord)
        file["fits"] = (file["fits"] as! [[String: Any]]).map { fit in
            var fit = fit
            fit["points"] = (fit["points"] as! [[String: Any]]).map { $0.filter { $0.key != "measurement" } }
            return fit
        }
        return try JSONSerialization.data(withJSONObject: file)
    }

    /// An entry as schema 2 wrote it: `none` for unshaped.
    private func asSchema2(_ entry: [String: Any]) -> [String: Any] {
        var entry = entry
        if entry["strategy"] as? String == FigureStrategy.unshaped.rawValue { entry["strategy"] = "none" }
        return entry
    }

    private func refusal(_ data: Data) -> String? {
        do {
            _ = try ResultsReader.decode(data, path: "r.json")
            return nil
        } catch {
            return error.line
        }
    }

    @Test func aFileOfSchema1ReadsAsItsRunWasMade() throws {
        let results = results()
        let data = try asSchema1(results)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("inconclusive") && !text.contains("maximumBatchesPerRound") && !text.contains("\"measurement\""))
        #expect(text.contains("\"none\"") && !text.contains("unshaped"))
        var expected = results
        expected.schema = 1
        #expect(try ResultsReader.decode(data, path: "old.json") == expected, "it keeps its number; its values are the current layout's")
    }

    @Test func aFileOfSchema8StatesItsMethodAsOneStringAndReadsAsItsClauses() throws {
        var results = results()
        results.method = ["fixed batches: sample = batch / size", "samples from 8 forks", "sampling: warm-up 5 ms"]
        var file = try JSONSerialization.jsonObject(with: try results.encoded()) as! [String: Any]
        file["schema"] = 8
        file["method"] = "fixed batches: sample = batch / size; samples from 8 forks;  sampling: warm-up 5 ms; "
        var expected = results
        expected.schema = 8
        #expect(try ResultsReader.decode(try JSONSerialization.data(withJSONObject: file), path: "old.json") == expected)
        file["schema"] = ResultsSchema.current
        #expect(refusal(try JSONSerialization.data(withJSONObject: file)) == "r.json: not a results file: 'method' is not a list")
        #expect(String(decoding: try results.encoded(), as: UTF8.self).contains("\"method\" : [\n    \"fixed batches: sample = batch / size\","))
    }

    @Test func aFileOfSchema2SaysNoneForUnshaped() throws {
        let results = results()
        var file = try JSONSerialization.jsonObject(with: try results.encoded()) as! [String: Any]
        file["schema"] = 2
        file["measurements"] = (file["measurements"] as! [[String: Any]]).map(asSchema2)
        var expected = results
        expected.schema = 2
        #expect(try ResultsReader.decode(try JSONSerialization.data(withJSONObject: file), path: "old.json") == expected)
        file["schema"] = ResultsSchema.current
        #expect(
            refusal(try JSONSerialization.data(withJSONObject: file))?.hasPrefix("r.json: not a results file: 'measurements[2].strategy'") == true,
            "the current layout has no strategy none")
    }

    @Test func theCurrentLayoutIsDecodedStrictly() throws {
        #expect(refusal(try asSchema1(results(), schema: ResultsSchema.current)) == "r.json: not a results file: 'method' is not a list")
        var inconclusive = try JSONSerialization.jsonObject(with: try results().encoded()) as! [String: Any]
        var limits = inconclusive["limits"] as! [[String: Any]]
        limits[0]["verdict"] = "inconclusive"
        inconclusive["limits"] = limits
        #expect(
            refusal(try JSONSerialization.data(withJSONObject: inconclusive))
                == "r.json: not a results file: 'limits[0].verdict': unknown verdict 'inconclusive'")
    }

    @Test func aPointOfSchema1NoMeasurementMatchesIsNamed() throws {
        var results = results()
        results.fits[0].points[0].y += 1
        #expect(refusal(try asSchema1(results)) == "r.json: not a results file: missing key 'fits[0].points[0].measurement'")
    }

    @Test func aNumberTheBenchDoesNotKnowIsRefused() {
        for schema in [0, ResultsSchema.current + 1] {
            #expect(
                refusal(Data("{\"schema\": \(schema)}".utf8))
                    == "r.json: not a results file: schema \(schema) (this bench reads schemas 1 to \(ResultsSchema.current))")
        }
    }

    @Test func theChangesCountUpAndTheLastIsWhatTheBenchWrites() throws {
        #expect(ResultsSchema.changes.map(\.schema) == Array(1...ResultsSchema.current))
        #expect(ResultsSchema.changes.map(\.date) == ResultsSchema.changes.map(\.date).sorted())
        #expect(ResultsSchema.changes.allSatisfy { !$0.note.isEmpty })
        #expect(Synthetic.results().schema == ResultsSchema.current)
        #expect(String(decoding: try Synthetic.results().encoded(), as: UTF8.self).contains("\"schema\" : \(ResultsSchema.current),"))
    }

    @Test func resultsREADMEListsEveryChangeAsWritten() throws {
        let readme = try String(contentsOfFile: Synthetic.repositoryFile("results/README.md"), encoding: .utf8)
        for change in ResultsSchema.changes {
            #expect(readme.contains("- **schema \(change.schema)** (\(change.date)): \(change.note)\n"), "schema \(change.schema)")
        }
    }
}
