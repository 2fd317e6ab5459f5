import Foundation
import Testing

@testable import BenchTool

/// Each format of `bench history`, line for line, on two small runs: a full one on a clean tree and a
/// later `--quick` one on a dirty tree.
struct HistoryFormatTests {
    private static let oldCommit = String(repeating: "0123456789", count: 4)
    private static let newCommit = String(repeating: "abcdef0123", count: 4)

    private func output(_ format: HistoryFormat, measurements: String? = nil) throws -> String {
        let directory = try Synthetic.resultsDirectory([
            ("new.json", Synthetic.run(commit: Self.newCommit, date: "2026-11-30T09:30:00Z", quick: true, dirty: true)),
            ("old.json", Synthetic.run(commit: Self.oldCommit, date: "2026-11-29T13:00:00Z")),
        ])
        let options = HistoryOptions(
            resultsDirectory: directory, measurements: measurements.map(MeasurementFilter.init(pattern:)), format: format)
        let output = HistoryCommand.run(options, positions: { _ in [Self.oldCommit: 0, Self.newCommit: 1] })
        #expect(output.status == 0 && output.standardError.isEmpty, "\(output.standardError)")
        return output.standardOutput
    }

    @Test func textHasASectionPerKeyMeasurementThenTheVerdicts() throws {
        let text = try output(.text)
        let sections = [
            """
            phase.read.tracked(largest-strict)
            commit   date                  tree   build    run    derived             stored                derived/stored
            0123456  2026-11-29T13:00:00Z  clean  release  full   999 ns [990, 1005]  1.00 µs [1.00, 1.00]  0.999×
            abcdef0  2026-11-30T09:30:00Z  dirty  release  quick  999 ns [990, 1005]  1.00 µs [1.00, 1.00]  0.999×
            """,
            """
            field.read.untracked(row-of-8)
            commit   date                  tree   build    run    unshaped
            0123456  2026-11-29T13:00:00Z  clean  release  full   21.2 ns [20.5, 22.0]
            """,
            """
            commit.nulls-or-errors(largest-strict, 1000 handles)
            commit   date                  tree   build    run    derived  stored  derived/stored
            0123456  2026-11-29T13:00:00Z  clean  release  full   —        —       —
            """,
            """
            steps (instructions beyond ±1% on one toolchain; time (CPU clock where both runs have it) beyond ±5% by compare's rule on one machine)
            none: no figure shown moved between comparable runs
            """,
            """
            change points over each series (wall time: E-divisive means of the runs' medians, a false alarm at most 1.00 % a series, at least 3 runs a side); where the two views differ, pair by pair says so
            none: no series of wall-time medians changed level
            """,
            """
            limits and decision
            commit   date                  tree   build    run    phase-read  extra-bodies  decision
            0123456  2026-11-29T13:00:00Z  clean  release  full   pass        pass          ships
            abcdef0  2026-11-30T09:30:00Z  dirty  release  quick  indicative  pass          undecided

            """,
        ]
        for section in sections { #expect(text.contains(section), "\(section)\n--- not in ---\n\(text)") }
        #expect(
            text.components(separatedBy: "\n\n").count == KeyMeasurements.history.count + 3, "each measurement, the steps, the change points, the verdicts")
        #expect(text.hasPrefix("phase.read.tracked(largest-strict)\n"))
    }

