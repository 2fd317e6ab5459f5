import Foundation
import Harness
import Testing
@testable import BenchTool

/// Tables and diffs of profiles whose costs are chosen here.
struct ProfileTableTests {
    static func profile(_ costs: [String: (own: UInt64, calls: UInt64)], total: UInt64) -> CallgrindProfile {
        var functions: [String: FunctionCost] = [:]
        for (name, cost) in costs {
            functions[name] = FunctionCost(name: name, object: "/bench", selfInstructions: cost.own, inclusiveInstructions: cost.own, calls: cost.calls)
        }
        return CallgrindProfile(trigger: "counted 4 m", totalInstructions: total, functions: functions)
    }

    @Test func figuresArePerOperationAndOrderedBySelf() {
        let profile = Self.profile(["a": (400, 8), "b": (1200, 4), "0x1234": (400, 0)], total: 2000)
        let table = ProfileTable(measurement: "m", profile: profile, operations: 4, names: ["b": "B()"])
        #expect(table.rows.map(\.name) == ["B()", "a"], "the unknown frame is not a row: \(table.rows)")
        #expect(table.rows[0].selfPerOperation == 300 && table.rows[0].callsPerOperation == 1)
        #expect(table.rows[1].selfPerOperation == 100 && table.rows[1].callsPerOperation == 2)
        #expect(table.instructionsPerOperation == 500)
        #expect(table.attributedShare == 0.8 && table.unknownShare == 0.2)
        #expect(table.text(top: 1).contains("80.0% attributed to named functions, 20.0% in unknown frames"))
        #expect(table.text(top: 1).contains("1 more functions in functions.tsv.gz"))
        #expect(table.tsv.split(separator: "\n").count == 3, "a header and every row")
    }

    @Test func theDiffPutsTheLargestChangeFirstEitherWay() {
        let old = ProfileTable(measurement: "m", profile: Self.profile(["a": (400, 1), "b": (400, 1), "c": (40, 1)], total: 840), operations: 4, names: [:])
        let new = ProfileTable(measurement: "m", profile: Self.profile(["a": (400, 1), "b": (200, 1), "d": (400, 1)], total: 1000), operations: 4, names: [:])
        let diff = ProfileDiff(old: old, new: new)
        #expect(diff.movers.map(\.symbol) == ["d", "b", "c"], "a unchanged is no mover: \(diff.movers)")
        #expect(diff.movers.map(\.difference) == [100, -50, -10])
        #expect(diff.text(top: 1).contains("+100  d"))
    }

    @Test(arguments: [
        ("phase.read.tracked(largest-strict) [derived]", "phase.read.tracked-largest-strict-derived"),
        ("commit.nulls-or-errors(largest-strict, 1000 handles) [stored]", "commit.nulls-or-errors-largest-strict-1000-handles-stored"),
    ])
    func directoryNamesAreShellFriendly(measurement: String, directory: String) {
        #expect(ProfileManifest.directoryName(measurement) == directory)
    }

    @Test func diffRefusesDirectoriesOfOtherMeasurements() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("profile-diff-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (side, measurement) in [("old", "a [derived]"), ("new", "b [derived]")] {
            let directory = (root as NSString).appendingPathComponent(side)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let entry = ProfileManifest.Entry(measurement: measurement, directory: "x", operations: 1, instructions: 1, attributedShare: 1)
            try ProfileManifest(commit: "c", abSwitch: false, method: "m", measurements: [entry]).encoded()
                .write(to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent(ProfileManifest.fileName)))
        }
        let output = ProfileDiffCommand.run(ProfileDiffOptions(oldDirectory: root + "/old", newDirectory: root + "/new"))
        #expect(output.status == 2 && output.standardOutput.isEmpty)
        #expect(output.standardError == ["bench: \(root)/old does not profile 'b [derived]': profile diff takes two directories of the same measurements"])
        let notProfile = ProfileDiffCommand.run(ProfileDiffOptions(oldDirectory: root, newDirectory: root + "/new"))
        #expect(notProfile.status == 2 && notProfile.standardError.count == 1 && notProfile.standardError[0].contains("no profile.json"))
    }
}

/// `bench profile` and `bench profile diff` on the command line.
struct ProfileCommandLineTests {
    @Test func profileTakesTheSelectionAndAnOutputDirectory() throws {
        #expect(try CommandLineParser.parse(["profile"])
                == .profile(ProfileOptions(filter: nil, strategies: .all, specDirectory: "spec", outputDirectory: nil)))
        #expect(try CommandLineParser.parse(["profile", "--filter", "phase.read.*", "--strategy", "derived", "--spec", "s", "--out=o"])
                == .profile(ProfileOptions(
                    filter: MeasurementFilter(pattern: "phase.read.*"), strategies: try StrategySelection.parse("derived").get(),
                    specDirectory: "s", outputDirectory: "o")))
        #expect(try CommandLineParser.parse(["profile", "diff", "a", "b"]) == .profileDiff(ProfileDiffOptions(oldDirectory: "a", newDirectory: "b")))
    }

    @Test(arguments: [
        (["profile", "--quick"], "bench: unknown option '--quick' for 'profile' (try --help)"),
        (["profile", "x"], "bench: unexpected argument 'x' for 'profile' (try --help)"),
        (["profile", "diff", "a"], "bench: 'profile diff' needs two profile directories, OLD_DIR and NEW_DIR (try --help)"),
        (["profile", "diff", "a", "b", "c"], "bench: unexpected argument 'c' (try --help)"),
        (["profile", "--filter", ""], "bench: option '--filter' needs a non-empty pattern (try --help)"),
    ])
    func badProfileCommandLinesSayWhat(arguments: [String], line: String) {
        #expect(throws: BenchError.usage(String(line.dropFirst("bench: ".count).dropLast(" (try --help)".count)))) {
            try CommandLineParser.parse(arguments)
        }
    }
}
