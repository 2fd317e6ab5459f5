/// The options of `bench compare OLD NEW`, as `CompareOption.all` declares them.
struct CompareOptions: Sendable, Equatable {
    /// The baseline results file.
    var oldPath: String
    /// The results file judged against it.
    var newPath: String
    /// The rule, with the thresholds given.
    var rule: ComparisonRule
    /// Exit 1 when there is a regression.
    var failOnRegression: Bool
    /// How the comparison is printed.
    var format: ReportFormat
    /// Whether counts that moved at the fixed seed, in files that lack their spread, are counted under
    /// other hash seeds by the builds of the two files where they are at hand (`SeedNeeds`); off,
    /// the files are compared as recorded.
    var countsSeeds: Bool = true
    /// Where to write the comparison as JSON too, beside the report in `format`; `nil` writes none.
    /// One comparison then serves both, where the release gate would otherwise make it twice.
    var jsonPath: String?

    /// Options for OLD and NEW as given, not yet read; the parser starts from the default rule,
    /// `failOnRegression` off and text, then reads `CompareOption.all` into them.
    init(oldPath: String, newPath: String, rule: ComparisonRule, failOnRegression: Bool, format: ReportFormat) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.rule = rule
        self.failOnRegression = failOnRegression
        self.format = format
    }
}
