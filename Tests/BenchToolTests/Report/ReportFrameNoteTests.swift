import Testing

@testable import BenchTool

/// The line under the measurements table that says what a `frame.*` row times, shown only when the
/// run has one, so reports of older results files read as they did.
struct ReportFrameNoteTests {
    private static let frame = "frame.verdict-read-value-changes(largest-strict, 1 handle)"

    private func withFrames() -> ResultsFile {
        var results = Synthetic.results()
        results.measurements += [
            Synthetic.measurement(Self.frame, .derived, samples: [3000, 3100, 3200], lower: 3000, upper: 3200),
            Synthetic.measurement(Self.frame, .stored, samples: [900, 1000, 1100], lower: 900, upper: 1100),
        ]
        return results
    }

    @Test func theTextReportSaysWhatAFrameIsRightUnderTheTable() throws {
        let lines = Report.render(withFrames(), format: .text).split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.hasPrefix(Self.frame) })
        #expect(lines[row + 1].hasPrefix("frame.*: a commit and the render pass"), "the note follows the table's last row")
        #expect(lines[row + 2].isEmpty)
    }

    @Test func markdownQuotesTheNamesAndKeepsTheNoteOutOfTheTable() {
        let rendered = Report.render(withFrames(), format: .markdown)
        #expect(rendered.contains(" |\n\n`frame.*`: a commit and the render pass re-running every body it dirtied"))
        #expect(rendered.contains("(`commit.*` is the commit alone;"))
    }

    @Test func aRunWithoutFramesHasNoNote() {
        for format in [ReportFormat.text, .markdown] {
            #expect(!Report.render(Synthetic.results(), format: format).contains("frame.*"), "\(format)")
        }
    }

    @Test func benchmarksDocumentSaysHowACommitAndAFrameDiffer() {
        let document = BenchmarksDocument.render(withFrames(), resultsPath: "results/x.json", mainPlot: nil)
        #expect(document.contains("`frame.*`: a commit and the render pass"))
        #expect(document.contains("the `frame.*` row of the same change times that commit and the render pass after it"))
    }
}
