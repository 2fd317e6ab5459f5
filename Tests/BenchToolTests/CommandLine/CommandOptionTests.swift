import Foundation
import Testing

@testable import BenchTool

/// Each option is declared once, and the scan table, `--help` and `RunOptions.arguments` all follow
/// from the declarations: every declared option is in the help with its default, and every run
/// option, set away from its default, is written back as an argument that parses to the same options.
struct CommandOptionTests {
    /// A value away from its default for each run option that takes one, chosen to be awkward: a
    /// filter that looks like an option, a path with a space, a file name that starts with `-`.
    private static let values = [
        "--forks": "3", "--filter": "-h", "--spec": "/tmp/my spec", "--limits": "-limits.json", "--out": "results/x.json",
        "--format": "json", "--shape": "root,incremental", "--counts-from": "-earlier run.json", "--seeds": "6",
        "--batch-sizes": "the other build's run.json",
    ]

    /// The options a run option needs given beside it: `--seeds` counts with `--instructions` only.
    private static let needs = ["--seeds": ["--instructions"]]

    /// The option given away from its default, in the form `RunOptions.arguments` writes.
    private static func argument(_ option: RunOption) -> String? {
        guard option.takesValue else { return option.name }
        return values[option.name].map { "\(option.name)=\($0)" }
    }

    private static func runOption(_ name: String) throws -> RunOption {
        try #require(RunOption.all.first { $0.name == name }, "\(name) is not a declared run option")
    }

    private static func run(_ arguments: [String]) throws -> RunOptions {
        guard case .run(let options) = try CommandLineParser.parse(arguments) else {
            Issue.record("\(arguments) did not parse as a run")
            return .defaults
        }
        return options
    }

    /// The lines of the help between `heading` and the next blank line.
    private static func helpSection(_ heading: String) -> String {
        let afterHeading = CommandLineParser.helpText.components(separatedBy: "\n\(heading)\n").dropFirst().first ?? ""
        return afterHeading.components(separatedBy: "\n\n")[0]
    }

    // MARK: - Round trip

