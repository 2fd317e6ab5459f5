import Foundation
import Harness

/// `bench history --format json`: everything `scripts/history` plots, so Python never reads the results
/// schema itself.
///
/// Its layout, key by key, is in docs/reports.md ("The JSON document"), which the tests hold every
/// key of the document to. Timings are nanoseconds, and every `...Text` is `FigureText`'s.
struct HistoryDocument: Encodable {
    /// The layout's version; a reader refuses another.
    static let currentSchema = 5
    struct Measurement: Encodable {
        var name: String
        var strategies: [FigureStrategy]
        var shapesOverStored: [FigureStrategy]
    }

    struct Estimate: Encodable {
        var name: String
        var strategy: FigureStrategy
        var median: Double
        var lower: Double
        var upper: Double
        var samples: [Double]
        var medianText: String
        var text: String

        init(_ record: MeasurementRecord) {
            let interval = record.summary.medianInterval
            name = record.name
            strategy = record.strategy
            median = record.summary.median
            lower = interval.lower
            upper = interval.upper
            samples = record.samples
            medianText = FigureText.duration(median)
            text = FigureText.duration(median, interval: interval)
        }
    }

    struct Fit: Encodable {
        var fit: FitRecord
        /// Where the fit spends each frame, its band and its points' intervals: in the run the plots draw
        /// the fits of alone, since the bootstrap behind it takes a moment per fit.
        var headroom: Headroom?

        private enum CodingKeys: String, CodingKey { case slopeText, interceptText, xUnitPlural, headroom }

        func encode(to encoder: any Encoder) throws {
            try fit.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(headroom, forKey: .headroom)
            try container.encode(fit.xUnitPlural, forKey: .xUnitPlural)
            let isTime = fit.yUnit == MeasurementRecord.nanoseconds
            try container.encode(isTime ? FigureText.duration(fit.slope) : FigureText.number(fit.slope), forKey: .slopeText)
            try container.encode(
                isTime ? FigureText.duration(fit.intercept) : FigureText.number(fit.intercept), forKey: .interceptText)
        }
    }

    /// A fit's headroom as the plots read it: `±∞` crossings are written `null`, with their text.
    struct Headroom: Encodable {
        struct Crossing: Encodable {
            var hertz: Int
            var budget: Double
            var budgetText: String
            @ExplicitNull var estimate: Double?
            @ExplicitNull var lower: Double?
            @ExplicitNull var upper: Double?
            var finding: String
            var text: String

            init(_ crossing: BudgetCrossing) {
                let finite = { (value: Double?) in value.flatMap { $0.isFinite ? $0 : nil } }
                hertz = crossing.budget.hertz
                budget = crossing.budget.nanoseconds
                budgetText = FigureText.duration(crossing.budget.nanoseconds)
                estimate = finite(crossing.estimate)
                lower = finite(crossing.interval?.lower)
                upper = finite(crossing.interval?.upper)
                finding = crossing.finding.rawValue
                text = crossing.text
            }
        }

        struct Point: Encodable {
            var x: Double
            var y: Double
            @ExplicitNull var lower: Double?
            @ExplicitNull var upper: Double?

            init(x: Double, y: Double, interval: ConfidenceInterval?) {
                self.x = x
                self.y = y
                lower = interval?.lower
                upper = interval?.upper
            }
        }

        var crossings: [Crossing]
        var band: [CurveHeadroom.BandPoint]
        var points: [Point]
        /// How far the band goes: 10× the largest N measured, as far as a crossing is extrapolated.
        var horizon: Double

        init(_ headroom: CurveHeadroom, in results: ResultsFile) {
            crossings = headroom.crossings.map(Crossing.init)
            // Every curve has a crossing for each reported frame, all over the same sizes measured.
            horizon = headroom.crossings[0].extrapolationLimit
            band = headroom.band
            points = headroom.fit.points.map { point in
                Point(x: point.x, y: point.y, interval: results.measurement(of: point, in: headroom.fit)?.summary.medianInterval)
            }
        }
    }

    struct Limit: Encodable {
        var id: String
        var metric: String
        @ExplicitNull var strategy: FigureStrategy?
        var comparison: Comparison
        var symbol: String
        @ExplicitNull var threshold: Double?
        var unit: LimitUnit
        @ExplicitNull var thresholdText: String?
        var verdict: LimitOutcome

        init(_ judgement: LimitJudgement) {
            let limit = judgement.limit
            id = limit.id
            metric = limit.metric
            strategy = limit.strategy
            comparison = limit.comparison
            symbol = limit.comparison.symbol
            threshold = limit.threshold
            unit = limit.unit
            thresholdText = limit.threshold.map { FigureText.threshold($0, unit: limit.unit) }
            verdict = judgement.verdict
        }
    }

    struct Run: Encodable {
        var file: String
        var environment: MachineEnvironment
        var mode: String
        var tree: String
        var measurements: [Estimate]
        var fits: [Fit]
        var limits: [Limit]
        var decision: Decision
    }

