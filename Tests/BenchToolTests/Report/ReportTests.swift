import Testing

@testable import BenchTool

/// Reports of a small synthetic results file, compared whole: every unit, bracket and column.
struct ReportTests {
    /// 999 ns stays in nanoseconds and 1000 ns becomes 1.00 µs; counts are exact; n/a says why.
    @Test func theTextReportOfASmallRun() {
        let expected = """
            commit 0123456789abcdef0123456789abcdef01234567, release build, 2026-11-29T13:00:00Z
            machine: Test CPU, 2 cores, Linux 6.8.0 x86_64, Debian 12
            toolchain: Swift version 6.3.1; allocator: jemalloc 5.3.0
            limits: limits.json, sha256 abababababababababababababababababababababababababababababababab
            run: full, forks 1, shapes both, filter none, fixtures spec
            timer: 27.0 ns a reading, resolution 1.00 ns (clock_gettime(CLOCK_MONOTONIC))
            allocations n/a: jemalloc is not the process allocator: system malloc (libc.so.6)
            method:
              - fixed batches with timer overhead subtracted: sample = (batch time - timer overhead) / batch size

            measurement                         derived             stored                derived/stored  allocs/op (derived / stored)  bytes/op (derived / stored)
            phase.read.tracked(largest-strict)  999 ns [990, 1005]  1.00 µs [1.00, 1.00]  0.999×          0 / 0.500                     0 / 24

            reference (another machine: Apple M1 Pro, decision record): a read per field in a row body of eight fields, median: tracked 638 ns, untracked 25.9 ns, tracked/untracked 24.6×
            this run (Test CPU): tracked 712 ns, untracked 21.2 ns, tracked/untracked 33.5×

            unshaped
            measurement                     median [95% CI]       allocs/op  bytes/op
            field.read.tracked(row-of-8)    712 ns [700, 730]     n/a        n/a
            field.read.untracked(row-of-8)  21.2 ns [20.5, 22.0]  n/a        n/a

            reads at Observation's floor (goals: reported, not limits)
            figure                                                                                         this run  goal     verdict    from
            the model's untracked field read over a plain @Observable untracked read                       —         ≤ 1.50×  notJudged  this run has no measurement 'observable.read.untracked(row-of-8)'
            the model's tracked field read over a plain @Observable tracked read (each in a body's scope)  —         ≤ 1.10×  notJudged  this run has no measurement 'observable.read.tracked(row-of-8)'
            heap allocations per untracked field read                                                      —         ≤ 0      notJudged  allocations not counted: jemalloc is not the process allocator: system malloc (libc.so.6)
            heap allocations per tracked field read beyond a tracked @Observable read's                    —         ≤ 0      notJudged  this run has no measurement 'observable.read.tracked(row-of-8)'
            the untracked verdict walk's instructions per slot over an untracked @Observable read's        —         ≤ 1.50×  notJudged  this run has no measurement 'verdict.walk(largest-strict)' and 'observable.read.untracked(row-of-8)'

            body re-runs
            scenario                                  body        derived  stored  extra (derived − stored)
            verdict-read-value-changes(spreads-only)  phase-only  1        1       0

            how cost grows
            curve                          shape   slope                        intercept  R²      points
            commit.cost(retained-handles)  stored  1.00 µs per retained handle  0 ns       1.0000  3

            headroom to the frame (reported, not limits)
            curve                          N counts          frame                  stored
            commit.cost(retained-handles)  retained handles  120 Hz frame, 8.33 ms  not within the 100 measured (1.20 % of the frame at 100)
            commit.cost(retained-handles)  retained handles  60 Hz frame, 16.7 ms   not within the 100 measured (0.600 % of the frame at 100)
            \(ReportTables.headroomNote)

            limits
            limit         verdict  headroom   why
            phase-read    pass     +98.0 %    median 999 ns [990, 1005] (95% CI): the whole interval is < 50.0 µs
            extra-bodies  pass     0 re-runs  body by body: every body re-ran as often under derived as under stored; required ≤ 0 more re-runs for each body (1 counted)

            decision: derived phase ships

            """
        let rendered = Report.render(Synthetic.results(), format: .text)
        #expect(rendered == expected)
        if rendered != expected {
            // Line by line, so a failure says which line moved.
            for (got, want) in zip(rendered.split(separator: "\n", omittingEmptySubsequences: false),
                                   expected.split(separator: "\n", omittingEmptySubsequences: false)) where got != want {
                Issue.record("got:  \(got)\nwant: \(want)")
            }
        }
    }

