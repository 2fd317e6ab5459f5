@testable import BenchTool
import Foundation
import Testing
import Harness
import JSON
import Workloads

/// Where a run's input comes from and where its results go: checked before anything is measured, with
/// one line in words; and a real spec runs to a verdict.
struct RunInputTests {
    static let limits = SpecCheckTests.repositoryRoot.appendingPathComponent("limits.json").path

    @Test func aQuickRunOfARealSpecReachesAVerdictWithAValidResultsFile() throws {
        let real = try RealSpec()
        defer { real.remove() }
        let out = real.directory.appendingPathComponent("run.json").path
        let status = BenchCommand.main(["--quick", "--spec", real.directory.path, "--limits", Self.limits, "--out", out])
        #expect(status == 0 || status == 1, "a verdict exits 0 or 1, not \(status)")
        let results = try ResultsValidator.validate(path: out)
        let fieldErrors = try #require(results.subjects.first { $0.role == "largest-strict" }?.fieldErrors)
        #expect(fieldErrors.source == "made")
        #expect(fieldErrors.response == "0-films")
        #expect(Report.render(results, format: .text).contains("field errors: made the field-error variant"))

        // Where the run's time went, phase by phase, and the rule that stopped its sampling.
        let phases = try #require(results.phases, "a run records its phases")
        #expect(phases.map(\.phase) == ["preparing", "counting", "measuring", "judging"])
        #expect(phases.allSatisfy { $0.seconds.isFinite && $0.seconds >= 0 })
        #expect(phases.first { $0.phase == "measuring" }.map { $0.seconds > 0 && $0.parts == nil } == true, "one process: no forks")
        #expect(results.method.contains(StoppingRule(policy: SuiteRunner.policy(quick: true)).description))
    }

