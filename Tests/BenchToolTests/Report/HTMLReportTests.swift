import Foundation
import Testing

@testable import BenchTool

/// The HTML pages of `bench report --format html` and `bench compare --format html`: one row per
/// measurement and per limit, points where their figures put them, text escaped, the same bytes twice.
struct HTMLReportTests {
    /// How many times `attribute="` opens in `page`: the rows a browser's `[attribute]` selector finds.
    static func occurrences(of attribute: String, in page: String) -> Int {
        page.components(separatedBy: " \(attribute)=\"").count - 1
    }

    /// The values of `attribute` on every element of `name` in `markup`, in document order.
    static func values(_ attribute: String, of name: String, in markup: String) -> [Double] {
        markup.components(separatedBy: "<\(name) ").dropFirst().compactMap { element in
            guard let start = element.range(of: "\(attribute)=\"") else { return nil }
            return Double(element[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    static let files: [(String, ResultsFile)] = [
        ("two strategies", Synthetic.results()),
        ("four shapes", Synthetic.shapeResults()),
        ("forks", Synthetic.comparable(forks: 3)),
    ]

    @Test(arguments: files.indices)
    func aRowPerMeasurementAndPerLimit(_ index: Int) {
        let (name, results) = Self.files[index]
        let page = Report.render(results, format: .html)
        #expect(
            Self.occurrences(of: "data-measurement", in: page) == results.measurements.count,
            "\(name): one data-measurement row per record of the file's measurements")
        #expect(Self.occurrences(of: "data-limit", in: page) == results.limits.count, "\(name): one data-limit row per limit")
        for judgement in results.limits {
            #expect(
                page.contains("data-limit=\"\(judgement.limit.id)\" data-verdict=\"\(judgement.verdict.rawValue)\""),
                "\(name): limit \(judgement.limit.id) carries its verdict")
        }
        #expect(page.hasPrefix("<!DOCTYPE html>\n") && page.hasSuffix("</html>\n"))
        #expect(page.contains(HTML.escape(results.decision.text)), "\(name): the decision is on the page")
    }

    @Test func thePageIsSelfContained() {
        let page = Report.render(Synthetic.shapeResults(), format: .html)
        for outside in ["<script", "<link", "src=", "href=", "@import", "url("] {
            #expect(!page.contains(outside), "the page must not load anything: found \(outside)")
        }
    }

    @Test func forkMediansAreDrawnInTheirOrder() throws {
        // Fork medians 300, 100, 200, 400: their points must lie in that order along the strip.
        let record = Synthetic.forked(Synthetic.phaseRead, .derived, Synthetic.forks([300, 100, 200, 400]))
        let strip = ForkMedianStrip(record: record)
        #expect(strip.forkMedians == [300, 100, 200, 400])
        let svg = strip.svg(ForkMedianStrip.scale(for: [strip]))
        let xs = Self.values("cx", of: "circle", in: svg)
        try #require(xs.count == 4, "one point per fork")
        #expect(xs[1] < xs[2] && xs[2] < xs[0] && xs[0] < xs[3], "points follow the medians: \(xs)")
        #expect(xs.allSatisfy { $0 >= ForkMedianStrip.inset && $0 <= ForkMedianStrip.width - ForkMedianStrip.inset })
        // On a logarithmic scale, 100 to 200 is as far as 200 to 400.
        #expect(abs((xs[2] - xs[1]) - (xs[3] - xs[2])) < 0.2, "log spacing: \(xs)")
        // The pooled median's tick sits between the forks' medians.
        let tick = try #require(svg.components(separatedBy: "class=\"median\"").first?.components(separatedBy: "<line ").last)
        let x = try #require(Self.values("x1", of: "line", in: "<line " + tick).first)
        #expect(x > xs[1] && x < xs[3])
    }

    @Test func textIsEscaped() {
        #expect(HTML.escape(#"<a href='x'>"Q" & R</a>"#) == "&lt;a href=&#39;x&#39;&gt;&quot;Q&quot; &amp; R&lt;/a&gt;")
        #expect(HTML.escape("row[3...19] µs ×") == "row[3...19] µs ×")
        var results = Synthetic.results()
        let hostile = #"phase.read(<script>alert("x")</script> & 'y')"#
        results.measurements.append(
            Synthetic.measurement(hostile, .derived, samples: [1, 2, 3], lower: 1, upper: 3))
        let page = Report.render(results, format: .html)
        #expect(!page.contains("<script"), "a name is text, never markup")
        #expect(page.contains("data-measurement=\"phase.read(&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;)\""))
        #expect(Self.occurrences(of: "data-measurement", in: page) == results.measurements.count)
    }

    @Test func theSameFileGivesTheSameBytes() throws {
        let results = Synthetic.shapeResults()
        let first = Report.render(results, format: .html)
        #expect(first == Report.render(results, format: .html))
        // A file read back from its JSON renders alike: nothing but the file goes into the page.
        let decoded = try ResultsReader.decode(results.encoded(), path: "r.json")
        #expect(Report.render(decoded, format: .html) == first)
        let comparison = Synthetic.compare(Synthetic.comparable(forks: 3), Synthetic.comparable(draw: 1, forks: 3))
        let comparisonPage = ComparisonReport.render(comparison, format: .html)
        #expect(!comparison.measurements.isEmpty)
        for measurement in comparison.measurements {
            #expect(comparisonPage.contains(HTML.escape(measurement.key.name)), "\(measurement.key.name) is on the comparison's page")
        }
    }

    @Test func theScalingCurvesAreDrawnWithTheirFits() {
        let results = Synthetic.results()
        let page = Report.render(results, format: .html)
        #expect(Self.occurrences(of: "data-curve", in: page) == Set(results.fits.map(\.name)).count)
        let chart = ScalingChart.all(in: results)[0].svg()
        let ys = Self.values("cy", of: "circle", in: chart.components(separatedBy: "class=\"point s-stored\"").dropLast().joined())
        #expect(chart.contains("<polyline"), "the fit is drawn")
        // Costs 1 µs, 10 µs, 100 µs at N 1, 10, 100: each point higher up the chart than the last.
        #expect(ys.count >= 3 && ys[0] > ys[1] && ys[1] > ys[2], "points rise with cost: \(ys)")
    }

    // MARK: - Compare

    @Test func aCompareRowPerMeasurementColouredByVerdict() {
        let old = Synthetic.comparable(forks: Synthetic.judgedForks)
        let new = Synthetic.comparable(draw: 1, factors: [Synthetic.derivedRead: 1.5], forks: Synthetic.judgedForks)
        let comparison = Synthetic.compare(old, new)
        let page = ComparisonReport.render(comparison, format: .html)
        #expect(Self.occurrences(of: "data-measurement", in: page) == comparison.measurements.count)
        #expect(comparison.slower.count == 1, "the fixture's 50 % slowdown is found")
        for item in comparison.measurements {
            #expect(page.contains("data-measurement=\"\(HTML.escape(item.key.label))\" data-verdict=\"\(item.verdict.rawValue)\""))
        }
        #expect(page.components(separatedBy: "class=\"ratio v-slower\"").count - 1 == 1, "the slower ratio is drawn red")
        #expect(page.components(separatedBy: "class=\"ratio v-same\"").count - 1 == comparison.measurements.count - 1)
    }

    @Test func aRatioSitsWhereItIsAgainstTheBand() throws {
        let old = Synthetic.comparable(forks: Synthetic.judgedForks)
        let new = Synthetic.comparable(draw: 1, factors: [Synthetic.derivedRead: 1.5], forks: Synthetic.judgedForks)
        let comparison = Synthetic.compare(old, new)
        let strips = comparison.measurements.map { RatioStrip(item: $0, rule: comparison.rule) }
        let scale = RatioStrip.scale(for: strips)
        let slower = try #require(strips.first { $0.item.verdict == .slower })
        let svg = slower.svg(scale)
        let band = try #require(svg.components(separatedBy: "<rect ").dropFirst().first)
        let bandStart = try #require(Self.values("x", of: "rect", in: "<rect " + band).first)
        let bandWidth = try #require(Self.values("width", of: "rect", in: "<rect " + band).first)
        let ratio = try #require(Self.values("cx", of: "circle", in: svg).first)
        #expect(ratio > bandStart + bandWidth, "a 1.5× slowdown lies right of the ±5 % band")
        #expect(abs(scale.position(1.05) - (bandStart + bandWidth)) < 0.1)
    }

    @Test func logarithmicTicksAreRoundAndInside() {
        let scale = ChartScale(showing: [120, 45_000], pixels: (0, 100))
        let ticks = scale.ticks()
        #expect(ticks == [100, 1_000, 10_000], "decades inside the domain: \(ticks)")
        let narrow = ChartScale(showing: [1_000, 1_040], pixels: (0, 100))
        #expect(narrow.ticks().count >= 2 && narrow.ticks().allSatisfy { narrow.domain.contains($0) })
        let signed = ChartScale(showing: [-5, 20], pixels: (0, 100))
        #expect(signed.kind == .linear && signed.position(-5) < signed.position(0))
    }
}