    @Test(arguments: RunOption.all.map(\.name))
    func eachRunOptionIsWrittenBackAsItWasGiven(name: String) throws {
        let option = try Self.runOption(name)
        let given = try #require(Self.argument(option), "no value away from the default for \(name): add one to `values`")
        let beside = Self.needs[name] ?? []
        let options = try Self.run(beside + [given])
        #expect(options != .defaults, "\(given) changes nothing")
        #expect(options.arguments == RunOption.all.compactMap { ($0.name == name || beside.contains($0.name)) ? Self.argument($0) : nil },
            "\(given) is written back as \(options.arguments)")
        #expect(try CommandLineParser.parse(options.arguments) == .run(options))
        #expect(option.argument?(.defaults) == nil, "\(name) is written at its default")
    }

    @Test func everyRunOptionAtOnceIsWrittenBackInTheDeclaredOrder() throws {
        let given = RunOption.all.compactMap(Self.argument)
        #expect(given.count == RunOption.all.count)
        let options = try Self.run(Array(given.reversed()))
        #expect(options.arguments == given)
        #expect(try CommandLineParser.parse(options.arguments) == .run(options))
    }

    @Test func forksAreWrittenOnlyAwayFromTheDefaultOfAFullOrAQuickRun() throws {
        #expect(try Self.run(["--quick"]).arguments == ["--quick"], "a quick run's one fork is its default")
        #expect(try Self.run(["--quick", "--forks=\(RunOptions.defaultForks)"]).arguments == ["--quick", "--forks=\(RunOptions.defaultForks)"])
        #expect(try Self.run(["--forks=\(RunOptions.defaultForks)"]).arguments.isEmpty)
        #expect(try Self.run(["--forks=\(RunOptions.defaultQuickForks)"]).arguments == ["--forks=\(RunOptions.defaultQuickForks)"])
    }

    // MARK: - Help

    @Test(arguments: RunOption.all.map(\.name))
    func eachRunOptionIsInTheHelpWithItsDefault(name: String) throws {
        let option = try Self.runOption(name)
        let section = Self.helpSection("OPTIONS OF A RUN")
        let entry = RunOption.helpSection([option])
        #expect(section.contains(entry), "the help's run options lack \(name)'s entry:\n\(entry)")
        #expect(entry.hasPrefix("  \(option.synopsis) "))
        if let description = option.help.defaultDescription {
            #expect(entry.contains("(default: \(description))"))
        }
    }

    @Test func theHelpsRunOptionsAreTheDeclaredOnesInOrder() {
        let named = Self.helpSection("OPTIONS OF A RUN").split(separator: "\n").compactMap { line in
            line.hasPrefix("  --") ? line.dropFirst(2).split(separator: " ").first.map(String.init) : nil
        }
        #expect(named == RunOption.all.map(\.name))
    }

    @Test func theHelpsListOptionsAreTheDeclaredOnes() {
        let section = Self.helpSection("LIST OPTIONS")
        for option in RunOption.all {
            let listed = RunOption.forList.contains { $0.name == option.name }
            #expect(section.contains(option.name) == listed, "\(option.name) \(listed ? "missing from" : "wrongly in") LIST OPTIONS")
        }
    }

    /// The defaults the help states are the parser's: giving one leaves the options at their defaults.
    @Test(arguments: ["--spec", "--limits", "--format", "--shape"])
    func theDefaultTheHelpStatesIsTheParsersDefault(name: String) throws {
        let option = try Self.runOption(name)
        let description = try #require(option.help.defaultDescription)
        #expect(try Self.run(["\(name)=\(description)"]) == .defaults)
        #expect(try Self.run([try #require(Self.argument(option))]) != .defaults)
    }

    @Test func eachCompareAndReportOptionIsInItsHelpSectionWithItsDefault() {
        Self.expectInHelp(CompareOption.all, section: "COMPARE OPTIONS")
        Self.expectInHelp(ReportOption.all, section: "REPORT OPTIONS")
    }

    @Test func eachHistoryAndProfileOptionIsOnItsCommandsUsageLine() {
        let usage = CommandLineParser.helpText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let history = usage.first { $0.hasPrefix("bench history ") } ?? ""
        for option in HistoryOption.all { #expect(history.contains("[\(option.synopsis)]"), "\(history) lacks \(option.name)") }
        #expect(history == "bench history [--results DIR] [--measurements PATTERN] [--format text|markdown|tsv|json]")
        let profile = usage.first { $0.hasPrefix("bench profile [") } ?? ""
        for option in ProfileOption.all { #expect(profile.contains("[\(option.synopsis)]"), "\(profile) lacks \(option.name)") }
    }

    private static func expectInHelp<Options>(_ options: [CommandOption<Options>], section heading: String) {
        let section = helpSection(heading)
        for option in options {
            let entry = CommandOption.helpSection([option])
            #expect(section.contains(entry), "\(heading) lacks \(option.name)'s entry:\n\(entry)")
            if let description = option.help.defaultDescription {
                #expect(entry.contains("default: \(description))"), "\(option.name) does not state its default")
            }
        }
    }

    @Test func theDefaultsTheHelpStatesForCompareAndReportAreTheParsers() throws {
        let compare = ["compare", "a.json", "b.json"]
        for option in CompareOption.all {
            guard let description = option.help.defaultDescription else { continue }
            #expect(try CommandLineParser.parse(compare + ["\(option.name)=\(description)"]) == CommandLineParser.parse(compare), "\(option.name)")
        }
        #expect(try CommandLineParser.parse(compare + ["--threshold=2%"]) != CommandLineParser.parse(compare))
        let report = ["report", "r.json"]
        for option in ReportOption.all {
            guard let description = option.help.defaultDescription else { continue }
            #expect(try CommandLineParser.parse(report + ["\(option.name)=\(description)"]) == CommandLineParser.parse(report), "\(option.name)")
        }
        #expect(try CommandLineParser.parse(report + ["--format=json"]) != CommandLineParser.parse(report))
    }

    @Test func aLongSynopsisPutsItsHelpOnTheNextLine() {
        let short = CommandOption<RunOptions>("--quiet", \.quiet, help: "one\ntwo (\(default: "off"))")
        #expect(RunOption.helpSection([short]) == "  --quiet                 one\n                          two (default: off)")
        #expect(short.help.defaultDescription == "off")
        let long = CommandOption<RunOptions>("--a-very-long-option-name", \.quiet, help: "one")
        #expect(RunOption.helpSection([long]) == "  --a-very-long-option-name\n                          one")
        #expect(long.help.defaultDescription == nil)
    }

    // MARK: - List

    @Test(arguments: RunOption.all.map(\.name))
    func listTakesTheOptionsThatChooseMeasurementsAndRefusesTheRest(name: String) throws {
        let option = try Self.runOption(name)
        let given = try #require(Self.argument(option))
        if RunOption.forList.contains(where: { $0.name == name }) {
            guard case .list = try CommandLineParser.parse(["--list", given]) else {
                Issue.record("--list \(given) is not a list")
                return
            }
        } else {
            #expect(throws: BenchError.usage("option '\(name)' cannot be combined with '--list'")) {
                try CommandLineParser.parse(["--list", given])
            }
        }
    }
}

/// `--seeds` counts under other hash seeds, which only a run that counts instructions does.
@Suite struct SeedsOptionTests {
    @Test func seedsWithoutInstructionsIsRefused() {
        #expect(throws: BenchError.usage("option '--seeds' counts under other hash seeds, and needs '--instructions'")) {
            try CommandLineParser.parse(["--seeds", "6"])
        }
        #expect(throws: (any Error).self) { try CommandLineParser.parse(["--instructions", "--seeds", "17"]) }
    }

    @Test func aRunCountsTheFixedSeedAloneUnlessAsked() throws {
        guard case .run(let plain) = try CommandLineParser.parse(["--instructions"]),
            case .run(let six) = try CommandLineParser.parse(["--instructions", "--seeds", "6"])
        else {
            Issue.record("not runs")
            return
        }
        #expect(plain.otherSeeds == 0 && six.otherSeeds == 6)
    }

    @Test func countSeedsTakesARequestAndTheFixtures() throws {
        #expect(try CommandLineParser.parse(["count-seeds", "r.json", "--spec", "/tmp/spec"]) == .countSeeds(requestPath: "r.json", specDirectory: "/tmp/spec"))
        #expect(throws: BenchError.usage("'count-seeds' needs a REQUEST file")) { try CommandLineParser.parse(["count-seeds"]) }
    }
}
