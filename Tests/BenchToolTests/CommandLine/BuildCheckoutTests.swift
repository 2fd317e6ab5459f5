import Foundation
import Testing

@testable import BenchTool

/// The defaults are the checkout's files, from any directory: as they were written from its root,
/// whole paths from anywhere else.
struct BuildCheckoutTests {
    @Test func theCheckoutIsTheOneThisTestWasBuiltFrom() throws {
        let root = try #require(BuildCheckout.root)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("limits.json").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("spec").path))
        #expect(BuildCheckout.sourceDirectory == root, "git is asked in the checkout, not the current directory")
    }

    @Test func aDefaultIsRelativeAtTheRootAndWholeElsewhere() {
        let root = URL(fileURLWithPath: "/work/bench", isDirectory: true)
        #expect(BuildCheckout.path("limits.json", root: root, currentDirectory: "/work/bench") == "limits.json")
        #expect(BuildCheckout.path("limits.json", root: root, currentDirectory: "/work/bench/") == "limits.json")
        #expect(BuildCheckout.path("spec", root: root, currentDirectory: "/tmp") == "/work/bench/spec")
        #expect(BuildCheckout.path("results", root: root, currentDirectory: "/work/bench/results") == "/work/bench/results")
        #expect(BuildCheckout.path("spec", root: nil, currentDirectory: "/tmp") == "spec", "no checkout: the current directory's")
    }

    @Test func theRunsDefaultsAreTheCheckoutsFiles() throws {
        let root = try #require(BuildCheckout.root)
        for path in [RunOptions.defaults.limitsPath, RunOptions.defaults.specDirectory, HistoryOptions.defaultResultsDirectory] {
            let whole = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            #expect(URL(fileURLWithPath: whole).standardizedFileURL.path.hasPrefix(root.standardizedFileURL.path), "\(path)")
        }
    }
}