    @Test func outIsRefusedBeforeTheRunWhenItCannotBeWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let existing = (directory as NSString).appendingPathComponent("taken.json")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: existing))
        let missingParent = (directory as NSString).appendingPathComponent("missing/run.json")

        #expect(throws: BenchError.self) { try ResultsWriter.checkNewFile(existing) }
        #expect(message(existing) == "\(existing): exists; refusing to overwrite it (--out names a new file)")
        #expect(message(missingParent)?.contains("does not exist; create it first") == true)
        #expect(message(existing + "/run.json")?.contains("is a file, not a directory") == true)
        #expect(message((directory as NSString).appendingPathComponent("new.json")) == nil)

        for out in [existing, missingParent] {
            #expect(BenchCommand.main(["--quick", "--limits", Self.limits, "--out", out]) == 2, "--out \(out)")
        }
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "{}", "the existing file was touched")
        #expect(!FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent("missing")), "a directory was made")
    }

    @Test func aFilterThatSelectsNothingIsRefusedInOneLineBeforeTheRun() throws {
        let subjects = try SuiteTests.subjects()
        let suite = Suite(subjects: subjects)
        func options(_ pattern: String, _ strategies: StrategySelection = .all) -> RunOptions {
            RunOptions(
                quick: true, filter: MeasurementFilter(pattern: pattern), specDirectory: "spec", limitsPath: Self.limits, outputPath: nil,
                format: .text, strategies: strategies)
        }
        let refusal = #expect(throws: BenchError.self) { try RunCommand.requireSelection(suite, subjects, options("no-such-measurement")) }
        #expect(refusal?.written.first == "bench: --filter 'no-such-measurement' selects no measurement and no count under shapes all; "
            + "bench --list names what there is (try --help)")
        // A pattern that names something of another strategy only selects nothing under this one.
        #expect(throws: BenchError.self) { try RunCommand.requireSelection(suite, subjects, options("fixture)", try StrategySelection.parse("stored").get())) }
        #expect(throws: Never.self) { try RunCommand.requireSelection(suite, subjects, options("fixture)")) }
        // A count alone is something to run.
        #expect(throws: Never.self) { try RunCommand.requireSelection(suite, subjects, options("nulls-or-errors-commit")) }

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nothing-\(UUID().uuidString).json").path
        #expect(BenchCommand.main(["--quick", "--filter", "no-such-measurement", "--limits", Self.limits, "--out", out]) == 2)
        #expect(!FileManager.default.fileExists(atPath: out), "nothing was measured or written")
        #expect(BenchCommand.main(["--list", "--filter", "no-such-measurement"]) == 2)
    }

    @Test func aLimitThatReadsWhatTheBenchLacksIsRefusedInOneLineBeforeTheRun() throws {
        let text = try String(contentsOfFile: Self.limits, encoding: .utf8)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func written(_ name: String, replacing old: String, with new: String) throws -> String {
            #expect(text.contains(old), "limits.json still holds \(old)")
            let path = directory.appendingPathComponent(name).path
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let measurement = try written(
            "measurement.json", replacing: "\"commit.field-errors.clear(largest-strict, 1 handle)\"",
            with: "\"commit.field-errors.clearing(largest-strict, 1 handle)\"")
        let scenario = try written(
            "scenario.json", replacing: "\"verdict-read-value-changes(spreads-only)\"", with: "\"verdict-read-value-change(spreads-only)\"")
        let subjects = try SuiteTests.subjects()
        let suite = Suite(subjects: subjects)
        #expect(throws: Never.self) { try RunCommand.requireMeasured(try LimitsFile.load(path: Self.limits), path: Self.limits, suite) }
        let read = #expect(throws: BenchError.self) {
            try RunCommand.requireMeasured(try LimitsFile.load(path: measurement), path: measurement, suite)
        }
        #expect(read?.line.hasPrefix("\(measurement): limit 'root-cost-clear' reads 'commit.field-errors.clearing(largest-strict, 1 handle)' [root], "
            + "which this bench does not measure over this spec") == true, "\(read?.line ?? "")")
        let counted = #expect(throws: BenchError.self) {
            try RunCommand.requireMeasured(try LimitsFile.load(path: scenario), path: scenario, suite)
        }
        #expect(counted?.line.contains("counts 'verdict-read-value-change(spreads-only)', a scenario this bench does not have") == true)

        let out = directory.appendingPathComponent("run.json").path
        for limits in [measurement, scenario] {
            #expect(BenchCommand.main(["--quick", "--limits", limits, "--out", out]) == 2, "\(limits)")
            #expect(BenchCommand.main(["--list", "--limits", limits]) == 2, "\(limits)")
        }
        #expect(!FileManager.default.fileExists(atPath: out), "nothing was measured or written")
    }

    /// The bundled spec copied to a directory of its own, for a test to break.
    private func copiedSpec() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: SpecCheckTests.repositoryRoot.appendingPathComponent("spec"), to: directory)
        return directory
    }

    @Test func twoOperationsOfOneNameAreRefusedInOneLineBeforeTheRun() throws {
        let spec = try copiedSpec()
        defer { try? FileManager.default.removeItem(at: spec) }
        let copy = spec.appendingPathComponent("characters-page/CharacterName.graphql")
        try FileManager.default.copyItem(at: spec.appendingPathComponent("unplaced-errors/CharacterName.graphql"), to: copy)
        let error = try #require(specError(spec.path))
        #expect(error.description == "\(spec.path)/unplaced-errors/CharacterName.graphql: operation 'CharacterName' is defined in "
            + "\(copy.path) too; an operation's name must be unique in the spec directory, since results and limits name subjects by it")
        let out = spec.appendingPathComponent("run.json").path
        #expect(BenchCommand.main(["--quick", "--spec", spec.path, "--limits", Self.limits, "--out", out]) == 2)
        #expect(BenchCommand.main(["--list", "--spec", spec.path]) == 2)
        #expect(!FileManager.default.fileExists(atPath: out), "nothing was measured or written")
    }

    @Test func anErrorPathPastWhatTheResponseHoldsIsRefusedInOneLineBeforeTheRun() throws {
        let spec = try copiedSpec()
        defer { try? FileManager.default.removeItem(at: spec) }
        let response = spec.appendingPathComponent("characters-page/responses/1-image-errors.json")
        let text = try String(contentsOf: response, encoding: .utf8)
        let first = #""path": ["characters", "results", 0, "image"]"#
        #expect(text.contains(first), "the recorded field errors still start at the first row's image")
        for (path, why) in [
            (#""path": ["characters", "results", 25, "image"]"#, "characters.results has 20 items"),
            (#""path": ["characters", "results", 0, "nickname"]"#, "characters.results.0 has no 'nickname'"),
        ] {
            try Data(text.replacingOccurrences(of: first, with: path).utf8).write(to: response)
            let error = try #require(specError(spec.path), "\(path)")
            #expect(error.description.hasPrefix("\(response.path): errors.0.path characters.results."), "\(error)")
            #expect(error.description.contains("names nothing the response holds (\(why)); the normalizer would count the error as unplaced"), "\(error)")
            #expect(BenchCommand.main(["--list", "--spec", spec.path]) == 2)
            #expect(BenchCommand.main(["--quick", "--spec", spec.path, "--limits", Self.limits, "--out", spec.appendingPathComponent("run.json").path]) == 2)
        }
    }

    @Test func anErrorOfARootFieldTheDataDoesNotHoldIsSaidToBeUnplaced() throws {
        let spec = try LoadedFixtureDirectory.load(SpecCheckTests.repositoryRoot.appendingPathComponent("spec"))
        #expect(spec.unplacedErrorNotes == [
            "\(spec.directory.path)/unplaced-errors/responses/0-response.json: errors.1.path episodes.results.0 names a root field "
                + "the data does not hold: the error is counted as unplaced",
        ])
        let listed = try BenchCommand.listing(ListOptions(filter: nil, specDirectory: spec.directory.path, strategies: .all, limitsPath: Self.limits))
        #expect(listed.contains("# " + spec.unplacedErrorNotes[0]))
        #expect(listed.first == "# limits \(Self.limits), fixtures \(spec.directory.path)", "the files the list read")
    }

    @Test func errorPathsAreFollowedThroughTheData() {
        let response: JSONValue = .object([
            .init("data", .object([.init("a", .array([.object([.init("b", .null)])]))])),
            .init("errors", .array([
                .object([.init("message", .string("under a null")), .init("path", .array([.string("a"), .int(0), .string("b"), .string("c")]))]),
                .object([.init("message", .string("no path"))]),
                .object([.init("message", .string("past the end")), .init("path", .array([.string("a"), .int(1)]))]),
                .object([.init("message", .string("another root")), .init("path", .array([.string("z")]))]),
                .object([.init("message", .string("into a list by key")), .init("path", .array([.string("a"), .string("b")]))]),
            ])),
        ])
        #expect(ErrorPaths.findings(in: response) == [
            .beyondData(error: 2, path: "a.1", why: "a has 1 item"),
            .rootFieldNotHeld(error: 3, path: "z"),
            .beyondData(error: 4, path: "a.b", why: "a is not an object"),
        ])
    }

    @Test func specNamingAFileOrNothingIsSaidInWords() throws {
        let file = Self.limits
        #expect(specError(file)?.description == "\(file): is a file, not a directory; the spec is a directory of fixtures (see spec/README.md)")
        #expect(specError("/nonexistent/spec")?.description.contains("no such directory") == true)
        #expect(BenchCommand.main(["--list", "--spec", file]) == 2)
        #expect(BenchCommand.main(["--quick", "--spec", file, "--limits", Self.limits]) == 2)
    }

    /// The line `checkNewFile` refuses `path` with, or nil when it lets it through.
    private func message(_ path: String) -> String? {
        do { try ResultsWriter.checkNewFile(path) } catch { return error.line }
        return nil
    }

    private func specError(_ path: String) -> FixtureDirectoryError? {
        do { _ = try LoadedFixtureDirectory.load(URL(fileURLWithPath: path)) } catch { return error }
        return nil
    }
}
