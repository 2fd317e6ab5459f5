import Testing

@testable import BenchTool

/// The bisection's search over made-up count histories: where it says counts moved, how it groups and
/// names them, and how few commits it probes.
struct CountBisectionTests {
    private static let read = MeasurementKey(name: "phase.read.tracked(largest-strict)", strategy: .derived)
    private static let land = MeasurementKey(name: "commit.field-errors.land(largest-strict, 1 handle)", strategy: .root)
    private static let threshold = ComparisonRule.defaultInstructionsThreshold
    /// A move well beyond the threshold, and one well within it.
    private static let up = 1 + threshold * 10
    private static let within = 1 + threshold / 4

    /// Counts over `length` commits `c0`...: each measurement starts at a million and is multiplied by a
    /// factor at each commit named; a skipped commit answers `nil`, and a measurement is missing where
    /// named.
    private struct Counts {
        var length: Int
        var moves: [MeasurementKey: [Int: Double]]
        var skipped: Set<Int> = []
        var missing: [MeasurementKey: Set<Int>] = [:]

        var commits: [String] { (0..<length).map { "c\($0)" } }

        func count(_ measurement: MeasurementKey, at index: Int) -> Double {
            (moves[measurement] ?? [:]).filter { $0.key <= index }.values.reduce(1_000_000, *)
        }

        func answer(_ commit: String) -> [MeasurementKey: Double]? {
            let index = Int(commit.dropFirst())!
            guard !skipped.contains(index) else { return nil }
            var answer: [MeasurementKey: Double] = [:]
            for measurement in moves.keys where missing[measurement]?.contains(index) != true {
                answer[measurement] = count(measurement, at: index)
            }
            return answer
        }
    }

    /// Searches `counts` for `measurements`, and expects no commit probed twice.
    private func search(_ counts: Counts, _ measurements: [MeasurementKey]) -> (CountBisection, probes: [String]) {
        var probes: [String] = []
        let bisection = CountBisection.search(commits: counts.commits, measurements: measurements, threshold: Self.threshold) { commit in
            probes.append(commit)
            return counts.answer(commit)
        }
        #expect(Set(probes).count == probes.count, "a commit probed twice: \(probes)")
        #expect(bisection.probed == probes)
        return (bisection, probes)
    }

    // MARK: - One measurement

    @Test(arguments: 1..<16)
    func oneStepIsFoundAtItsCommitInLogarithmicallyManyProbes(at culprit: Int) throws {
        let counts = Counts(length: 16, moves: [Self.read: [culprit: Self.up]])
        let (bisection, probes) = search(counts, [Self.read])
        #expect(bisection.steps.map(\.candidates) == [["c\(culprit)"]])
        let move = try #require(bisection.steps.first?.moves.first)
        #expect(move.measurement == Self.read && move.verdict == .slower)
        #expect(move.since == "c\(culprit - 1)" && move.until == "c\(culprit)")
        #expect(move.before == 1_000_000 && move.after == 1_000_000 * Self.up)
        #expect(bisection.course(Self.read)?.kind == .stepped)
        // GOOD, BAD and a binary search of the 14 commits between: at most 2 + ⌈log2 15⌉.
        #expect(probes.count <= 6, "\(probes)")
    }

    @Test func twoStepsOfOneMeasurementAreBothFound() {
        let counts = Counts(length: 16, moves: [Self.read: [4: Self.up, 12: Self.up]])
        let (bisection, _) = search(counts, [Self.read])
        #expect(bisection.steps.map(\.candidates) == [["c4"], ["c12"]])
        #expect(bisection.course(Self.read)?.kind == .stepped && bisection.course(Self.read)?.moves.count == 2)
    }

    @Test func aMoveWithinTheThresholdIsNoStep() {
        let counts = Counts(length: 16, moves: [Self.read: [4: Self.within, 12: Self.up]])
        let (bisection, _) = search(counts, [Self.read])
        #expect(bisection.steps.map(\.candidates) == [["c12"]], "the move at c4 is a quarter of the threshold")
    }

    @Test func aCountThatFallsIsAFasterStep() {
        let counts = Counts(length: 8, moves: [Self.read: [5: 1 / Self.up]])
        let (bisection, _) = search(counts, [Self.read])
        #expect(bisection.steps.flatMap(\.moves).map(\.verdict) == [.faster])
    }

    // MARK: - Several measurements

    @Test func twoMeasurementsSteppingAtDifferentCommitsAreTwoSteps() {
        let counts = Counts(length: 16, moves: [Self.read: [3: Self.up], Self.land: [12: 1 / Self.up]])
        let (bisection, _) = search(counts, [Self.read, Self.land])
        #expect(bisection.steps.map(\.candidates) == [["c3"], ["c12"]])
        #expect(bisection.steps.map { $0.moves.map(\.measurement) } == [[Self.read], [Self.land]])
    }

    @Test func twoMeasurementsSteppingAtOneCommitAreOneStep() {
        let counts = Counts(length: 16, moves: [Self.read: [9: Self.up], Self.land: [9: Self.up * Self.up]])
        let (bisection, probes) = search(counts, [Self.read, Self.land])
        #expect(bisection.steps.count == 1)
        #expect(bisection.steps.first?.candidates == ["c9"])
        #expect(bisection.steps.first?.moves.map(\.measurement) == [Self.read, Self.land], "in the order asked")
        #expect(probes.count <= 6, "the second measurement's search is already done by the first's probes: \(probes)")
    }

