/// When a run looks at its timing limits again, with more forks, and at what level each look judges:
/// declared in the limits file before any run, so that looking more than once cannot buy a pass.
///
/// A run of `forks[0]` forks whose decision waits on an undecided limit measures more forks of the
/// measurements the limits read, up to the next count of the schedule, and judges again on all of
/// them; a run of another count looks once.
///
/// Version 5 declares the error of the decision, `"looks": {"forks": [8, 16, 32], "wrongShip": 0.025,
/// "spending": [0.48, 0.26, 0.26]}`: `wrongShip` is the chance, over every shape and every look, that
/// the decision ships a shape which truly breaches one of its timing limits. A shape ships only when
/// all of its limits pass, so one that breaches a limit ships wrongly only when that limit passes
/// wrongly: the budget is shared evenly by the shapes that have timing limits, not by their limits,
/// and each shape's share is spent over the looks as `spending` says. A look's interval is two-sided
/// at `1 - 2 × share × spending[look]`, and a pass needs all of it within the threshold, so only its
/// one end errs; by Bonferroni's inequality the wrong ships over all shapes and looks add up to at
/// most `wrongShip`, however the looks' figures depend on each other. `DecisionCalibrationTests`
/// measures it by resampling real forks through the judge.
///
/// Version 4 wrote `"looks": {"forks": [8, 16, 32], "level": 0.95}`: every look of every limit at
/// `1 - (1 - level) / forks.count`, a budget per limit rather than per decision (`SequentialLooksTests`).
struct LookSchedule: Sendable, Equatable, Codable {
    /// The fork counts of the looks, rising; the first is the run's own.
    var forks: [Int]
    /// Version 4: the confidence of one limit over all its looks; nil from version 5.
    var level: Double?
    /// Version 5: the chance over all shapes and looks of shipping a shape that truly breaches a
    /// timing limit; nil before.
    var wrongShip: Double?
    /// Version 5: the share of a shape's budget each look spends, one for each count of `forks`,
    /// adding up to at most 1; nil before.
    var spending: [Double]?

    /// A version 4 schedule; `LimitsFile` checks a file's schedule before making one.
    init(forks: [Int], level: Double) {
        self.forks = forks
        self.level = level
    }

    /// A version 5 schedule: the decision's budget, and how each shape spends its share over the looks.
    init(forks: [Int], wrongShip: Double, spending: [Double]) {
        self.forks = forks
        self.wrongShip = wrongShip
        self.spending = spending
    }

    /// How many shapes share the decision's budget: those of the preference with a timing limit (a
    /// count is exact, and errs never). At least 1.
    static func shapesSharingTheBudget(limits: [Limit], shapes: ShapePreference?) -> Int {
        let timed = Set(limits.filter(\.isTiming).map(\.shape))
        return max(1, (shapes?.preference ?? [.derived]).filter { timed.contains($0) }.count)
    }

    /// Whether the budget is the decision's (version 5), shared by shapes and spent over looks.
    var budgetsTheDecision: Bool { wrongShip != nil }

    /// Version 4's level of every look: the overall level's error shared out evenly over the looks.
    var lookLevel: Double { 1 - (1 - (level ?? 0.95)) / Double(forks.count) }

    /// The two-sided level of an interval judged on `forks` forks, for a limit of a shape that shares
    /// the decision's budget with `shapes - 1` others.
    ///
    /// Version 5: `1 - 2 × wrongShip / shapes × spending[look]` at a count of the schedule, and the
    /// shape's whole share, `1 - 2 × wrongShip / shapes`, at a count it does not name, which looks
    /// once. Version 4: `lookLevel`, whatever the count.
    func level(forks count: Int, shapes: Int) -> Double {
        guard let wrongShip, let spending else { return lookLevel }
        let share = wrongShip / Double(max(1, shapes))
        let spent = forks.firstIndex(of: count).map { spending[$0] } ?? 1
        return 1 - 2 * share * spent
    }

    /// The fork count of the look after one made at `forks`; nil when `forks` is not a look of the
    /// schedule, or is its last.
    func forks(after forks: Int) -> Int? {
        guard let index = self.forks.firstIndex(of: forks), index + 1 < self.forks.count else { return nil }
        return self.forks[index + 1]
    }

    /// Whether a limit judged on `count` forks has had its last look: no look of the schedule follows.
    func isLast(forks count: Int) -> Bool { forks(after: count) == nil }

    /// The rule in words, for reports and the help; `shapes` is how many share the decision's budget.
    func description(shapes: Int) -> String {
        let counts = forks.map(String.init).joined(separator: ", ")
        guard let wrongShip, let spending else {
            return "looks at \(counts) forks, each judged at "
                + "\(FigureText.perOperation(lookLevel * 100))% so that all together hold \(FigureText.perOperation((level ?? 0.95) * 100))%"
        }
        let share = wrongShip / Double(max(1, shapes))
        let levels = forks.map { FigureText.perOperation(level(forks: $0, shapes: shapes) * 100) + "%" }
        return "looks at \(counts) forks; a wrong ship at most \(FigureText.perOperation(wrongShip * 100))% over "
            + "\(shapes) shapes and every look, \(FigureText.perOperation(share * 100))% a shape spent "
            + spending.map { FigureText.perOperation($0 * share * 100) + "%" }.joined(separator: ", ")
            + " over the looks (intervals at \(levels.joined(separator: ", ")))"
    }
}
