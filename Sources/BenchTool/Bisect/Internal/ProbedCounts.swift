/// What a bisection has learnt so far: each probed commit's counts, or that it was skipped, by its
/// position in the first-parent list.
struct ProbedCounts {
    let commits: [String]
    /// Counts by position, for every commit the probe counted.
    private(set) var counts: [Int: [MeasurementKey: Double]] = [:]
    /// Positions the probe skipped.
    private(set) var skipped: Set<Int> = []
    /// Positions probed, in the order probed.
    private(set) var order: [Int] = []

    init(commits: [String]) {
        self.commits = commits
    }

    /// Probes the commit at `index` unless it was probed already.
    mutating func count<Failure: Error>(_ index: Int, _ probe: (String) throws(Failure) -> [MeasurementKey: Double]?) throws(Failure) {
        guard counts[index] == nil, !skipped.contains(index) else { return }
        order.append(index)
        if let answer = try probe(commits[index]) {
            counts[index] = answer
        } else {
            skipped.insert(index)
        }
    }

    /// The positions counted with `measurement`, oldest first.
    func counted(_ measurement: MeasurementKey) -> [Int] {
        counts.filter { $0.value[measurement] != nil }.keys.sorted()
    }

    /// The next commit to probe for `measurement`: the one nearest the middle of the oldest pair of
    /// neighbouring counted commits that differ beyond `threshold` and have a commit never probed
    /// between them; `nil` when every such pair is narrowed as far as probing can.
    func nextToProbe(_ measurement: MeasurementKey, threshold: Double) -> Int? {
        let known = counted(measurement)
        guard known.first == 0, known.last == commits.count - 1 else { return nil }
        for (earlier, later) in zip(known, known.dropFirst()) {
            guard CountBisection.move(from: counts[earlier]![measurement]!, to: counts[later]![measurement]!, threshold: threshold) != nil
            else { continue }
            let middle = (earlier + later) / 2
            // Ties go to the older commit; skipped commits and commits counted without this measurement
            // have answered already.
            let unprobed = (earlier + 1..<later).filter { counts[$0] == nil && !skipped.contains($0) }
            if let nearest = unprobed.min(by: { (abs($0 - middle), $0) < (abs($1 - middle), $1) }) { return nearest }
        }
        return nil
    }

    /// What `measurement` did, from the commits counted.
    func course(_ measurement: MeasurementKey, threshold: Double) -> CountCourse {
        let known = counted(measurement)
        let value = { (index: Int) in self.counts[index]![measurement]! }
        guard known.first == 0, known.last == commits.count - 1 else {
            return CountCourse(
                measurement: measurement, good: counts[0]?[measurement], bad: counts[commits.count - 1]?[measurement], kind: .notCounted,
                moves: [], seenBetweenAgreeingEnds: false)
        }
        let moves = zip(known, known.dropFirst()).compactMap { earlier, later -> CountMove? in
            CountBisection.move(from: value(earlier), to: value(later), threshold: threshold).map {
                CountMove(
                    measurement: measurement, verdict: $0, since: commits[earlier], before: value(earlier), until: commits[later],
                    after: value(later))
            }
        }
        let (good, bad) = (value(0), value(commits.count - 1))
        let endsAgree = CountBisection.move(from: good, to: bad, threshold: threshold) == nil
        let kind: CountCourse.Kind =
            if moves.isEmpty { endsAgree ? .unchanged : .drifted }
            else if Set(moves.map(\.verdict)).count > 1 { .movedBackAndForth }
            else { .stepped }
        return CountCourse(
            measurement: measurement, good: good, bad: bad, kind: kind, moves: moves, seenBetweenAgreeingEnds: endsAgree && !moves.isEmpty)
    }
}