    struct ChangePoint: Encodable {
        var name: String
        var strategy: FigureStrategy
        var run: Int
        var since: Int
        var before: Double
        var after: Double
        var ratio: Double
        var pValue: Double
        /// Whether a step between the two runs says so too.
        var steppedPairwise: Bool
        var text: String

        init(_ point: HistoryChangePoint, steps: HistorySteps) {
            name = point.key.name
            strategy = point.key.strategy
            run = point.run
            since = point.since
            before = point.before
            after = point.after
            ratio = point.ratio
            pValue = point.pValue
            steppedPairwise = steps.steps.contains { $0.basis != .instructions && $0.key == point.key && $0.run == point.run }
            text = point.changeText
        }
    }

    struct Step: Encodable {
        var name: String
        var strategy: FigureStrategy
        var basis: ComparisonBasis
        var verdict: ComparisonVerdict
        var run: Int
        var since: Int
        var file: String
        var commit: String
        var sinceFile: String
        var sinceCommit: String
        var before: Double
        var after: Double
        var ratio: Double
        @ExplicitNull var lower: Double?
        @ExplicitNull var upper: Double?
        var beforeText: String
        var afterText: String
        var text: String

        init(_ step: HistoryStep, in history: History) {
            name = step.key.name
            strategy = step.key.strategy
            basis = step.basis
            verdict = step.verdict
            run = step.run
            since = step.since
            file = history.runs[step.run].file
            commit = history.runs[step.run].results.environment.commit
            sinceFile = history.runs[step.since].file
            sinceCommit = history.runs[step.since].results.environment.commit
            before = step.before
            after = step.after
            ratio = step.ratio
            lower = step.ratioInterval?.lower
            upper = step.ratioInterval?.upper
            beforeText = step.figureText(step.before)
            afterText = step.figureText(step.after)
            text = step.changeText
        }
    }

    struct Break: Encodable {
        var run: Int
        var since: Int
        var file: String
        var commit: String
        var basis: ComparisonBasis
        var field: String
        var text: String

        init(_ gap: HistoryBreak, in history: History) {
            run = gap.run
            since = gap.since
            file = history.runs[gap.run].file
            commit = history.runs[gap.run].results.environment.commit
            basis = gap.basis
            field = gap.field
            text = gap.text
        }
    }

    var schema = currentSchema
    var measurements: [Measurement]
    /// The measurement whose every sample the plots draw, against the limit judged on it: the tracked
    /// phase read (`KeyMeasurements.phaseReadTracked`).
    var samplesMeasurement: String
    var limits: [String]
    var strategies: [FigureStrategy]
    /// Each of `strategies`' colour, from the registry in force: the plots draw in them, as the HTML does.
    var colours: [String: String]
    var runs: [Run]
    /// Where each measurement shown stepped between comparable runs.
    var steps: [Step]
    /// Where each series of wall-time medians changed level (`HistorySteps.changePoints`).
    var changePoints: [ChangePoint]
    /// How they are found, as the tables head their section.
    var changePointsRule: String
    /// What makes a step, as the tables head their section of steps.
    var stepsRule: String
    /// Where a series of comparable runs begins anew, and nothing is claimed across.
    var breaks: [Break]

    init(_ history: History, steps: HistorySteps) {
        self.steps = steps.steps.map { Step($0, in: history) }
        changePoints = steps.changePoints.map { ChangePoint($0, steps: steps) }
        changePointsRule = HistoryTables.changePointsTitle
        stepsRule = HistoryTables.stepsRule(steps.rule)
        breaks = steps.breaks.map { Break($0, in: history) }
        samplesMeasurement = KeyMeasurements.phaseReadTracked
        measurements = history.names.map {
            Measurement(name: $0, strategies: history.strategies($0), shapesOverStored: history.shapesOverStored($0))
        }
        limits = history.limitIDs
        strategies = FigureStrategy.allCases.filter { strategy in
            history.runs.contains { $0.results.measurements.contains { $0.strategy == strategy } }
        }
        colours = Dictionary(uniqueKeysWithValues: strategies.map { ($0.rawValue, ShapeRegistry.current.colour(of: $0)) })
        let included = Set(history.names + [samplesMeasurement])
        // The run whose fits the plots draw: the newest full run with fits, else the newest with any.
        let withFits = history.runs.indices.filter { !history.runs[$0].results.fits.isEmpty }
        let drawn = withFits.last { history.runs[$0].mode == "full" } ?? withFits.last
        runs = history.runs.enumerated().map { index, run in
            Run(
                file: run.file, environment: run.results.environment, mode: run.mode, tree: run.tree,
                measurements: run.results.measurements.filter { included.contains($0.name) }.map(Estimate.init),
                fits: run.results.fits.map { fit in
                    Fit(fit: fit, headroom: index == drawn ? Headroom(CurveHeadroom(fit, in: run.results), in: run.results) : nil)
                },
                limits: run.results.limits.map(Limit.init), decision: run.results.decision)
        }
    }

    /// The document's text: sorted keys, pretty printed, ending with a newline.
    ///
    /// - Throws: `EncodingError` for a non-finite figure, which JSON cannot hold.
    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
