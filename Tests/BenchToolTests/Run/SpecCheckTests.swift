@testable import BenchTool
import Foundation
import Runtime
import Testing
import Workloads

/// The check a spec passes before any scenario or fork: what it finds, what it lets through, and that
/// what it lets through really runs, so a scenario that needs something new cannot slip past it.
struct SpecCheckTests {
    static let repositoryRoot = Fixture.bundledSpecDirectory.deletingLastPathComponent()

    private func runner(quick: Bool = true) -> SuiteRunner {
        SuiteRunner(
            options: RunOptions(
                quick: quick, filter: nil, specDirectory: "spec", limitsPath: "limits.json", outputPath: nil, format: .text,
                strategies: .both),
            progress: ProgressLine(isTerminal: false) { _ in })
    }

    // MARK: - What passes runs

    /// Every scenario runs and every measurement prepares over each spec the check lets through:
    /// the bundled one (recorded field errors, a spreads-only operation) and a real one (made ones).
    @Test(arguments: ["bundled", "real"])
    func everyScenarioAndMeasurementBuildsOverASpecThatPassesTheCheck(_ which: String) throws {
        let real = which == "real" ? try RealSpec() : nil
        defer { real?.remove() }
        let subjects = try BenchSubjects(specDirectory: real?.directory ?? Fixture.bundledSpecDirectory)
        #expect(subjects.problems() == [], "the check refused \(which)")
        let counts = try runner().count(subjects)
        let scenarios = Set(counts.map(\.scenario))
        for (scenario, _) in runner().selectedScenarios(subjects) {
            #expect(scenarios.contains(scenario.name), "\(scenario.name) counted nothing over \(which)")
        }
        for measurement in Suite(subjects: subjects).measurements {
            #expect(throws: Never.self, "\(measurement.key.label) over \(which)") { _ = try measurement.prepare() }
        }
    }

    @Test func theRealSpecRunsOnAFieldErrorVariantTheBenchMade() throws {
        let real = try RealSpec()
        defer { real.remove() }
        let subjects = try BenchSubjects(specDirectory: real.directory)
        let variant = try subjects.largestStrict.fieldErrors().get()
        let eligible = RealSpec.films.count * RealSpec.nullableLeavesPerFilm.count
        #expect(variant.source == .made)
        #expect(variant.responseName == "0-films")
        #expect(variant.leaves == min(FieldErrorsVariant.madeLeaves, eligible))
        #expect(variant.paths.allSatisfy { $0.hasPrefix("allFilms.films.") }, "\(variant.paths)")
        #expect(!variant.paths.contains { $0.hasSuffix(".director") || $0.hasSuffix(".id") }, "a non-null or key field was nulled: \(variant.paths)")
        #expect(Array(variant.paths.prefix(3)) == ["allFilms.films.0.title", "allFilms.films.1.title", "allFilms.films.2.title"])
        #expect(try subjects.largestStrict.fieldErrors().get().response == variant.response, "made twice, made differently")

        let counts = try runner().count(subjects)
        for strategy in [FigureStrategy.derived, .stored] {
            let phase = counts.first { $0.scenario == "field-errors-land-then-clear(largest-strict)" && $0.strategy == strategy && $0.body == "phase" }
            #expect(phase?.reruns == 2, "\(strategy): the phase body re-runs for the flip to failed and the flip back")
        }
    }

    @Test func theMadeVariantFailsTheStrictPhaseAndTheCleanPageClearsIt() throws {
        let real = try RealSpec()
        defer { real.remove() }
        let subjects = try BenchSubjects(specDirectory: real.directory)
        let world = try ScenarioWorld(spec: subjects.spec, picked: subjects.largestStrict, strategy: .derived)
        let errors = try #require(subjects.largestStrict.fieldErrorsResponse())
        world.environment.commit { errors.write(into: &$0) }
        guard case .failed(.fieldErrors(let placed)) = world.handle.phase else {
            Issue.record("the made variant left the phase \(world.handle.phase.name)")
            return
        }
        #expect(!placed.isEmpty)
        world.environment.commit { subjects.largestStrict.response.write(into: &$0) }
        #expect(world.handle.phase.name == "ready")
    }

    // MARK: - What fails says where

    @Test func aStrictOperationWithoutAListIsRefusedNamingTheResponse() throws {
        let real = try RealSpec(
            operation: "query Count @throwOnFieldError { allFilms { totalCount } }",
            responses: ["0-count": #"{"data": {"allFilms": {"totalCount": 6}}}"#])
        defer { real.remove() }
        let problems = try BenchSubjects(specDirectory: real.directory).problems()
        let file = real.directory.appendingPathComponent("films/responses/0-count.json").path
        #expect(!problems.isEmpty)
        #expect(problems.allSatisfy { $0.hasPrefix("\(file): Count (largest-strict): ") }, "\(problems)")
        #expect(problems.contains { $0.contains("a list of objects") }, "\(problems)")
    }

    @Test func nothingNullableToMakeFieldErrorsFromIsRefused() throws {
        let schema = RealSpec.schema.replacingOccurrences(of: "String\n", with: "String!\n").replacingOccurrences(of: "Int\n", with: "Int!\n")
            .replacingOccurrences(of: "[String]\n", with: "[String]!\n")
        let real = try RealSpec(schema: schema)
        defer { real.remove() }
        let problems = try BenchSubjects(specDirectory: real.directory).problems()
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("no recorded response places field errors, and none can be made") == true, "\(problems)")
    }

    @Test func aLoadedResponseThatFailsThePhaseIsRefused() throws {
        let failing = RealSpec.response.replacingOccurrences(of: #""title": "A New Hope""#, with: #""title": null"#)
            .replacingOccurrences(of: #"{"data":"#, with: #"{"errors": [{"message": "gone", "path": ["allFilms", "films", 0, "title"]}], "data":"#)
        let real = try RealSpec(responses: ["0-films": failing])
        defer { real.remove() }
        let problems = try BenchSubjects(specDirectory: real.directory).problems()
        #expect(problems.contains { $0.contains("leaves its phase failed, not ready") }, "\(problems)")
        #expect(BenchCommand.main(["--list", "--spec", real.directory.path]) == 2, "--list must refuse what a run would")
    }
}