    @Test func markdownTablesAndTheDecision() {
        let rendered = Report.render(Synthetic.results(), format: .markdown)
        #expect(rendered.contains("""
            | measurement | derived | stored | derived/stored | allocs/op (derived / stored) | bytes/op (derived / stored) |
            |---|---|---|---|---|---|
            | phase.read.tracked(largest-strict) | 999 ns [990, 1005] | 1.00 µs [1.00, 1.00] | 0.999× | 0 / 0.500 | 0 / 24 |
            """))
        #expect(rendered.contains("**reference (another machine: Apple M1 Pro, decision record):** a read per field"))
        #expect(rendered.contains("| extra-bodies | pass | 0 re-runs | body by body: every body re-ran as often under derived as under stored; required ≤ 0 more re-runs for each body (1 counted) |"))
        #expect(rendered.hasSuffix("**Decision: derived phase ships**\n"))
    }

    @Test func whereTheFixtureSizePointsCameFromIsShownUnderTheCurves() {
        var results = Synthetic.results()
        results.scaling = ScalingRecord(source: .judgedFixture, detail: "characters.results")
        let line = "fixture-size points: judged fixture (lists cut or repeated with fresh ids): characters.results"
        #expect(Report.render(results, format: .text).contains("""
            commit.cost(retained-handles)  stored  1.00 µs per retained handle  0 ns       1.0000  3
            \(line)

            headroom to the frame
            """))
        #expect(Report.render(results, format: .markdown).contains(
            "| commit.cost(retained-handles) | stored | 1.00 µs per retained handle | 0 ns | 1.0000 | 3 |\n\n\(line)\n"))

        results.fits = []
        results.scaling = ScalingRecord(source: .notMeasured, detail: "Q does not select the generated fixture's shape")
        #expect(Report.render(results, format: .text).contains(
            "how cost grows\nfixture-size points: not measured: Q does not select the generated fixture's shape\n"))
        results.scaling = nil
        #expect(!Report.render(results, format: .text).contains("how cost grows"), "neither curves nor a source: no section")
    }

    @Test func jsonIsTheResultsFileItself() throws {
        let results = Synthetic.results()
        #expect(Report.render(results, format: .json) == String(decoding: try results.encoded(), as: UTF8.self))
    }

    @Test func theReferenceFiguresAreQuotedAndNeverMeasurements() {
        let results = Synthetic.results()
        #expect(!results.measurements.contains { $0.summary.median == ReferenceFigures.trackedReadNanoseconds })
        let text = Report.render(results, format: .text)
        #expect(text.contains("reference (another machine: Apple M1 Pro, decision record): a read per field in a row body of eight fields, median: tracked 638 ns, untracked 25.9 ns"))
    }

    @Test func withoutTheReadsThisRunSaysSo() {
        var results = Synthetic.results()
        results.measurements.removeAll { $0.strategy == .unshaped }
        #expect(Report.render(results, format: .text).contains(
            "this run: field.read.tracked(row-of-8) and field.read.untracked(row-of-8) were not both measured"))
    }

    @Test func aFailedRunNamesItsLimitInTheLastLine() {
        var results = Synthetic.results()
        results.counts[0].reruns = 3
        let judged = Judge(limits: results.limits.map(\.limit), buildConfiguration: "release", quick: false)
            .judge(measurements: results.measurements, counts: results.counts)
        results.limits = judged.limits
        results.decision = judged.decision
        #expect(Report.render(results, format: .text).hasSuffix(
            "decision: fallback: the fetch as a value ships alone, the phase stays stored (failed: extra-bodies)\n"))
    }

    @Test func eachLimitSaysWhichOperationItWasJudgedOnAndWhy() {
        var results = Synthetic.results()
        results.subjects = [
            SubjectRecord(role: "largest-strict", operation: "Page", fixture: "page", records: 9, slotsWalked: 40, why: "the largest"),
            SubjectRecord(role: "spreads-only", operation: "PageQuery", fixture: "page", records: 9, slotsWalked: 0, why: "its own selection is spreads"),
            SubjectRecord(role: "root-field-spreads", operation: "PageSpreads", fixture: "page", records: 9, slotsWalked: 1),
        ]
        let text = Report.render(results, format: .text)
        #expect(text.contains("judged: spreads-only: PageQuery (page), 9 records, its verdict walks 0 slots\n"))
        #expect(text.contains("counted: root-field-spreads: PageSpreads (page), 9 records, its verdict walks 1 slot\n"), "no limit names it")
        #expect(text.contains("\nextra-bodies judged on spreads-only: PageQuery (page), 9 records, its verdict walks 0 slots: its own selection is spreads\n"))
        #expect(text.contains("\nphase-read judged on largest-strict: Page (page), 9 records, its verdict walks 40 slots: the largest\n"))
        let markdown = Report.render(results, format: .markdown)
        #expect(markdown.contains("- extra-bodies judged on spreads-only: PageQuery (page)"))
    }

    @Test func aCountLimitNamesTheBodiesThatReRanMore() {
        var results = Synthetic.results()
        results.counts = [
            CountRecord(scenario: Synthetic.spreadsScenario, strategy: .derived, body: "phase", reruns: 1),
            CountRecord(scenario: Synthetic.spreadsScenario, strategy: .derived, body: "operation", reruns: 0),
            CountRecord(scenario: Synthetic.spreadsScenario, strategy: .stored, body: "phase", reruns: 0),
            CountRecord(scenario: Synthetic.spreadsScenario, strategy: .stored, body: "operation", reruns: 1),
        ]
        let judged = Judge(limits: results.limits.map(\.limit), buildConfiguration: "release", quick: false)
            .judge(measurements: results.measurements, counts: results.counts)
        results.limits = judged.limits
        results.decision = judged.decision
        let text = Report.render(results, format: .text)
        #expect(text.contains("extra-bodies  fail     −1 re-run  body by body, re-ran more under derived: phase +1 (derived 1, stored 0); other bodies: operation −1 (derived 0, stored 1)"))
    }

    @Test func benchmarksDocumentSaysWhereItsFiguresComeFrom() {
        let document = BenchmarksDocument.render(
            Synthetic.results(), resultsPath: "results/20261129-130000-0123456-abcdef.json", htmlPage: nil)
        #expect(document.hasPrefix("""
            # Benchmarks

            Generated by `bench report results/20261129-130000-0123456-abcdef.json --benchmarks-md` from \
            [`results/20261129-130000-0123456-abcdef.json`](results/20261129-130000-0123456-abcdef.json), a full run \
            of commit `0123456789ab` on Test CPU (2 cores), 2026-11-29T13:00:00Z. Do not edit it by hand: run the bench and \
            regenerate it.


            """))
        #expect(document.contains("- `phase-read`: **pass**, headroom +98.0 %. median 999 ns [990, 1005] (95% CI): the whole interval is < 50.0 µs"))
        #expect(document.contains("### Measurements") && document.contains("## How to read these figures"))
        #expect(document.contains("**reference (another machine: Apple M1 Pro, decision record):**"))
    }

    /// The HTML page scripts/benchmarks-md writes is linked from the opening, with the command that wrote it.
    @Test func benchmarksDocumentLinksItsHTMLPage() {
        let path = "results/20261129-130000-0123456-abcdef.json"
        let document = BenchmarksDocument.render(Synthetic.results(), resultsPath: path, htmlPage: "BENCHMARKS.html")
        #expect(document.contains("""
            regenerate it. The same run as one page with charts (each shape's fork medians, the curves log-log): \
            [`BENCHMARKS.html`](BENCHMARKS.html), written by `bench report \(path) --format html`; open it in a browser.


            """))
        #expect(!BenchmarksDocument.render(Synthetic.results(), resultsPath: path, htmlPage: nil).contains("BENCHMARKS.html"))
    }

    /// The plot scripts/history draws sits between the decision and the run; without one, nothing does.
    @Test func benchmarksDocumentShowsTheMainPlotOnlyWhenThereIsOne() {
        let path = "results/20261129-130000-0123456-abcdef.json"
        let with = BenchmarksDocument.render(Synthetic.results(), resultsPath: path, mainPlot: "results/plots/x.png", headroomPlot: nil)
        #expect(with.contains("""
            - `extra-bodies`: **pass**, headroom 0 re-runs. body by body: every body re-ran as often under derived as under stored; required ≤ 0 more re-runs for each body (1 counted)

            ![The key measurements over commits](results/plots/x.png)

            Drawn by `scripts/history` from every results file, in commit order.

            ## The run
            """), "the plot, under the decision and its limits, before the run's tables")
        let without = BenchmarksDocument.render(Synthetic.results(), resultsPath: path, mainPlot: nil, headroomPlot: nil)
        #expect(!without.contains("!["), "no image link when there is no plot")
        #expect(without.contains("(1 counted)\n\n## The run"), "and the document reads as it did before plots")
        // The headroom plot goes under the headroom table, when there is one.
        let headroom = BenchmarksDocument.render(Synthetic.results(), resultsPath: path, mainPlot: nil, headroomPlot: "results/plots/h.png")
        #expect(headroom.contains(ReportTables.headroomNote + "\n\n![Each curve's cost against N, log-log, with the frame budgets](results/plots/h.png)"))
    }
}