    @Test func markdownHasATablePerSection() throws {
        let markdown = try output(.markdown, measurements: "field.read.untracked")
        #expect(markdown == """
            ### field.read.untracked(row-of-8)

            | commit | date | tree | build | run | unshaped |
            |---|---|---|---|---|---|
            | 0123456 | 2026-11-29T13:00:00Z | clean | release | full | 21.2 ns [20.5, 22.0] |
            | abcdef0 | 2026-11-30T09:30:00Z | dirty | release | quick | 21.2 ns [20.5, 22.0] |

            ### steps (instructions beyond ±1% on one toolchain; time (CPU clock where both runs have it) beyond ±5% by compare's rule on one machine)

            none: no figure shown moved between comparable runs

            ### change points over each series (wall time: E-divisive means of the runs' medians, a false alarm at most 1.00 % a series, at least 3 runs a side); where the two views differ, pair by pair says so

            none: no series of wall-time medians changed level

            ### limits and decision

            | commit | date | tree | build | run | phase-read | extra-bodies | decision |
            |---|---|---|---|---|---|---|---|
            | 0123456 | 2026-11-29T13:00:00Z | clean | release | full | pass | pass | ships |
            | abcdef0 | 2026-11-30T09:30:00Z | dirty | release | quick | indicative | pass | undecided |

            """)
    }

    @Test func tsvHasOneRowPerRunWithRawNanoseconds() throws {
        let lines = try output(.tsv, measurements: "phase.read.tracked").split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(lines.count == 3)
        #expect(lines[0] == [
            "commit", "date", "tree", "build", "run", "file",
            "phase.read.tracked(largest-strict) [derived] median ns", "phase.read.tracked(largest-strict) [derived] lower ns",
            "phase.read.tracked(largest-strict) [derived] upper ns", "phase.read.tracked(largest-strict) [stored] median ns",
            "phase.read.tracked(largest-strict) [stored] lower ns", "phase.read.tracked(largest-strict) [stored] upper ns",
            "limit phase-read", "limit extra-bodies", "decision",
        ])
        #expect(lines[1] == [
            Self.oldCommit, "2026-11-29T13:00:00Z", "clean", "release", "full", "old.json",
            "999.0", "990.0", "1005.0", "1000.0", "1000.0", "1000.0", "pass", "pass", "ships",
        ])
        #expect(lines[2].first == Self.newCommit && lines[2].last == "undecided")
    }

    @Test func everyKeyOfTheJSONIsInTheLayoutDocsReportsGives() throws {
        let document = try JSONSerialization.jsonObject(with: Data(try output(.json).utf8))
        let docs = try String(contentsOfFile: Synthetic.repositoryFile("docs/reports.md"), encoding: .utf8)
        let layout = try #require(docs.components(separatedBy: "### The JSON document").dropFirst().first?.components(separatedBy: "### ").first)
        var keys: Set<String> = []
        // A run's environment is the results file's, and the colours are keyed by shape.
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                for (key, inner) in object {
                    keys.insert(key)
                    if key != "environment" && key != "colours" { collect(inner) }
                }
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(document)
        #expect(keys.count > 20)
        let missing = keys.filter { !layout.contains("\"\($0)\"") }.sorted()
        #expect(missing.isEmpty, "docs/reports.md's layout of bench history --format json lacks \(missing)")
    }

    @Test func jsonHasTheRunsInOrderWithEverythingThePlotsDraw() throws {
        let document = try JSONSerialization.jsonObject(with: Data(try output(.json).utf8)) as! [String: Any]
        #expect(document["schema"] as? Int == HistoryDocument.currentSchema && HistoryDocument.currentSchema == 5)
        #expect(document["samplesMeasurement"] as? String == Synthetic.phaseRead)
        #expect(document["limits"] as? [String] == ["phase-read", "extra-bodies"])
        #expect(document["strategies"] as? [String] == ["derived", "stored", "unshaped"])
        #expect(
            document["colours"] as? [String: String]
                == ["derived": ShapeRegistry.standard.colour(of: .derived), "stored": ShapeRegistry.standard.colour(of: .stored),
                    "unshaped": ShapeRegistry.unshapedColour],
            "each strategy shown in the colour the HTML report draws it in")
        let measurements = document["measurements"] as! [[String: Any]]
        #expect(measurements.map { $0["name"] as? String } == KeyMeasurements.history)
        #expect(measurements[0]["strategies"] as? [String] == ["derived", "stored"])
        #expect(measurements[0]["shapesOverStored"] as? [String] == ["derived"])

        let runs = document["runs"] as! [[String: Any]]
        // The keys scripts/historylib/plots.py reads: a change here is a change of schema.
        #expect(Set(document.keys) == ["schema", "measurements", "samplesMeasurement", "limits", "strategies", "colours", "runs", "steps", "stepsRule", "breaks", "changePoints", "changePointsRule"])
        #expect((document["steps"] as? [Any])?.isEmpty == true, "no step: the runs' figures are equal")
        #expect(Set(runs[0].keys) == ["file", "environment", "mode", "tree", "measurements", "fits", "limits", "decision"])
        #expect(runs.map { $0["file"] as? String } == ["old.json", "new.json"])
        #expect(runs.map { $0["mode"] as? String } == ["full", "quick"])
        #expect(runs.map { $0["tree"] as? String } == ["clean", "dirty"])
        #expect((runs[0]["environment"] as? [String: Any])?["commit"] as? String == Self.oldCommit)
        #expect((runs[0]["decision"] as? [String: Any])?["outcome"] as? String == "ships")

        let read = (runs[0]["measurements"] as! [[String: Any]]).first { $0["name"] as? String == Synthetic.phaseRead && $0["strategy"] as? String == "derived" }
        #expect(read?["median"] as? Double == 999 && read?["lower"] as? Double == 990 && read?["upper"] as? Double == 1005)
        #expect(read?["samples"] as? [Double] == [990, 999, 1005])
        #expect(read.map { Set($0.keys) } == ["name", "strategy", "median", "lower", "upper", "samples", "medianText", "text"])
        #expect(read?["text"] as? String == "999 ns [990, 1005]" && read?["medianText"] as? String == "999 ns")

        let limits = runs[0]["limits"] as! [[String: Any]]
        #expect(limits[0]["id"] as? String == "phase-read" && limits[0]["thresholdText"] as? String == "50.0 µs")
        #expect(limits[0]["threshold"] as? Double == 50_000 && limits[0]["symbol"] as? String == "<" && limits[0]["verdict"] as? String == "pass")
        #expect(limits[1]["strategy"] is NSNull, "a limit without a strategy says so with null")
        #expect(Set(limits[0].keys) == ["id", "metric", "strategy", "comparison", "symbol", "threshold", "unit", "thresholdText", "verdict"])

        let fit = (runs[0]["fits"] as! [[String: Any]])[0]
        #expect(fit["name"] as? String == "commit.cost(retained-handles)" && fit["slopeText"] as? String == "1.00 µs")
        #expect((fit["points"] as? [[String: Any]])?.count == 3)
        #expect((fit["points"] as? [[String: Any]])?.allSatisfy { Set($0.keys) == ["x", "y", "measurement"] } == true)
        #expect(Set(fit.keys) == ["name", "strategy", "slope", "intercept", "rSquared", "points", "xUnit", "xUnitPlural", "yUnit", "slopeText",
                                  "interceptText", "headroom"])
        #expect(fit["xUnitPlural"] as? String == "retained handles")
        // The headroom the plots draw: both frames, the band out to the horizon, the measured points.
        let headroom = try #require(fit["headroom"] as? [String: Any])
        let crossings = try #require(headroom["crossings"] as? [[String: Any]])
        #expect(crossings.map { $0["hertz"] as? Int } == [120, 60])
        #expect(crossings[0]["text"] as? String == "not within the 100 measured (1.20 % of the frame at 100)",
                "1 µs a handle spends 8.33 ms at 8333, 83× past the 100 measured: no figure is given")
        #expect(crossings[1]["finding"] as? String == "beyond-measured")
        #expect((headroom["points"] as? [[String: Any]])?.count == 3)
        #expect(headroom["horizon"] as? Double == 1_000, "the band goes to 10× the largest N measured")
    }
}