    // MARK: - Skips

    @Test func aSkippedCommitNextToTheCulpritIsACandidate() {
        let counts = Counts(length: 16, moves: [Self.read: [10: Self.up]], skipped: [9])
        let (bisection, _) = search(counts, [Self.read])
        #expect(bisection.steps.map(\.candidates) == [["c9", "c10"]], "c9 did not build, so either may have made the move")
        #expect(bisection.steps.first?.isOneCommit == false)
        #expect(bisection.steps.first?.moves.first?.since == "c8")
        #expect(bisection.skipped == ["c9"])
    }

    @Test func aCommitThatLacksOneMeasurementIsSkippedForThatOneAlone() {
        let counts = Counts(length: 16, moves: [Self.read: [10: Self.up], Self.land: [10: Self.up]], missing: [Self.land: [9]])
        let (bisection, _) = search(counts, [Self.read, Self.land])
        #expect(bisection.steps.map(\.candidates) == [["c9", "c10"], ["c10"]], "oldest first candidate first")
        #expect(bisection.steps.first { $0.candidates == ["c10"] }?.moves.map(\.measurement) == [Self.read])
        #expect(bisection.steps.first { $0.candidates == ["c9", "c10"] }?.moves.map(\.measurement) == [Self.land])
        #expect(bisection.skipped.isEmpty, "c9 built and counted the read")
    }

    @Test func aRunOfSkippedCommitsNamesEveryOne() {
        let counts = Counts(length: 16, moves: [Self.read: [7: Self.up]], skipped: [5, 6, 7])
        let (bisection, _) = search(counts, [Self.read])
        #expect(bisection.steps.map(\.candidates) == [["c5", "c6", "c7", "c8"]])
    }

    // MARK: - Courses

    @Test func aCountThatMovesUpThenBackDownIsSaidToMoveBackAndForth() {
        let counts = Counts(length: 16, moves: [Self.read: [4: Self.up, 11: 1 / (1 + Self.threshold * 5)]])
        let (bisection, _) = search(counts, [Self.read])
        #expect(bisection.steps.map(\.candidates) == [["c4"], ["c11"]])
        #expect(bisection.course(Self.read)?.kind == .movedBackAndForth)
        #expect(bisection.course(Self.read)?.moves.map(\.verdict) == [.slower, .faster])
        #expect(bisection.course(Self.read)?.seenBetweenAgreeingEnds == false, "GOOD and BAD differ: the search looked")
    }

    @Test func aRoundTripBetweenAgreeingEndsIsNotLookedFor() {
        let counts = Counts(length: 16, moves: [Self.read: [5: Self.up, 11: 1 / Self.up]])
        let (bisection, probes) = search(counts, [Self.read])
        #expect(probes == ["c0", "c15"], "GOOD and BAD agree: nothing to search between them")
        #expect(bisection.steps.isEmpty && bisection.course(Self.read)?.kind == .unchanged)
    }

    @Test func aRoundTripThatAnotherSearchsProbeLandsInIsFoundAndSaidSo() {
        // The land's step at c7 is probed first, and lands inside the read's round trip.
        let counts = Counts(length: 16, moves: [Self.read: [5: Self.up, 11: 1 / Self.up], Self.land: [7: Self.up]])
        let (bisection, probes) = search(counts, [Self.land, Self.read])
        #expect(probes.prefix(3) == ["c0", "c15", "c7"])
        let course = bisection.course(Self.read)
        #expect(course?.kind == .movedBackAndForth && course?.seenBetweenAgreeingEnds == true)
        #expect(course?.moves.map(\.until) == ["c5", "c11"])
        #expect(bisection.steps.map(\.candidates) == [["c5"], ["c7"], ["c11"]])
    }

    @Test func nothingMovedIsTwoProbesAndNoStep() {
        let counts = Counts(length: 16, moves: [Self.read: [:], Self.land: [3: Self.within]])
        let (bisection, probes) = search(counts, [Self.read, Self.land])
        #expect(probes == ["c0", "c15"])
        #expect(bisection.steps.isEmpty)
        #expect(bisection.courses.map(\.kind) == [.unchanged, .unchanged])
    }

    @Test func smallMovesAtManyCommitsAreADriftNotAStep() {
        let creep = 1 + Self.threshold / 2
        let counts = Counts(length: 16, moves: [Self.read: Dictionary(uniqueKeysWithValues: (1..<16).map { ($0, creep) })])
        let (bisection, _) = search(counts, [Self.read])
        #expect(bisection.steps.isEmpty)
        #expect(bisection.course(Self.read)?.kind == .drifted)
    }

    @Test func aMeasurementBADDoesNotCountIsNotSearched() {
        let counts = Counts(length: 16, moves: [Self.read: [3: Self.up], Self.land: [3: Self.up]], missing: [Self.land: [15]])
        let (bisection, _) = search(counts, [Self.land, Self.read])
        #expect(bisection.course(Self.land)?.kind == .notCounted && bisection.course(Self.land)?.bad == nil)
        #expect(bisection.steps.map { $0.moves.map(\.measurement) } == [[Self.read]])
    }
}
