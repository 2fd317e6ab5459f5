@testable import BenchTool
import Foundation
import Testing

/// `--strategy` and `options.strategy`: `all` by default, `both` as it was, any subset by name.
struct StrategySelectionTests {
    @Test func aRunMeasuresEveryStrategyByDefault() throws {
        guard case .run(let options) = try CommandLineParser.parse([]) else {
            Issue.record("no arguments is not a run")
            return
        }
        #expect(options.strategies == .all)
        #expect(options.strategies.strategies == ShapeRegistry.standard.labels, "every registered shape, in order")
        #expect(options.strategies.rawValue == "all")
    }

    @Test func aListOfNamesSelectsThoseInStrategyOrder() throws {
        guard case .run(let options) = try CommandLineParser.parse(["--strategy", "root,derived"]) else {
            Issue.record("--strategy root,derived is not a run")
            return
        }
        #expect(options.strategies.strategies == [.derived, .root])
        #expect(options.strategies.rawValue == "derived,root", "written in FigureStrategy order, as a results file records it")
        #expect(options.strategies.includes(.root) && options.strategies.includes(.unshaped))
        #expect(!options.strategies.includes(.stored) && !options.strategies.includes(.incremental))
    }

    /// The option is `--shape`, the user's word; `--strategy`, its old name, reads the same, for a run,
    /// a list and a profile, and the two together are refused.
    @Test func theShapeOptionIsNamedOnceAndItsOldNameStillReads() throws {
        #expect(try CommandLineParser.parse(["--shape", "root,derived"]) == CommandLineParser.parse(["--strategy", "root,derived"]))
        #expect(try CommandLineParser.parse(["--list", "--shape=stored"]) == CommandLineParser.parse(["--list", "--strategy=stored"]))
        guard case .profile(let profile) = try CommandLineParser.parse(["profile", "--shape", "incremental"]) else {
            Issue.record("profile --shape incremental is not a profile")
            return
        }
        #expect(profile.strategies.strategies == [.incremental])
        #expect(throws: BenchError.usage("option '--shape' given twice (once as '--strategy', its old name)")) {
            try CommandLineParser.parse(["--shape", "root", "--strategy", "stored"])
        }
        var options = RunOptions.defaults
        options.strategies = .both
        #expect(options.arguments == ["--shape=both"], "a fork is started with the option's name, not its old one")
    }

    @Test func bothIsStillDerivedAndStored() throws {
        guard case .list(let options) = try CommandLineParser.parse(["--list", "--strategy=both"]) else {
            Issue.record("--list --strategy=both is not a list")
            return
        }
        #expect(options.strategies == .both)
        #expect(options.strategies.strategies == [.derived, .stored])
        #expect(!options.strategies.includes(.root))
    }

    @Test(arguments: ["both", "all", "derived", "stored", "derived,root", "stored,incremental"])
    func aResultsFileKeepsTheSelectionAsWritten(text: String) throws {
        let json = Data("\"\(text)\"".utf8)
        let selection = try JSONDecoder().decode(StrategySelection.self, from: json)
        #expect(selection.rawValue == text)
        #expect(try JSONEncoder().encode(selection) == json, "'\(text)' does not read back as it was written")
    }

    @Test func aResultsFileWithAnUnknownSelectionDoesNotDecode() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(StrategySelection.self, from: Data("\"every\"".utf8)) }
        #expect(StrategySelection(rawValue: "derived,derived") == nil)
        #expect(StrategySelection(rawValue: "") == nil)
    }
}
