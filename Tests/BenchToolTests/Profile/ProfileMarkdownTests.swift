import Foundation
import Harness
import Testing
@testable import BenchTool

/// BENCHMARKS.md's section of profiles, from a profile directory written here.
struct ProfileMarkdownTests {
    static let dump = "events: Ir\nfn=(1) main\n0 100\ncfn=(2) work\ncalls=4 0\n0 300\nfn=(2)\n0 300\ntotals: 400\n"

    @Test func eachMeasurementHasItsFiguresGraphAndTopFunctions() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("profile-md-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/m-derived", withIntermediateDirectories: true)
        try Data(Self.dump.utf8).write(to: URL(fileURLWithPath: root + "/m-derived/callgrind.out"))
        let entry = ProfileManifest.Entry(
            measurement: "m [derived]", directory: "m-derived", operations: 2, instructions: 400, attributedShare: 1, samplesInside: 90,
            samplesOutside: 10, samplesWithUnknownFrames: 1)
        try ProfileManifest(commit: "abcdef0123", abSwitch: false, method: "m", measurements: [entry]).encoded()
            .write(to: URL(fileURLWithPath: root + "/" + ProfileManifest.fileName))
        let markdown = try ProfileMarkdown.render(directories: [root])
        #expect(markdown.contains("of commit abcdef0"))
        #expect(markdown.contains("### m [derived]\n\n200 instructions per operation over 2 operations, 100.0% attributed"))
        #expect(markdown.contains("perf: 90 samples in the timed loop, 10 outside it, 1 with an unknown frame"))
        #expect(markdown.contains("[![flame graph of m [derived]](\(root)/m-derived/flamegraph.svg)](\(root)/m-derived/flamegraph.svg)"),
                "no PNG beside it: the SVG is shown")
        try Data().write(to: URL(fileURLWithPath: root + "/m-derived/flamegraph.png"))
        #expect(try ProfileMarkdown.render(directories: [root]).contains(
            "[![flame graph of m [derived]](\(root)/m-derived/flamegraph.png)](\(root)/m-derived/flamegraph.svg)"),
            "a PNG beside it is shown, and links the SVG")
        #expect(markdown.contains("| 150 | 75.0% | 150 | 2 | `work` |\n| 50 | 25.0% | 200 | 0 | `main` |"), "\(markdown)")
        let refused = ProfileMarkdown.run(directories: [root + "/m-derived"])
        #expect(refused.status == 2 && refused.standardError.count == 1)
    }

    @Test func theCommandLineTakesDirectories() throws {
        #expect(try CommandLineParser.parse(["profile", "markdown", "a", "b"]) == .profileMarkdown(directories: ["a", "b"]))
        #expect(throws: BenchError.usage("'profile markdown' needs one or more profile directories")) {
            try CommandLineParser.parse(["profile", "markdown"])
        }
    }
}
