import Foundation
import Runtime
import Testing
import Workloads

@testable import BenchTool

/// A shape registered here, and nowhere else, is measured, counted, judged against a limits file that
/// names it, reported in text, markdown and HTML, compared, and carried with its colour into the
/// history the plots draw: no other file lists it.
struct FifthShapeTests {
    /// root's behaviour under a name of its own.
    struct RootCopy: PhaseStrategy {
        let root = RootPhaseStrategy()
        var name: String { "root-copy" }
        func makeSource() -> any PhaseSource { root.makeSource() }
        func didCommit(_ commit: Commit, in environment: Environment) { root.didCommit(commit, in: environment) }
    }

    static let registry = ShapeRegistry(
        ShapeRegistry.standard.shapes + [
            Shape("root-copy", summary: "root's verdict again, under another name", colour: "#16a34a", behaviour: RootCopy())
        ])

    /// The committed limits with root's limits given to root-copy, the only shape it ranks: a new
    /// version's file, as docs/adding-a-shape.md says to write one.
    static func limits(in directory: String) throws -> String {
        let path = SpecCheckTests.repositoryRoot.appendingPathComponent("limits.json").path
        var file = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        file["limits"] = (file["limits"] as! [[String: Any]]).filter { $0["strategy"] as? String == "root" }.map { limit in
            var limit = limit
            limit["id"] = "copy-" + (limit["id"] as! String)
            limit["strategy"] = "root-copy"
            return limit
        }
        file["shapes"] = ["preference": ["root-copy"], "fallback": "stored"]
        let written = directory + "/limits.json"
        try JSONSerialization.data(withJSONObject: file, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: written))
        return written
    }

    @Test func aShapeRegisteredInATestIsMeasuredCountedJudgedReportedComparedAndPlotted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fifth-shape-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory + "/results", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try ShapeRegistry.$current.withValue(Self.registry) {
            let label = try #require(FigureStrategy(rawValue: "root-copy"))
            let limits = try Self.limits(in: directory)
            // The phase read the read limit judges and the spreads-only scenario the count limit judges,
            // under root-copy and stored, in one process: a shape of a test's is in no other process.
            let arguments = ["--quick", "--filter", "*read*(*-*)", "--shape", "stored,root-copy", "--limits", limits]
            let old = directory + "/results/old.json.gz"
            let new = directory + "/results/new.json.gz"
            // A quick run's timings are indicative, so it names no shape that ships: exit 1, with a decision.
            #expect(BenchCommand.main(arguments + ["--out", old]) == 1)
            #expect(BenchCommand.main(arguments + ["--out", new]) == 1)
            let results = try ResultsValidator.validate(path: new)

            // Measured and counted.
            #expect(results.measurements.contains { $0.strategy == label && $0.name == "phase.read.tracked(largest-strict)" })
            #expect(results.counts.contains { $0.strategy == label && $0.scenario == "verdict-read-value-changes(spreads-only)" })
            // Judged against the limits that name it, and the decision ships it with its summary.
            let judged = Dictionary(uniqueKeysWithValues: results.limits.filter { $0.limit.shape == label }.map { ($0.limit.id, $0.verdict) })
            #expect(judged["copy-root-extra-bodies"] == .pass, "counted under it and stored, body by body")
            #expect(judged["copy-root-phase-read"] == .indicative, "timed, and judged as a quick run judges")
            #expect(results.shapes?.preference == [label])
            #expect(results.decision.text.contains("root-copy indicative: copy-root-phase-read"), "\(results.decision.text)")
            #expect(ShapePreference.summary(of: label) == "root's verdict again, under another name", "what a decision that ships it says")

            // Reported in text, markdown and HTML: its column, and its colour in the page's style.
            let text = Report.render(results, format: .text)
            #expect(text.contains("root-copy") && text.contains("root-copy/stored"))
            #expect(Report.render(results, format: .markdown).contains("| root-copy"))
            let html = Report.render(results, format: .html)
            #expect(html.contains(".s-root-copy { fill: #16a34a; stroke: #16a34a; background: #16a34a; }") && html.contains("s-root-copy"))

            // Compared.
            let compared = CompareCommand.run(
                CompareOptions(oldPath: old, newPath: new, rule: ComparisonRule(), failOnRegression: false, format: .text))
            #expect(compared.status == 0, "\(compared.standardError)")
            #expect(compared.standardOutput.contains("phase.read.tracked(largest-strict) [root-copy]"), "\(compared.standardOutput)")

            // Plotted: the history the plots read names it, with its colour.
            let history = HistoryCommand.run(
                HistoryOptions(resultsDirectory: directory + "/results", format: .json), positions: { _ in [:] })
            let document = try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as! [String: Any]
            #expect((document["strategies"] as? [String])?.contains("root-copy") == true)
            #expect((document["colours"] as? [String: String])?["root-copy"] == "#16a34a")
        }
    }

    @Test func aRegisteredShapeIsKnownWhereItIsInForceAndNowhereElse() throws {
        #expect(FigureStrategy(rawValue: "root-copy") == nil)
        try ShapeRegistry.$current.withValue(Self.registry) {
            let label = try #require(FigureStrategy(rawValue: "root-copy"))
            #expect(FigureStrategy.measured.last == label && FigureStrategy.incremental < label && label < .unshaped)
            #expect(ShapePreference.summary(of: label) == "root's verdict again, under another name")
            #expect(StrategySelection.all.strategies.contains(label), "all is every shape in force")
            #expect(try StrategySelection.parse("root-copy,derived").get().strategies == [.derived, label])
            #expect(HTMLPage.style.contains(".s-root-copy { fill: #16a34a; stroke: #16a34a; background: #16a34a; }"))
            #expect(CommandLineParser.helpText.hasPrefix("bench: measures the phase's shapes (derived, root, incremental, root-copy) and the stored fallback"))
            #expect(try JSONDecoder().decode([FigureStrategy].self, from: Data(#"["root-copy"]"#.utf8)) == [label])
        }
        #expect(FigureStrategy(rawValue: "root-copy") == nil, "gone with its scope")
        #expect(!HTMLPage.style.contains("root-copy"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([FigureStrategy].self, from: Data(#"["root-copy"]"#.utf8)) }
    }

    @Test func aFourthShapeInTheBudgetWithTodaysLooksIsRefusedBeforeAnyRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fourth-budget-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try ShapeRegistry.$current.withValue(Self.registry) {
            let path = SpecCheckTests.repositoryRoot.appendingPathComponent("limits.json").path
            var file = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
            let limits = file["limits"] as! [[String: Any]]
            file["limits"] = limits + limits.filter { $0["strategy"] as? String == "root" }.map { limit in
                var limit = limit
                limit["id"] = "copy-" + (limit["id"] as! String)
                limit["strategy"] = "root-copy"
                return limit
            }
            file["shapes"] = ["preference": ["derived", "root", "incremental", "root-copy"], "fallback": "stored"]
            let written = directory + "/limits.json"
            try JSONSerialization.data(withJSONObject: file, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: written))
            #expect(
                throws: BenchError(
                    "\(written): 'looks': 4 shapes share 'wrongShip', so the first look's intervals are at 99.4 %, which 8 forks "
                        + "cannot give (9 can): give the first look more forks, or the first share of 'spending' more")
            ) { try LimitsFile.load(path: written) }
            // Its looks declared anew, with a first look of more forks, it reads.
            file["looks"] = ["forks": [10, 20, 40], "wrongShip": 0.025, "spending": [0.48, 0.26, 0.26]]
            try FileManager.default.removeItem(atPath: written)
            try JSONSerialization.data(withJSONObject: file, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: written))
            #expect(try LimitsFile.load(path: written).shapes?.preference.count == 4)
        }
    }

    @Test func aShapeWhoseBehaviourHasAnotherNameIsNoShape() throws {
        // The name is checked against the behaviour's own where the shape is declared (a precondition),
        // so the registry can only hold shapes whose figures carry their behaviour's name.
        #expect(ShapeRegistry.standard.shapes.allSatisfy { $0.label.rawValue == $0.behaviour.name })
        #expect(Self.registry.shapes.allSatisfy { $0.label.rawValue == $0.behaviour.name })
        var shapes: [FigureStrategy] = []
        for measurement in Suite(subjects: try BenchSubjects(specDirectory: Fixture.bundledSpecDirectory)).measurements where measurement.strategy != .unshaped && !shapes.contains(measurement.strategy) {
            shapes.append(measurement.strategy)
        }
        #expect(shapes == ShapeRegistry.standard.labels, "the suite measures the shapes in force, in their order")
    }
}
